import {
  CHARACTER_CARD_MESSAGES,
  type CharacterCardImport,
  DESCRIPTION_MAX,
  IMAGE_MAX_BYTES,
  parseTags,
  TAG_MAX,
  TAGLINE_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from "@gallery/schema";
import { decode as decodeText } from "png-chunk-text";
import encodeChunks from "png-chunks-encode";
import extractChunks from "png-chunks-extract";
import { z } from "zod";
import { InvalidError, TooLargeError } from "../errors.js";
import type { Upload } from "../upload.js";

/**
 * Tavern character cards (github.com/malfoyslastname/character-card-spec-v2, kwaroran/character-card-spec-v3):
 * a PNG whose tEXt chunk `ccv3` (V3, preferred when both are there) or `chara` (V2, V1) holds the card as
 * base64 of UTF-8 JSON, or that JSON as a file. V2/V3 put the fields under `data`; V1 is the flat object.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A field of the wrong type counts as missing: real cards are written by many tools. */
const text = z.string().catch("");
const cardFields = z.object({
  name: text,
  description: text,
  creator_notes: text,
  creator_notes_multilingual: z.record(z.string(), z.string()).catch({}),
  tags: z.array(z.unknown()).catch([]),
});
const v1Card = cardFields.extend({ name: z.string() });
const specCard = z.object({
  spec: z.enum(["chara_card_v2", "chara_card_v3"]),
  data: cardFields,
});

type CardFields = z.output<typeof cardFields>;

const notACard = () => new InvalidError(CHARACTER_CARD_MESSAGES.unreadable);

const TEXT_CHUNKS = new Set(["tEXt", "zTXt", "iTXt"]);

/** The card's JSON from a PNG's tEXt chunks (V3 first), and the picture without its text (the card's data). */
function readPng(bytes: Buffer): { json: string; picture: Buffer } {
  let chunks: ReturnType<typeof extractChunks>;
  let texts: Map<string, string>;
  try {
    chunks = extractChunks(bytes);
    texts = new Map(
      chunks
        .filter((chunk) => chunk.name === "tEXt")
        .map((chunk) => {
          const { keyword, text } = decodeText(chunk.data);
          return [keyword.toLowerCase(), text] as const;
        }),
    );
  } catch {
    throw notACard();
  }
  const encoded = texts.get("ccv3") ?? texts.get("chara");
  if (!encoded) throw notACard();
  const picture = Buffer.from(encodeChunks(chunks.filter((chunk) => !TEXT_CHUNKS.has(chunk.name))));
  return { json: Buffer.from(encoded, "base64").toString("utf8"), picture };
}

function parseCard(json: string): { spec: CharacterCardImport["spec"]; fields: CardFields } {
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch {
    throw notACard();
  }
  const withSpec = specCard.safeParse(value);
  if (withSpec.success) {
    return { spec: withSpec.data.spec === "chara_card_v3" ? "v3" : "v2", fields: withSpec.data.data };
  }
  const flat = v1Card.safeParse(value);
  if (flat.success) return { spec: "v1", fields: flat.data };
  throw notACard();
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The text within `max` UTF-16 units (the schemas' measure), cut between characters, with "…" when cut. */
function within(value: string, max: number): string {
  if (value.length <= max) return value;
  let kept = "";
  for (const { segment } of graphemes.segment(value)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}

/** Plain text: cards' notes often carry HTML; the listing shows text only. */
function plain(value: string, name: string): string {
  return value
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/\{\{char\}\}|<BOT>/gi, name)
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The creator's notes, else their English (or first) translation (V3). */
function notesOf(fields: CardFields): string {
  if (fields.creator_notes.trim()) return fields.creator_notes;
  const translations = fields.creator_notes_multilingual;
  return translations.en ?? Object.values(translations)[0] ?? "";
}

/** The card's tags as the listing keeps them: text, trimmed, no commas, within limits, each once. */
function tagsOf(tags: unknown[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags.flatMap((value) => (typeof value === "string" ? parseTags(value) : []))) {
    const key = tag.toLowerCase();
    if (tag.length > TAG_MAX || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
    if (kept.length === TAGS_MAX) break;
  }
  return kept;
}

const orNull = (value: string) => (value === "" ? null : value);

/**
 * Reads a character card (PNG or JSON) into a new listing's fields, for the creator to check and save:
 * title (name), tagline (the notes' first line), description (plain), tags, and a PNG card's art as the picture.
 * Nothing is stored. Throws InvalidError for anything that is not a card, TooLargeError past the image limit.
 */
export function importCharacterCard(card: Upload): CharacterCardImport {
  if (card.bytes.length > IMAGE_MAX_BYTES) throw new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge);
  const isPng = card.bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
  const png = isPng ? readPng(card.bytes) : null;
  const { spec, fields } = parseCard(png ? png.json : card.bytes.toString("utf8"));
  const name = fields.name.trim();
  const firstLine = plain(notesOf(fields), name).split("\n")[0] ?? "";
  return {
    spec,
    title: within(name, TITLE_MAX),
    tagline: orNull(within(firstLine.trim(), TAGLINE_MAX)),
    description: orNull(within(plain(fields.description, name), DESCRIPTION_MAX)),
    tags: tagsOf(fields.tags),
    picture: png ? `data:image/png;base64,${png.picture.toString("base64")}` : null,
  };
}
