import {
  type CardPrivateField,
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
import { z } from "zod";
import { CharxError, charxCardJson, charxIcon, isZip } from "./character-card-charx.js";
import { assemblePng, PNG_SIGNATURE, PngError, readPngChunks, textChunkKeyword } from "./character-card-png.js";
import { cutAt, firstPublicParagraph, INPUT_MARGIN, oneLine, plainText, within } from "./character-card-text.js";

/**
 * Tavern character cards (github.com/malfoyslastname/character-card-spec-v2, kwaroran/character-card-spec-v3):
 * a PNG whose tEXt chunk `ccv3` (V3, preferred when both are there) or `chara` (V2, V1) holds the card as
 * base64 of UTF-8 JSON, that JSON as a file, or a CHARX zip holding it as `card.json` with its pictures
 * (character-card-charx.ts). V2/V3 put the fields under `data`; V1 is the flat object.
 *
 * The reading itself, pure and synchronous: it runs in a worker (character-card-worker.ts) under a time and memory
 * budget, and imports nothing but the schema package, so the worker starts fast. Its time and memory are linear
 * in the file (at most IMAGE_MAX_BYTES) and its texts bounded by the listing's limits (issue 36).
 */

/** Why a card is refused, in words a person reads; the caller turns it into the domain's error. */
export class CardRefusal extends Error {
  override readonly name = "CardRefusal";
  constructor(readonly reason: "unreadable" | "tooLarge") {
    super(CHARACTER_CARD_MESSAGES[reason]);
  }
}

/** A field of the wrong type counts as missing: real cards are written by many tools. */
const text = z.string().catch("");
const list = z.array(z.unknown()).catch([]);
const cardFields = z.object({
  name: text,
  description: text,
  creator_notes: text,
  /** V1's creator notes (TavernAI), which SillyTavern also writes beside a V2 card's `data`. */
  creatorcomment: text,
  creator_notes_multilingual: z.record(z.string(), z.string()).catch({}),
  tags: list,
  // The prompt: never offered, only named when left out (issue 39 §2).
  personality: text,
  scenario: text,
  first_mes: text,
  mes_example: text,
  system_prompt: text,
  post_history_instructions: text,
  alternate_greetings: list,
  group_only_greetings: list,
  character_book: z.object({ entries: list }).catch({ entries: [] }),
  /** V3's assets: a CHARX card's pictures (its main icon becomes the listing's picture). */
  assets: list,
});
const v1Card = cardFields.extend({ name: z.string() });
const specCard = z.object({
  spec: z.enum(["chara_card_v2", "chara_card_v3"]),
  data: cardFields,
  creatorcomment: text,
});

type CardFields = z.output<typeof cardFields>;

const notACard = () => new CardRefusal("unreadable");

/** The chunks a card's picture is kept without: every kind of PNG text (the card's data, and any other). */
const TEXT_CHUNKS = new Set(["tEXt", "zTXt", "iTXt"]);
/** The card's tEXt keywords, in the order they are preferred. */
const CARD_KEYWORDS = ["ccv3", "chara"] as const;

/** The card's JSON from a PNG's tEXt chunks (V3 first), and the picture without its text chunks (the card's data). */
function readPng(bytes: Buffer): { json: string; picture: Buffer } {
  let chunks: ReturnType<typeof readPngChunks>;
  try {
    chunks = readPngChunks(bytes);
  } catch (error) {
    if (error instanceof PngError) throw notACard();
    throw error;
  }
  // Only the card's own chunks are decoded (the last of each keyword, as before); any other is left unread.
  const texts = new Map<string, Buffer>();
  for (const chunk of chunks) {
    if (chunk.type !== "tEXt") continue;
    const found = textChunkKeyword(chunk.data);
    const keyword = found?.keyword.toLowerCase();
    if (!found || !CARD_KEYWORDS.includes(keyword as (typeof CARD_KEYWORDS)[number])) continue;
    texts.set(keyword!, chunk.data.subarray(found.textStart));
  }
  const encoded = texts.get("ccv3") ?? texts.get("chara");
  if (!encoded) throw notACard();
  const picture = assemblePng(chunks.filter((chunk) => !TEXT_CHUNKS.has(chunk.type)));
  // base64 is ASCII, so its Latin-1 text is the same characters; anything else is skipped by the decoder.
  return { json: Buffer.from(encoded.toString("latin1"), "base64").toString("utf8"), picture };
}

function parseCard(json: string): { spec: CharacterCardImport["spec"]; fields: CardFields } {
  let value: unknown;
  try {
    value = JSON.parse(json.startsWith("\uFEFF") ? json.slice(1) : json);
  } catch {
    throw notACard();
  }
  const withSpec = specCard.safeParse(value);
  if (withSpec.success) {
    const { data, creatorcomment } = withSpec.data;
    return {
      spec: withSpec.data.spec === "chara_card_v3" ? "v3" : "v2",
      fields: { ...data, creatorcomment: data.creatorcomment || creatorcomment },
    };
  }
  const flat = v1Card.safeParse(value);
  if (flat.success) return { spec: "v1", fields: flat.data };
  throw notACard();
}

/** The creator's notes, else their English (or first) translation (V3), else V1's `creatorcomment`. */
function notesOf(fields: CardFields): string {
  if (fields.creator_notes.trim()) return fields.creator_notes;
  const translations = fields.creator_notes_multilingual;
  const translated = translations.en ?? Object.values(translations)[0] ?? "";
  return translated.trim() ? translated : fields.creatorcomment;
}

const filled = (value: string) => value.trim() !== "";
const anyFilled = (values: unknown[]) => values.some((value) => typeof value === "string" && filled(value));

/** The card's prompt fields that hold something, in CARD_PRIVATE_FIELDS' order but for the description. */
function promptFieldsOf(fields: CardFields): CardPrivateField[] {
  const held: [CardPrivateField, boolean][] = [
    ["personality", filled(fields.personality)],
    ["scenario", filled(fields.scenario)],
    ["firstMessage", filled(fields.first_mes)],
    ["alternateGreetings", anyFilled(fields.alternate_greetings) || anyFilled(fields.group_only_greetings)],
    ["exampleMessages", filled(fields.mes_example)],
    ["systemPrompt", filled(fields.system_prompt)],
    ["postHistoryInstructions", filled(fields.post_history_instructions)],
    ["lorebook", fields.character_book.entries.length > 0],
  ];
  return held.filter(([, has]) => has).map(([field]) => field);
}

/** How much of a description is searched for its first paragraph that is not a definition: a few fields' worth. */
const DESCRIPTION_SEARCH_MAX = DESCRIPTION_MAX * 4;

/**
 * The listing's description (issue 39 §2): the creator's notes, else the first paragraph of the card's description
 * that is not part of the definition; never the personality, scenario, messages or prompts. Says where it came
 * from and whether any of the card's description was left out.
 */
function descriptionOf(
  fields: CardFields,
  notes: string,
  name: string,
): Pick<CharacterCardImport, "description" | "descriptionFrom"> & { descriptionLeftOut: boolean } {
  const hasDescription = filled(fields.description);
  const fromNotes = plainText(notes, { name, max: DESCRIPTION_MAX });
  if (fromNotes) return { description: fromNotes, descriptionFrom: "creatorNotes", descriptionLeftOut: hasDescription };
  const plain = plainText(fields.description, { name, max: DESCRIPTION_SEARCH_MAX });
  const { paragraph, rest } = firstPublicParagraph(plain, name);
  if (!paragraph) return { description: null, descriptionFrom: null, descriptionLeftOut: hasDescription };
  const description = within(paragraph, DESCRIPTION_MAX);
  return { description, descriptionFrom: "description", descriptionLeftOut: rest || description !== paragraph };
}

/** The most of one tag entry read: room for TAGS_MAX tags of TAG_MAX, with their commas and spaces. */
const TAG_ENTRY_MAX = (TAG_MAX + 2) * TAGS_MAX;

/** The card's tags as the listing keeps them: text, trimmed, no commas, within limits, each once. */
function tagsOf(tags: unknown[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of tags) {
    if (typeof value !== "string") continue;
    for (const tag of parseTags(oneLine(cutAt(value, TAG_ENTRY_MAX)))) {
      const key = tag.toLowerCase();
      if (tag.length > TAG_MAX || seen.has(key)) continue;
      seen.add(key);
      kept.push(tag);
      if (kept.length === TAGS_MAX) return kept;
    }
  }
  return kept;
}

const orNull = (value: string) => (value === "" ? null : value);

/** A picture's type from its first bytes (what the listing's image upload accepts), else null. */
function pictureType(bytes: Buffer): string | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "image/png";
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/** A CHARX's main icon (if any, and readable) as the listing's picture. */
function charxPictureOf(zip: Buffer, assets: unknown[]): string | null {
  try {
    return charxPicture(charxIcon(zip, assets, IMAGE_MAX_BYTES));
  } catch (error) {
    // The card itself was read: a damaged icon only means no picture.
    if (error instanceof CharxError) return null;
    throw error;
  }
}

/** A CHARX's icon as a data URL (a PNG without its text chunks, as a PNG card's art), else null. */
function charxPicture(icon: Uint8Array | null): string | null {
  if (!icon) return null;
  let bytes = Buffer.from(icon.buffer, icon.byteOffset, icon.byteLength);
  const type = pictureType(bytes);
  if (!type) return null;
  if (type === "image/png") {
    try {
      bytes = assemblePng(readPngChunks(bytes).filter((chunk) => !TEXT_CHUNKS.has(chunk.type)));
    } catch (error) {
      if (error instanceof PngError) return null;
      throw error;
    }
  }
  return `data:${type};base64,${bytes.toString("base64")}`;
}

/**
 * Reads a character card (PNG or JSON) into a new listing's fields, for the creator to check and save: title
 * (name), tagline (the notes' first line), description (the notes, else the description's first paragraph that is
 * not a definition; descriptionOf), tags, and a PNG card's art as the picture; and the prompt's fields it left out.
 * Every text is cleaned of control characters (character-card-text.ts), so the fields save as they are offered.
 * Throws CardRefusal for anything that is not a card ("unreadable") or is over the image limit ("tooLarge").
 */
export function readCharacterCard(bytes: Buffer): CharacterCardImport {
  if (bytes.length > IMAGE_MAX_BYTES) throw new CardRefusal("tooLarge");
  const isPng = bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
  const png = isPng ? readPng(bytes) : null;
  const charx = !isPng && isZip(bytes);
  let json: string;
  try {
    json = png ? png.json : charx ? charxCardJson(bytes, IMAGE_MAX_BYTES) : bytes.toString("utf8");
  } catch (error) {
    if (error instanceof CharxError) throw notACard();
    throw error;
  }
  const { spec, fields } = parseCard(json);
  // The name on one line (a title, and what `{{char}}` becomes in a tagline): its white space runs made one space.
  const nameRead = cutAt(fields.name, TITLE_MAX * INPUT_MARGIN);
  const title = within(oneLine(nameRead), TITLE_MAX, nameRead.length < fields.name.length);
  const notes = notesOf(fields);
  const { description, descriptionFrom, descriptionLeftOut } = descriptionOf(fields, notes, title);
  return {
    spec,
    title,
    tagline: orNull(plainText(notes, { name: title, max: TAGLINE_MAX, firstLine: true })),
    description,
    descriptionFrom,
    leftOut: [...(descriptionLeftOut ? (["description"] as const) : []), ...promptFieldsOf(fields)],
    tags: tagsOf(fields.tags),
    picture: png
      ? `data:image/png;base64,${png.picture.toString("base64")}`
      : charx
        ? charxPictureOf(bytes, fields.assets)
        : null,
  };
}
