import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADJECTIVES as DEMO_ADJECTIVES, TAGS as DEMO_TAGS } from "../src/seed/demo-data.js";

/**
 * The corpus `pnpm bench:search` judges the search on: the planted listings of search-judgements.json among about
 * 2,400 generated ones with varied titles, taglines, descriptions, tags, series and creators. The generated words
 * never hold a planted listing's own (so a judged query's relevant listings are known), but share the common ones
 * (pirate, hunter, rogue, midnight, mystery, historical…), and their titles combine adjectives and roles so that
 * two-word queries over them have several right answers (`titleWords` judgements). Deterministic.
 */

export interface CorpusListing {
  key: string;
  title: string;
  tagline: string | null;
  description: string | null;
  tags: string[];
  series: string | null;
  nsfw: boolean;
  popular: number;
  /** Days before now. */
  ageDays: number;
  creator: string;
}

export interface CorpusCreator {
  key: string;
  nickname?: string;
  firstName?: string;
  lastName?: string;
}

export interface Judgement {
  kind: string;
  q: string;
  relevant?: string[];
  titleWords?: string[];
}

interface JudgementsFile {
  creators: Record<string, Omit<CorpusCreator, "key">>;
  listings: Record<string, Omit<CorpusListing, "key" | "series" | "nsfw" | "popular" | "ageDays">>;
  queries: Judgement[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const judgementsFile = (): JudgementsFile =>
  JSON.parse(readFileSync(path.join(here, "search-judgements.json"), "utf8")) as JudgementsFile;

// The demo gallery's adjectives and four more (the corpus and its judgements depend on this order).
const ADJECTIVES = [...DEMO_ADJECTIVES, "Scarlet", "Azure", "Ashen", "Wild"];
const ROLES = [
  "Mercenary",
  "Librarian",
  "Pirate Captain",
  "Alchemist",
  "Ronin",
  "Oracle",
  "Barista",
  "Bard",
  "Android",
  "Ranger",
  "Healer",
  "Smuggler",
  "Courier",
  "Hunter",
  "Sorcerer",
  "Duelist",
  "Gardener",
  "Scholar",
  "Tinkerer",
  "Monk",
];
const NAMES = ["Aria", "Kai", "Luna", "Milo", "Nova", "Orion", "Theo", "Vera", "Zane", "Iris", "Jude", "Mira", "Rex"];
const LAST_NAMES = ["Hart", "Vale", "Stone", "Reyes", "Wilde", "Cross", "Lin", "Moreau", "Sato", "Novak", "Price"];
const PLACES = [
  "Hollowmere",
  "the Amber Coast",
  "the Glass Desert",
  "Port Verity",
  "the Sunken Archive",
  "Emberfall",
  "the Northern Reach",
  "Copperline",
  "the Silent Valley",
  "Duskhaven",
];
const DEEDS = [
  "keeps a secret ledger",
  "dreams of distant lands",
  "collects forbidden books",
  "owes a debt to the wrong people",
  "is looking for a worthy apprentice",
  "never loses a bet",
  "writes letters nobody answers",
  "guards an old promise",
  "sells maps to places that do not exist",
  "hums the same song every evening",
];
const TAGLINES = [
  "Trust is earned, not given",
  "One more job, then I retire",
  "Ask me anything, just not twice",
  "Your favourite regular",
  "Trouble follows, I lead",
  "Every road leads home eventually",
  "Quiet, clever and a little dangerous",
  "I remember everything",
];
// The demo gallery's tags but "cyberpunk" (a planted listing's own word) and one more (the corpus depends on this order).
const TAGS = [...DEMO_TAGS.filter((tag) => tag !== "cyberpunk"), "found family"];
const SERIES = ["Chronicles of Amber", "Neon Nights", "The Lost Court", "Hollow Crown"];

/** mulberry32: a small deterministic generator. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const GENERATED_LISTINGS = 2400;
const GENERATED_CREATORS = 150;

export function buildCorpus(): { creators: CorpusCreator[]; listings: CorpusListing[]; queries: Judgement[] } {
  const next = random(39);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  // Popularity Zipf-like: a few listings are clicked a lot, most little.
  const popularity = () => Math.floor(1000 / (1 + Math.floor(next() * 400)));
  const file = judgementsFile();
  const creators: CorpusCreator[] = Object.entries(file.creators).map(([key, names]) => ({ key, ...names }));
  for (let i = 0; i < GENERATED_CREATORS; i++) {
    const first = pick(NAMES);
    const last = pick(LAST_NAMES);
    creators.push(
      i % 3 === 0
        ? { key: `g${i}`, firstName: first, lastName: last }
        : { key: `g${i}`, nickname: `${first}${last}${i}` },
    );
  }
  const listings: CorpusListing[] = Object.entries(file.listings).map(([key, listing]) => ({
    key,
    ...listing,
    series: null,
    nsfw: false,
    popular: popularity(),
    ageDays: Math.floor(next() * 365),
  }));
  for (let i = 0; i < GENERATED_LISTINGS; i++) {
    const adjective = pick(ADJECTIVES);
    const role = pick(ROLES);
    const form = next();
    const title =
      form < 0.5
        ? `${adjective} ${role}`
        : form < 0.8
          ? `${pick(NAMES)} the ${adjective} ${role}`
          : `${role} of ${pick(PLACES)}`;
    const tags = [...new Set([pick(TAGS), pick(TAGS), ...(next() < 0.4 ? [pick(TAGS)] : [])])];
    listings.push({
      key: `gen-${i}`,
      title,
      tagline: next() < 0.7 ? pick(TAGLINES) : null,
      description:
        next() < 0.8
          ? `A ${pick(ADJECTIVES).toLowerCase()} ${role.toLowerCase()} from ${pick(PLACES)} who ${pick(DEEDS)}.${
              next() < 0.5 ? ` Rumour says they ${pick(DEEDS)}.` : ""
            }`
          : null,
      tags,
      series: next() < 0.1 ? pick(SERIES) : null,
      nsfw: next() < 0.2,
      popular: popularity(),
      ageDays: Math.floor(next() * 365),
      creator: `g${Math.floor(next() ** 2 * GENERATED_CREATORS)}`,
    });
  }
  return { creators, listings, queries: file.queries };
}

/** The listings a judgement says a visitor's search should find (SFW ones: the bench searches as a visitor). */
export function relevantFor(judgement: Judgement, listings: CorpusListing[]): Set<string> {
  if (judgement.relevant) return new Set(judgement.relevant);
  const words = judgement.titleWords ?? [];
  return new Set(
    listings
      .filter((listing) => !listing.nsfw)
      .filter((listing) => {
        const title = listing.title.toLowerCase().split(/[^a-z0-9]+/);
        return words.every((word) => title.includes(word));
      })
      .map((listing) => listing.key),
  );
}
