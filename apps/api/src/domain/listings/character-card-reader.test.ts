// The card reader itself, in the test's own thread (issue 41): the app reads cards in a worker thread, where a
// mutation run's mutants are never switched on, so test/character-cards.test.ts (the import as a client sees it)
// cannot tell the run whether a rule of the reader broke. Each case here names the rule it pins.
import { crc32 } from "node:zlib";
import {
  CARD_PRIVATE_FIELDS,
  CHARACTER_CARD_MESSAGES,
  IMAGE_MAX_BYTES,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from "@gallery/schema";
import { describe, expect, it } from "vitest";
import {
  cardV2,
  cardV3,
  charxCard,
  iconAsset,
  jsonCard,
  pngCard,
  pngWithText,
  withCentralEntry,
} from "../../../test/support/character-cards.js";
import { thrownBy } from "../../../test/support/thrown.js";
import { PNG_SIGNATURE, readPngChunks } from "./character-card-png.js";
import { CardRefusal, readCharacterCard } from "./character-card-reader.js";
import { INPUT_MARGIN } from "./character-card-text.js";

const refusalOf = (bytes: Buffer) => thrownBy(() => readCharacterCard(bytes), CardRefusal)?.reason ?? null;
const base64 = (card: object) => Buffer.from(JSON.stringify(card), "utf8").toString("base64");
const pictureOf = (dataUrl: string | null) => Buffer.from(dataUrl!.replace(/^data:image\/\w+;base64,/, ""), "base64");
/** A PNG chunk, its length and CRC as the format has them. */
const rawChunk = (type: string, data: Buffer) => {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const frame = Buffer.alloc(4);
  frame.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([frame, typeAndData, crc]);
};
/** The PNG with each chunk made by `change` (same chunk when it returns it), and `before` put ahead of IEND. */
const rewritePng = (bytes: Buffer, change: (type: string, data: Buffer) => Buffer | null, before: Buffer[] = []) =>
  Buffer.concat([
    PNG_SIGNATURE,
    ...readPngChunks(bytes).flatMap((chunk) => [
      ...(chunk.type === "IEND" ? before : []),
      change(chunk.type, chunk.data) ?? chunk.raw,
    ]),
  ]);
const PROMPT = {
  personality: "P",
  scenario: "S",
  first_mes: "F",
  alternate_greetings: ["A"],
  mes_example: "E",
  system_prompt: "SP",
  post_history_instructions: "PH",
  character_book: { entries: [{ keys: ["k"], content: "c" }] },
};

describe("which cards are read", () => {
  it("a V2 PNG card: its fields, its picture without any text chunk", async () => {
    const bytes = await pngWithText({ chara: base64(cardV2({ name: "Mira", creator_notes: "Notes." })), x: "y" });
    const card = readCharacterCard(bytes);
    expect(card).toMatchObject({ spec: "v2", title: "Mira", tagline: "Notes.", description: "Notes." });
    expect(card.picture!.startsWith("data:image/png;base64,")).toBe(true);
    const chunks = readPngChunks(pictureOf(card.picture)).map((chunk) => chunk.type);
    expect(chunks).toContain("IDAT");
    expect(chunks).not.toContain("tEXt");
  });

  it("ccv3 is preferred to chara, whichever comes first, and keywords are read in any case", async () => {
    const v3 = base64(cardV3({ name: "New" }));
    const v2 = base64(cardV2({ name: "Old" }));
    expect(readCharacterCard(await pngWithText({ ccv3: v3, chara: v2 }))).toMatchObject({ spec: "v3", title: "New" });
    expect(readCharacterCard(await pngWithText({ chara: v2, ccv3: v3 }))).toMatchObject({ spec: "v3", title: "New" });
    expect(readCharacterCard(await pngWithText({ CHARA: v2 }))).toMatchObject({ title: "Old" });
    expect(readCharacterCard(await pngCard(cardV3({ name: "Both" })))).toMatchObject({ title: "Both" });
  });

  it("the card is read from tEXt chunks alone; a malformed text chunk beside it is skipped", async () => {
    const card = await pngWithText({ chara: base64(cardV2({ name: "Mira" })) });
    // The same keyword and text in a zTXt or iTXt chunk is not the card's (those are compressed or tagged).
    for (const type of ["zTXt", "iTXt"]) {
      const moved = rewritePng(card, (chunkType, data) => (chunkType === "tEXt" ? rawChunk(type, data) : null));
      expect(refusalOf(moved), type).toBe("unreadable");
    }
    // A tEXt chunk without the NUL after its keyword, before the card's or after it.
    const noNul = rawChunk("tEXt", Buffer.from("no keyword here"));
    expect(readCharacterCard(rewritePng(card, () => null, [noNul])).title).toBe("Mira");
    expect(
      readCharacterCard(
        Buffer.concat([
          PNG_SIGNATURE,
          ...readPngChunks(card).flatMap((chunk) => (chunk.type === "tEXt" ? [noNul, chunk.raw] : [chunk.raw])),
        ]),
      ),
    ).toMatchObject({ title: "Mira" });
  });

  it("a card of exactly the image limit is read", () => {
    const json = jsonCard(cardV2({ name: "Full" }));
    const full = Buffer.concat([json, Buffer.alloc(IMAGE_MAX_BYTES - json.length, 0x20)]);
    expect(full.length).toBe(IMAGE_MAX_BYTES);
    expect(readCharacterCard(full).title).toBe("Full");
  });

  it("a CHARX whose icon fflate cannot read is still read, without a picture", () => {
    const file = charxCard(cardV3({ name: "Zip", assets: [iconAsset("i.png")] }), { "i.png": PNG_SIGNATURE });
    const card = readCharacterCard(withCentralEntry(file, "i.png", { method: 99 }));
    expect(card).toMatchObject({ spec: "v3", title: "Zip" });
    expect(card.picture).toBeNull();
  });

  it("JSON cards: V2, V3 and V1 (flat), with or without a byte order mark, have no picture", () => {
    expect(readCharacterCard(jsonCard(cardV2({ name: "Two" })))).toMatchObject({ spec: "v2", picture: null });
    expect(readCharacterCard(jsonCard(cardV3({ name: "Three" })))).toMatchObject({ spec: "v3", title: "Three" });
    expect(readCharacterCard(jsonCard({ name: "Flat" }))).toMatchObject({ spec: "v1", title: "Flat", picture: null });
    const bom = Buffer.concat([Buffer.from("\uFEFF"), jsonCard({ name: "Bom" })]);
    expect(readCharacterCard(bom)).toMatchObject({ title: "Bom" });
  });

  it("a CHARX card: card.json, its main icon as the picture (PNG without text chunks, JPEG, WebP)", async () => {
    const png = await pngWithText({ chara: "x" });
    const card = readCharacterCard(
      charxCard(cardV3({ name: "Zip", assets: [iconAsset("a.png", "other"), iconAsset("b.png")] }), {
        "a.png": Buffer.from("not this"),
        "b.png": png,
      }),
    );
    expect(card).toMatchObject({ spec: "v3", title: "Zip" });
    expect(readPngChunks(pictureOf(card.picture)).map((chunk) => chunk.type)).not.toContain("tEXt");
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(
      readCharacterCard(charxCard(cardV3({ name: "J", assets: [iconAsset("i.jpg")] }), { "i.jpg": jpeg })).picture,
    ).toBe(`data:image/jpeg;base64,${jpeg.toString("base64")}`);
    const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 ")]);
    expect(
      readCharacterCard(charxCard(cardV3({ name: "W", assets: [iconAsset("i.webp")] }), { "i.webp": webp })).picture,
    ).toBe(`data:image/webp;base64,${webp.toString("base64")}`);
    // Each byte of a picture's signature counts.
    for (const bytes of [
      [0xff, 0xd8, 0xff],
      [0xfe, 0xd8, 0xff, 0xe0],
      [0xff, 0xd9, 0xff, 0xe0],
      [0xff, 0xd8, 0xfe, 0xe0],
    ]) {
      const icon = Buffer.from(bytes);
      const read = readCharacterCard(charxCard(cardV3({ name: "J", assets: [iconAsset("i.jpg")] }), { "i.jpg": icon }));
      expect(read.picture, bytes.join(",")).toBeNull();
    }
    const notWebp = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBX")]);
    expect(
      readCharacterCard(charxCard(cardV3({ name: "W", assets: [iconAsset("i.webp")] }), { "i.webp": notWebp })).picture,
    ).toBeNull();
    const notRiff = Buffer.concat([Buffer.from("RIFX"), Buffer.alloc(4), Buffer.from("WEBP")]);
    expect(
      readCharacterCard(charxCard(cardV3({ name: "W", assets: [iconAsset("i.webp")] }), { "i.webp": notRiff })).picture,
    ).toBeNull();
    // No picture: none given, not a picture, a damaged PNG, a missing entry.
    for (const [assets, files] of [
      [[], {}],
      [[iconAsset("i.bin")], { "i.bin": Buffer.from("GIF89a...") }],
      [[iconAsset("i.png")], { "i.png": PNG_SIGNATURE }],
      [[iconAsset("gone.png")], {}],
      [[{ type: "icon", uri: "https://example.com/i.png", name: "main" }], {}],
    ] as const) {
      const read = readCharacterCard(charxCard(cardV3({ name: "N", assets }), files));
      expect(read.picture).toBeNull();
    }
  });

  it("refuses what is not a card as unreadable, over the image limit as too large", async () => {
    expect(refusalOf(Buffer.from("hello"))).toBe("unreadable");
    expect(refusalOf(jsonCard({ spec: "chara_card_v2", data: 1 }))).toBe("unreadable");
    expect(refusalOf(jsonCard({ nickname: "no name" }))).toBe("unreadable");
    expect(refusalOf(await pngWithText({ other: "x" }))).toBe("unreadable");
    expect(refusalOf(PNG_SIGNATURE)).toBe("unreadable");
    expect(refusalOf(charxCard({ name: "x" }).subarray(0, 30))).toBe("unreadable");
    expect(refusalOf(Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(40)]))).toBe("unreadable");
    expect(refusalOf(Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x20))).toBe("tooLarge");
    expect(new CardRefusal("tooLarge").message).toBe(CHARACTER_CARD_MESSAGES.tooLarge);
    expect(new CardRefusal("unreadable").message).toBe(CHARACTER_CARD_MESSAGES.unreadable);
  });
});

