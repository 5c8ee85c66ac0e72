// Character cards made as the published specs describe them (Tavern card V2 and V3): the card's JSON, and a PNG
// carrying it base64 encoded in a tEXt chunk (`chara` for V2, `ccv3` for V3) before the image's end, and a CHARX zip.
import { strToU8, zipSync } from "fflate";
import { encode as textChunk } from "png-chunk-text";
import encodeChunks from "png-chunks-encode";
import extractChunks from "png-chunks-extract";
import sharp from "sharp";

type CardData = Record<string, unknown>;

/** A V2 card's JSON object: spec, version and the fields under `data`. */
export const cardV2 = (data: CardData) => ({ spec: "chara_card_v2", spec_version: "2.0", data });

/** A V3 card's JSON object. */
export const cardV3 = (data: CardData) => ({ spec: "chara_card_v3", spec_version: "3.0", data });

const base64 = (card: object) => Buffer.from(JSON.stringify(card), "utf8").toString("base64");

/** A real PNG (a flat colour) with text chunks added: each keyword with its text, as the specs write them. */
export async function pngWithText(texts: Record<string, string>, colour = "#7c3aed") {
  const image = await sharp({ create: { width: 40, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const chunks = extractChunks(image);
  const end = chunks.pop()!; // IEND
  for (const [keyword, text] of Object.entries(texts)) chunks.push(textChunk(keyword, text));
  return Buffer.from(encodeChunks([...chunks, end]));
}

/** A PNG card: V2 in `chara`; V3 in `ccv3`, with the V2 copy in `chara` beside it as V3 editors write it. */
export function pngCard(card: { spec: string; data: CardData }) {
  if (card.spec === "chara_card_v3") {
    return pngWithText({ chara: base64(cardV2({ ...card.data, name: "Old V2 copy" })), ccv3: base64(card) });
  }
  return pngWithText({ chara: base64(card) });
}

/** A JSON card file. */
export const jsonCard = (card: object) => Buffer.from(JSON.stringify(card), "utf8");

/**
 * A CHARX card (character-card-spec-v3): a zip with the card as `card.json` at its root and its assets, each given
 * by its path in the zip (a picture's asset in `data.assets` points at it with `embeded://<path>`).
 */
export function charxCard(card: object, assets: Record<string, Uint8Array> = {}) {
  const files: Record<string, Uint8Array> = { "card.json": strToU8(JSON.stringify(card)) };
  return Buffer.from(zipSync({ ...files, ...assets }));
}

/** A V3 card's asset entry for a picture inside its CHARX. */
export const iconAsset = (path: string, name = "main") => ({
  type: "icon",
  uri: `embeded://${path}`,
  name,
  ext: path.split(".").pop(),
});

/**
 * A zip whose central directory says something else of one entry (a hostile or damaged CHARX): its compression
 * method and/or its compressed size, as fflate reads them (the central directory's fields at +10 and +20).
 */
export function withCentralEntry(zip: Buffer, name: string, change: { method?: number; compressedSize?: number }) {
  const copy = Buffer.from(zip);
  for (let at = copy.indexOf("PK\x01\x02"); at !== -1; at = copy.indexOf("PK\x01\x02", at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString("utf8", at + 46, at + 46 + nameLength) !== name) continue;
    if (change.method !== undefined) copy.writeUInt16LE(change.method, at + 10);
    if (change.compressedSize !== undefined) copy.writeUInt32LE(change.compressedSize, at + 20);
    return copy;
  }
  throw new Error(`no entry ${name}`);
}
