import { z } from "zod";

/** What a person reads when a character card cannot be imported (web and api alike). */
export const CHARACTER_CARD_MESSAGES = {
  unreadable:
    "This file is not a character card: choose a Tavern card (a PNG with character data, spec V2 or V3), its JSON file or a CHARX file.",
  tooLarge: "A character card must be less than 5MB.",
  /** The card took longer than its time (or memory) budget to read: a corrupt or hostile file. */
  tooComplex: "This character card could not be read in time: it may be damaged. Export it again and retry.",
  /** Every card reader is busy and the queue is full: the server reads only a few cards at once. */
  busy: "Too many character cards are being read right now. Please try again in a moment.",
} as const;

/** The files a card comes as: a PNG with its data embedded, the JSON alone, or a CHARX zip (V3). */
export const CHARACTER_CARD_ACCEPT = "image/png,application/json,.png,.json,.charx";

/**
 * The card's fields that make its prompt (the character's definition): never offered as a listing's text (issue 39
 * §2). An import names those it left out, so the creator knows they stay private.
 */
export const CARD_PRIVATE_FIELDS = [
  "description",
  "personality",
  "scenario",
  "firstMessage",
  "alternateGreetings",
  "exampleMessages",
  "systemPrompt",
  "postHistoryInstructions",
  "lorebook",
] as const;
export type CardPrivateField = (typeof CARD_PRIVATE_FIELDS)[number];

/** Each left-out field as a person reads it in a list ("the personality, scenario and first message"). */
export const CARD_PRIVATE_FIELD_LABELS: Record<CardPrivateField, string> = {
  description: "the card's description (the character's definition)",
  personality: "personality",
  scenario: "scenario",
  firstMessage: "first message",
  alternateGreetings: "alternate greetings",
  exampleMessages: "example messages",
  systemPrompt: "system prompt",
  postHistoryInstructions: "post-history instructions",
  lorebook: "lorebook",
};

/** Where an imported listing's description came from: the creator's notes, else the description's first paragraph that is not a definition. */
export const CARD_DESCRIPTION_SOURCES = ["creatorNotes", "description"] as const;
export type CardDescriptionSource = (typeof CARD_DESCRIPTION_SOURCES)[number];

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What an import took and left out, in the sentences the import dialog shows the creator (and the API's docs
 * describe): where the description came from, and the card's fields that stay private.
 */
export function cardImportSummary(card: {
  descriptionFrom: CardDescriptionSource | null;
  leftOut: readonly CardPrivateField[];
}): string[] {
  const taken =
    card.descriptionFrom === "creatorNotes"
      ? "The description is the card's creator notes."
      : card.descriptionFrom === "description"
        ? "The description is the first paragraph of the card's description that is not part of the character's definition."
        : "The card has no creator notes or public description: write the description yourself.";
  if (card.leftOut.length === 0) return [taken];
  const labels = card.leftOut.map((field) =>
    field === "description" && card.descriptionFrom === "description"
      ? "the rest of the card's description"
      : CARD_PRIVATE_FIELD_LABELS[field],
  );
  return [taken, `Left out, so that the character's prompt stays private: ${listed(labels)}.`];
}

/**
 * A character card read into a new listing's fields, each already within the listing's limits, for the creator
 * to check and save. `picture` is the card's art (a PNG card only) as a data URL. The prompt (the character's
 * definition, its messages and instructions) is never offered: `leftOut` names the fields that had some.
 */
export const characterCardImportSchema = z
  .object({
    spec: z
      .enum(["v1", "v2", "v3"])
      .meta({ description: "The card's spec: V1 (flat JSON), V2 or V3 (a CHARX card is V3)." }),
    title: z.string().meta({ description: "The character's name (empty when the card has none)." }),
    tagline: z.string().nullable().meta({ description: "The first line of the creator's notes." }),
    description: z.string().nullable().meta({
      description:
        "The listing's description, as plain text: the card's creator notes, else the first paragraph of its description that is not part of the character's definition (W++ or JSON blocks, dialogue lines, 'Personality:' style lines); null when it has neither.",
    }),
    descriptionFrom: z.enum(CARD_DESCRIPTION_SOURCES).nullable().meta({
      description: "Where `description` came from: the card's creator notes or its description; null when empty.",
    }),
    leftOut: z.array(z.enum(CARD_PRIVATE_FIELDS)).meta({
      description:
        "The card's fields with content that were not offered, so the character's prompt stays private (description: the whole description, or the rest of it when `descriptionFrom` is description).",
    }),
    tags: z.array(z.string()).meta({ description: "The card's tags, within the listing's limits." }),
    picture: z.string().nullable().meta({
      description:
        "A PNG card's art as a data: URL (image/png), or a CHARX card's main icon (image/png, image/jpeg or image/webp), to send as the listing's image; null for JSON.",
    }),
  })
  .meta({ id: "CharacterCardImport" });
export type CharacterCardImport = z.infer<typeof characterCardImportSchema>;