describe("what the listing is offered", () => {
  it("the notes: creator_notes, else English, else the first translation, else creatorcomment (data's, then the card's)", () => {
    const notes = (card: object) => readCharacterCard(jsonCard(card)).description;
    expect(notes(cardV3({ name: "N", creator_notes: "Own.", creator_notes_multilingual: { en: "En." } }))).toBe("Own.");
    expect(notes(cardV3({ name: "N", creator_notes: " ", creator_notes_multilingual: { ja: "Ja.", en: "En." } }))).toBe(
      "En.",
    );
    expect(notes(cardV3({ name: "N", creator_notes_multilingual: { ja: "Ja.", fr: "Fr." } }))).toBe("Ja.");
    expect(notes(cardV3({ name: "N", creator_notes_multilingual: { en: " " }, creatorcomment: "Data's." }))).toBe(
      "Data's.",
    );
    expect(notes({ ...cardV2({ name: "N" }), creatorcomment: "Beside." })).toBe("Beside.");
    expect(notes({ ...cardV2({ name: "N", creatorcomment: "Inside." }), creatorcomment: "Beside." })).toBe("Inside.");
    expect(notes({ name: "N", creatorcomment: "Flat." })).toBe("Flat.");
  });

  it("the tagline is the notes' first line with the name filled in", () => {
    const card = readCharacterCard(jsonCard(cardV2({ name: "Mira", creator_notes: "\n{{char}} waits.\nMore." })));
    expect(card.tagline).toBe("Mira waits.");
    expect(readCharacterCard(jsonCard(cardV2({ name: "Mira" }))).tagline).toBeNull();
  });

  it("the description: the notes, else the description's first public paragraph; what was left out is said", () => {
    const read = (data: object) => readCharacterCard(jsonCard(cardV2({ name: "Mira", ...data })));
    expect(read({ creator_notes: "Notes." })).toMatchObject({
      description: "Notes.",
      descriptionFrom: "creatorNotes",
      leftOut: [],
    });
    expect(read({ creator_notes: "Notes.", description: "Desc." })).toMatchObject({
      descriptionFrom: "creatorNotes",
      leftOut: ["description"],
    });
    expect(read({ description: "[Mira: kind]\n\nShe reads.\n\nMira: hi" })).toMatchObject({
      description: "She reads.",
      descriptionFrom: "description",
      leftOut: ["description"],
    });
    expect(read({ description: "Only prose." })).toMatchObject({
      description: "Only prose.",
      descriptionFrom: "description",
      leftOut: [],
    });
    expect(read({ description: "Personality: shy" })).toMatchObject({
      description: null,
      descriptionFrom: null,
      leftOut: ["description"],
    });
    expect(read({ description: "  " })).toMatchObject({ description: null, descriptionFrom: null, leftOut: [] });
    // A paragraph longer than the field is cut, and said to be.
    const long = read({ description: "word ".repeat(2000) });
    expect(long.description!.endsWith("…")).toBe(true);
    expect(long.leftOut).toEqual(["description"]);
  });

  it("names every prompt field that holds something, in order, and none that is empty", () => {
    // In the contract's order: every prompt field but the description, which this card does not have.
    expect(readCharacterCard(jsonCard(cardV2({ name: "N", ...PROMPT }))).leftOut).toEqual(
      CARD_PRIVATE_FIELDS.filter((field) => field !== "description"),
    );
    const empty = {
      personality: " ",
      scenario: "",
      first_mes: "\n",
      alternate_greetings: ["", 3, " "],
      group_only_greetings: [],
      mes_example: "",
      system_prompt: "",
      post_history_instructions: "",
      character_book: { entries: [] },
    };
    expect(readCharacterCard(jsonCard(cardV2({ name: "N", ...empty }))).leftOut).toEqual([]);
    expect(
      readCharacterCard(jsonCard(cardV3({ name: "N", ...empty, group_only_greetings: ["Group hi"] }))).leftOut,
    ).toEqual(["alternateGreetings"]);
  });

  it("tags: text only, split at commas, trimmed, each once in any case, within their limits", () => {
    const tags = (list: unknown) => readCharacterCard(jsonCard(cardV2({ name: "N", tags: list }))).tags;
    expect(tags(["Sci-Fi", 7, "sci-fi", " space , opera ", "", null])).toEqual(["Sci-Fi", "space", "opera"]);
    expect(tags(["x".repeat(TAG_MAX + 1), "ok"])).toEqual(["ok"]);
    expect(tags(["x".repeat(TAG_MAX)])).toEqual(["x".repeat(TAG_MAX)]);
    const many = Array.from({ length: TAGS_MAX + 5 }, (_, i) => `t${i}`);
    expect(tags(many)).toEqual(many.slice(0, TAGS_MAX));
    expect(tags([many.join(",")])).toEqual(many.slice(0, TAGS_MAX));
    expect(tags("not a list")).toEqual([]);
    // "Each once" as the gallery compares tags (lower case): Straße and STRASSE are two tags.
    expect(tags(["Straße", "STRASSE"])).toEqual(["Straße", "STRASSE"]);
  });

  it("the title is the name on one line within its limit, cut with …", () => {
    expect(readCharacterCard(jsonCard(cardV2({ name: "  Ada \n Lovelace " }))).title).toBe("Ada Lovelace");
    const long = readCharacterCard(jsonCard(cardV2({ name: "N".repeat(5000) }))).title;
    expect(long.endsWith("…")).toBe(true);
    expect(readCharacterCard(jsonCard(cardV2({ name: 42 }))).title).toBe("");
    // A long name within the limit is whole; one read only in part is marked cut even when what was read fits.
    const name = "Ada Lovelace, Countess of Lovelace";
    expect(readCharacterCard(jsonCard(cardV2({ name }))).title).toBe(name);
    const padded = `Ada${" ".repeat(TITLE_MAX * INPUT_MARGIN)}Lovelace`;
    expect(readCharacterCard(jsonCard(cardV2({ name: padded }))).title).toBe("Ada…");
  });
});
