/** Words the demo gallery is made of: enough variety that browsing and search feel real. */
export const FIRST_NAMES = ["Aria", "Kai", "Luna", "Milo", "Nova", "Orion", "Sage", "Theo", "Vera", "Zane", "Iris", "Jude", "Mira", "Rex", "Skye", "Ezra"];
export const LAST_NAMES = ["Hart", "Vale", "Stone", "Reyes", "Frost", "Wilde", "Cross", "Lin", "Moreau", "Okafor", "Sato", "Novak"];
export const ADJECTIVES = ["Shadow", "Crimson", "Silver", "Midnight", "Velvet", "Iron", "Golden", "Wandering", "Frozen", "Hidden", "Stormborn", "Gentle", "Rogue", "Celestial", "Haunted", "Clockwork"];
export const ROLES = ["Knight", "Witch", "Detective", "Pirate Captain", "Librarian", "Dragon", "Mercenary", "Princess", "Vampire", "Android", "Bard", "Alchemist", "Ronin", "Oracle", "Barista", "Rival"];
export const SERIES = ["Chronicles of Ember", "Neon Nights", "The Lost Court", "Academy of Stars", "Tidebound", "Hollow Crown", "Café Serenade", "Starship Meridian"];
export const TAGS = ["fantasy", "romance", "sci-fi", "mystery", "adventure", "comedy", "slice of life", "horror", "drama", "action", "historical", "cyberpunk", "wholesome", "villain", "enemies to lovers", "magic", "supernatural", "school"];
export const ABOUTS = [
  "I write character-driven stories with slow-burn arcs.",
  "Fantasy nerd. Every bot has a secret, find it!",
  "Cozy slice-of-life bots for rainy evenings.",
  "Sci-fi worlds with rules you can break.",
];
