import { z } from "zod";

/** What a person reads when a character card cannot be imported (web and api alike). */
export const CHARACTER_CARD_MESSAGES = {
  unreadable:
    "This file is not a character card: choose a Tavern card (a PNG with character data, spec V2 or V3) or its JSON file.",
  tooLarge: "A character card must be less than 5MB.",
  /** The card took longer than its time (or memory) budget to read: a corrupt or hostile file. */
  tooComplex: "This character card could not be read in time: it may be damaged. Export it again and retry.",
  /** Every card reader is busy and the queue is full: the server reads only a few cards at once. */
  busy: "Too many character cards are being read right now. Please try again in a moment.",
} as const;

/** The files a card comes as: a PNG with its data embedded, or the JSON alone. */
export const CHARACTER_CARD_ACCEPT = "image/png,application/json,.png,.json";

/**
 * A character card read into a new listing's fields, each already within the listing's limits, for the creator
 * to check and save. `picture` is the card's art (a PNG card only) as a data URL.
 */
export const characterCardImportSchema = z
  .object({
    spec: z.enum(["v1", "v2", "v3"]).meta({ description: "The card's spec: V1 (flat JSON), V2 or V3." }),
    title: z.string().meta({ description: "The character's name (empty when the card has none)." }),
    tagline: z.string().nullable().meta({ description: "The first line of the creator's notes." }),
    description: z.string().nullable().meta({ description: "The character's description, as plain text." }),
    tags: z.array(z.string()).meta({ description: "The card's tags, within the listing's limits." }),
    picture: z.string().nullable().meta({
      description: "A PNG card's art as a data: URL (image/png), to send as the listing's image; null for JSON.",
    }),
  })
  .meta({ id: "CharacterCardImport" });
export type CharacterCardImport = z.infer<typeof characterCardImportSchema>;
