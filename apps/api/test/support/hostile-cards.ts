// Character cards made to hurt the reader (issue 36 item 1), as they were demonstrated against the old one, and
// fast-check arbitraries of damaged and hostile cards for the fuzz tests (test/abuse/card-fuzz.test.ts), the abuse
// test's corpus (test/abuse/card-import.test.ts) and the bench (bench/scenarios-card-import.ts).
import { crc32, deflateSync } from "node:zlib";
import fc from "fast-check";
import { cardV2, cardV3, jsonCard } from "./character-cards.js";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length field (the true one unless `claimed` lies), type, data and CRC (a true one unless given). */
export function pngChunk(type: string, data: Buffer, options: { claimed?: number; crc?: number } = {}) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(options.claimed ?? data.length, 0);
  head.write(type.padEnd(4, " ").slice(0, 4), 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(options.crc ?? crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** IHDR and IDAT of a 1×1 grey picture: a real PNG's start. */
function tinyPicture() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return [pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.from([0, 0x80])))];
}

const base64Card = (card: object) => Buffer.from(JSON.stringify(card)).toString("base64");

/**
 * The demonstrated 525-byte PNG: a picture whose tEXt "chara" chunk claims 0x7FFFFFF0 bytes (2 GB) and holds a few
 * hundred. The old reader allocated and read by the claim: 13 s and 2.5 GB to answer 400.
 */
export function lyingChunkPng(claimed = 0x7ffffff0) {
  const text = Buffer.from(`chara\0${base64Card(cardV2({ name: "Liar", description: "x".repeat(200) }))}`, "latin1");
  return Buffer.concat([
    SIGNATURE,
    ...tinyPicture(),
    pngChunk("tEXt", text, { claimed }),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A card (JSON) whose notes and description are a run of `<` with no `>`: quadratic for `/<[^>]*>/` (8 s at 120k). */
export const ltRunCard = (length = 120_000) =>
  jsonCard(cardV2({ name: "Angles", description: "<".repeat(length), creator_notes: "<".repeat(length) }));

/**
 * The `{{char}}` bomb (≈108 kB): a long name filled in thousands of times. The old reader built the whole text
 * (13,000 × 8,000 characters) before cutting it, and froze the server for minutes.
 */
export const charBombCard = () =>
  jsonCard(
    cardV2({ name: "N".repeat(8_000), description: "{{char}}".repeat(12_500), creator_notes: "<BOT>".repeat(500) }),
  );

/** A PNG card carrying `card` in tEXt `chara` (V2) or `ccv3` (V3), on a 1×1 picture, chunks written by hand. */
export function handmadePngCard(card: object, keyword = "chara") {
  return Buffer.concat([
    SIGNATURE,
    ...tinyPicture(),
    pngChunk("tEXt", Buffer.from(`${keyword}\0${base64Card(card)}`, "latin1")),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Texts that hurt: markup with and without its `>`, names to fill in, line breaks, surrogate pairs, long runs. */
const PIECES = [
  "<",
  ">",
  "<b>",
  "</b>",
  "<br>",
  "<BR />",
  "<br",
  "{{char}}",
  "{{CHAR}}",
  "{{user}}",
  "<BOT>",
  "<user>",
  "{{",
  "}}",
  "\r\n",
  "\r",
  "\n",
  " ",
  "\t",
  "word",
  "🐉",
  "\ud83d",
  "é",
  ",",
  "\u00a0",
];
const hostileText = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 20_000 }))), {
    maxLength: 12,
  })
  .map((runs) => runs.map(([piece, times]) => piece.repeat(times)).join(""));
const anyText = fc.oneof(hostileText, fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 100 }));

/** A card's JSON object: V1, V2 or V3, its fields hostile texts, sometimes of the wrong type. */
export const cardObject = fc
  .record({
    spec: fc.constantFrom("v1", "v2", "v3"),
    name: fc.oneof(anyText, fc.constant(42), fc.constant(null)),
    description: fc.oneof(anyText, fc.constant(null)),
    creator_notes: anyText,
    creator_notes_multilingual: fc.dictionary(fc.string({ maxLength: 5 }), anyText, { maxKeys: 3 }),
    tags: fc.oneof(fc.array(fc.oneof(anyText, fc.integer()), { maxLength: 200 }), fc.constant("not a list")),
  })
  .map(({ spec, ...data }) => (spec === "v1" ? data : spec === "v2" ? cardV2(data) : cardV3(data)));

/** A chunk of a PNG stream: any type (card text chunks likelier), any data, a length and CRC that may lie. */
const chunkBytes = fc
  .record({
    type: fc.oneof(
      fc.constantFrom("IHDR", "IDAT", "tEXt", "zTXt", "iTXt", "IEND"),
      fc.string({ minLength: 4, maxLength: 4 }),
    ),
    data: fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      cardObject.map((card) => Buffer.from(`chara\0${base64Card(card)}`, "latin1")),
      cardObject.map((card) => Buffer.from(`ccv3\0${base64Card(card)}`, "latin1")),
      fc.constant(Buffer.from("chara\0!!not base64!!", "latin1")),
    ),
    claimed: fc.option(fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.constant(0x7ffffff0)), { freq: 3 }),
    crc: fc.option(fc.integer({ min: 0, max: 0xffffffff }), { freq: 5 }),
  })
  .map(({ type, data, claimed, crc }) =>
    pngChunk(type, data, { ...(claimed === null ? {} : { claimed }), ...(crc === null ? {} : { crc }) }),
  );

/** PNG streams: the signature (mostly), a real picture's start (often), random chunks, IEND (often), maybe cut short. */
export const pngStream = fc
  .record({
    signature: fc.oneof(
      { weight: 9, arbitrary: fc.constant(SIGNATURE) },
      fc.uint8Array({ maxLength: 8 }).map(Buffer.from),
    ),
    picture: fc.boolean(),
    chunks: fc.array(chunkBytes, { maxLength: 8 }),
    end: fc.boolean(),
    cut: fc.option(fc.nat()),
  })
  .map(({ signature, picture, chunks, end, cut }) => {
    const bytes = Buffer.concat([
      signature,
      ...(picture ? tinyPicture() : []),
      ...chunks,
      ...(end ? [pngChunk("IEND", Buffer.alloc(0))] : []),
    ]);
    return cut === null ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
  });

/** Any card file: a PNG stream, a JSON card, JSON that is no card, or bytes. */
export const cardFile = fc.oneof(
  pngStream,
  cardObject.map((card) => jsonCard(card)),
  fc.json().map((json) => Buffer.from(json)),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
);
