// Importing a Tavern character card (issue 24): POST /api/chatbots/import-card and chatbots.importCard read a
// card (PNG V2/V3 or JSON) into a new listing's fields. Fixtures follow the published specs (support/character-cards.ts).
import {
  CARD_PRIVATE_FIELDS,
  CHARACTER_CARD_MESSAGES,
  cardImportSummary,
  DESCRIPTION_MAX,
  TAGLINE_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from "@gallery/schema";
import extractChunks from "png-chunks-extract";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { cardV2, cardV3, charxCard, iconAsset, jsonCard, pngCard, pngWithText } from "./support/character-cards.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";

let app: TestApp;
let cookie: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  ({ cookie } = await signUp(app));
});

function importCard(data: Buffer, options: { filename?: string; type?: string; cookie?: string; url?: string } = {}) {
  const body = multipart(
    {},
    { name: "card", filename: options.filename ?? "card.png", type: options.type ?? "image/png", data },
  );
  return app.inject({
    method: "POST",
    url: options.url ?? "/api/chatbots/import-card",
    headers: { ...body.headers, ...(options.cookie === "" ? {} : { cookie: options.cookie ?? cookie }) },
    payload: body.payload,
  });
}

/** An import that reads the card (200): its answer. */
async function readCard(data: Buffer, options?: Parameters<typeof importCard>[1]) {
  const response = await importCard(data, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const V2_DATA = {
  name: "Captain Mira",
  description: "A starship captain.\r\n\r\n\r\n<b>Loyal</b> to {{char}}'s crew.",
  personality: "brave",
  scenario: "On the bridge.",
  first_mes: "Welcome aboard.",
  mes_example: "",
  creator_notes: "Explore the stars with Mira.\nSecond line of notes.",
  system_prompt: "",
  post_history_instructions: "",
  alternate_greetings: [],
  tags: ["Sci-Fi", "captain", "sci-fi", " space , opera "],
  creator: "someone",
  character_version: "1.0",
  extensions: {},
};

describe("reading a card", () => {
  test("a V2 PNG card: its fields prefilled as plain text, its art as the picture without the card's data", async () => {
    const answer = await readCard(await pngCard(cardV2(V2_DATA)));
    expect(answer).toMatchObject({
      spec: "v2",
      title: "Captain Mira",
      tagline: "Explore the stars with Mira.",
      // The creator's notes are the public text; the description (the definition) stays private.
      description: "Explore the stars with Mira.\nSecond line of notes.",
      descriptionFrom: "creatorNotes",
      leftOut: ["description", "personality", "scenario", "firstMessage"],
      tags: ["Sci-Fi", "captain", "space", "opera"],
    });
    const picture = Buffer.from(answer.picture.replace("data:image/png;base64,", ""), "base64");
    expect(answer.picture.startsWith("data:image/png;base64,")).toBe(true);
    expect(await sharp(picture).metadata()).toMatchObject({ format: "png", width: 40, height: 60 });
    expect(extractChunks(picture).map((chunk) => chunk.name)).not.toContain("tEXt");
  });

  test("a V3 PNG card: ccv3 wins over its chara copy; unicode kept whole; V3's multilingual notes", async () => {
    const card = cardV3({
      name: "Ålfhild 雪 🐉",
      nickname: "Alf",
      description: "Она говорит «привет» 👋🏽",
      creator_notes: "",
      creator_notes_multilingual: { ja: "日本語のノート", en: "A dragon of the north 🐉" },
      tags: ["fantasy", "ドラゴン"],
      group_only_greetings: [],
    });
    const answer = (await importCard(await pngCard(card))).json();
    expect(answer).toMatchObject({
      spec: "v3",
      title: "Ålfhild 雪 🐉",
      tagline: "A dragon of the north 🐉",
      description: "A dragon of the north 🐉",
      descriptionFrom: "creatorNotes",
      leftOut: ["description"],
      tags: ["fantasy", "ドラゴン"],
    });
  });

  test("JSON cards, V2 and V1 (flat), have no picture", async () => {
    const v2 = (
      await importCard(jsonCard(cardV2(V2_DATA)), { filename: "mira.json", type: "application/json" })
    ).json();
    expect(v2).toMatchObject({ spec: "v2", title: "Captain Mira", picture: null });
    const v1 = await importCard(jsonCard({ name: "Flat Fred", description: "Old style.", personality: "calm" }), {
      filename: "fred.json",
      type: "application/json",
    });
    expect(v1.json()).toEqual({
      spec: "v1",
      title: "Flat Fred",
      tagline: null,
      description: "Old style.",
      descriptionFrom: "description",
      leftOut: ["personality"],
      tags: [],
      picture: null,
    });
  });

  test("missing or mistyped fields are left empty", async () => {
    const answer = (await importCard(jsonCard(cardV3({ name: 42, tags: "not a list", description: null })))).json();
    expect(answer).toEqual({
      spec: "v3",
      title: "",
      tagline: null,
      description: null,
      descriptionFrom: null,
      leftOut: [],
      tags: [],
      picture: null,
    });
  });

  test("huge fields are cut to the listing's limits between characters; tags kept within theirs", async () => {
    const card = cardV2({
      name: "N".repeat(TITLE_MAX * 3),
      creator_notes: `${"🐉".repeat(TAGLINE_MAX)}\n${"word ".repeat(DESCRIPTION_MAX)}`,
      tags: [...Array.from({ length: 100 }, (_, index) => `tag ${index}`), "x".repeat(51)],
    });
    const answer = (await importCard(await pngCard(card))).json();
    expect(answer.title).toHaveLength(TITLE_MAX);
    expect(answer.title.endsWith("…")).toBe(true);
    expect(answer.tagline.length).toBeLessThanOrEqual(TAGLINE_MAX);
    expect(answer.tagline).toMatch(/^(🐉)+…$/u);
    expect(answer.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(answer.description).toMatch(/^(🐉)+\nword word .*…$/su);
    const withoutNotes = (
      await importCard(jsonCard(cardV2({ name: "Wordy", description: "word ".repeat(DESCRIPTION_MAX * 20) })))
    ).json();
    expect(withoutNotes.description).toHaveLength(DESCRIPTION_MAX);
    expect(withoutNotes.description.endsWith("word…")).toBe(true);
    expect(withoutNotes.leftOut).toEqual(["description"]);
    expect(answer.tags).toHaveLength(TAGS_MAX);
    expect(answer.tags[0]).toBe("tag 0");
  });
});

describe("keeping the card's prompt private (issue 39 §2)", () => {
  const PROMPT = {
    personality: "PRIVATE-personality brave",
    scenario: "PRIVATE-scenario on the bridge",
    first_mes: "PRIVATE-first Welcome aboard.",
    mes_example: "<START>\n{{user}}: PRIVATE-example hi\n{{char}}: hello",
    system_prompt: "PRIVATE-system You are Mira.",
    post_history_instructions: "PRIVATE-post stay in character",
    alternate_greetings: ["PRIVATE-greeting"],
    character_book: { entries: [{ keys: ["ship"], content: "PRIVATE-lore" }] },
  };
  const DEFINITION = [
    '[character("Mira") { Species("human") Personality("PRIVATE-wpp" + "loyal") }]',
    "{ PRIVATE-json: true }",
    "Personality: PRIVATE-label brave, loyal\nScenario: PRIVATE-label on the bridge",
    "- Body type: PRIVATE-bullet tall",
    "{{user}}: PRIVATE-dialogue Hi\n{{char}}: PRIVATE-dialogue Welcome.",
    "Mira: PRIVATE-named-dialogue Hello there.",
  ].join("\n\n");
  const everyPrivateText = (answer: unknown) => JSON.stringify(answer).match(/PRIVATE-[a-z-]+/g) ?? [];

  test("without creator notes: the first paragraph of the description that is not a definition, never the prompt", async () => {
    const card = cardV2({
      name: "Mira",
      description: `${DEFINITION}\n\n<p>{{char}} has commanded the <b>Starfall</b> for ten years.</p>\n\nPRIVATE-second paragraph.`,
      tags: ["sci-fi"],
      ...PROMPT,
    });
    for (const bytes of [await pngCard(card), jsonCard(card)]) {
      const answer = (await importCard(bytes)).json();
      expect(answer).toMatchObject({
        title: "Mira",
        tagline: null,
        description: "Mira has commanded the Starfall for ten years.",
        descriptionFrom: "description",
        // Every prompt field, in the contract's order.
        leftOut: [...CARD_PRIVATE_FIELDS],
      });
      expect(everyPrivateText(answer)).toEqual([]);
      expect(cardImportSummary(answer)).toEqual([
        "The description is the first paragraph of the card's description that is not part of the character's definition.",
        "Left out, so that the character's prompt stays private: the rest of the card's description, personality, scenario, first message, alternate greetings, example messages, system prompt, post-history instructions and lorebook.",
      ]);
    }
  });

  test("creator notes win (V2, V3's translations, V1's creatorcomment); a description that is all definition is left out", async () => {
    const v2 = (
      await importCard(
        jsonCard(cardV2({ name: "Mira", description: DEFINITION, creator_notes: "Public notes.", ...PROMPT })),
      )
    ).json();
    expect(v2).toMatchObject({ description: "Public notes.", descriptionFrom: "creatorNotes" });
    expect(v2.leftOut[0]).toBe("description");
    expect(everyPrivateText(v2)).toEqual([]);
    expect(cardImportSummary(v2)[0]).toBe("The description is the card's creator notes.");
    expect(cardImportSummary(v2)[1]).toMatch(
      /^Left out, so that the character's prompt stays private: the card's description \(the character's definition\), personality,/,
    );

    // SillyTavern writes V1's creatorcomment beside a V2 card's data; a V1 card has it flat.
    const besideData = { ...cardV2({ name: "Mira", description: DEFINITION }), creatorcomment: "Comment notes." };
    expect((await importCard(jsonCard(besideData))).json()).toMatchObject({
      description: "Comment notes.",
      tagline: "Comment notes.",
    });
    const v1 = (
      await importCard(jsonCard({ name: "Fred", description: DEFINITION, creatorcomment: "Old notes." }))
    ).json();
    expect(v1).toMatchObject({
      spec: "v1",
      description: "Old notes.",
      descriptionFrom: "creatorNotes",
      leftOut: ["description"],
    });

    const allDefinition = (
      await importCard(jsonCard(cardV3({ name: "Mira", description: DEFINITION, ...PROMPT })))
    ).json();
    expect(allDefinition).toMatchObject({ description: null, descriptionFrom: null, tagline: null });
    expect(allDefinition.leftOut[0]).toBe("description");
    expect(everyPrivateText(allDefinition)).toEqual([]);
    expect(cardImportSummary(allDefinition)[0]).toBe(
      "The card has no creator notes or public description: write the description yourself.",
    );
  });

  test("text from a card is cleaned of NUL and control characters, and the prefilled fields save as they are", async () => {
    const card = cardV2({
      name: "Ctrl\u0000 Mira\u0007\u001b",
      creator_notes: "Notes\u0000 with\u0008 bells\u0007\ttab\r\nSecond\u0085 line\uFFFF \uD800 kept\tinside",
      tags: ["sci\u0000-fi", "bell\u0007", "\u0001"],
    });
    const answer = (await importCard(await pngCard(card))).json();
    expect(answer).toMatchObject({
      title: "Ctrl Mira",
      tagline: "Notes with bells tab",
      description: "Notes with bells\ttab\nSecond line  kept\tinside",
      tags: ["sci-fi", "bell"],
    });
    // What the dialog would send: the prefilled fields and the art, as they were offered.
    const picture = Buffer.from(answer.picture.slice(answer.picture.indexOf(",") + 1), "base64");
    const saved = await createListing(
      app,
      cookie,
      { title: answer.title, tagline: answer.tagline, description: answer.description, tags: answer.tags.join(", ") },
      picture,
    );
    expect(saved).toMatchObject({ title: "Ctrl Mira", description: answer.description, tags: ["sci-fi", "bell"] });
  });
});

describe("CHARX cards (a zip of card.json and its assets)", () => {
  const CHARX_DATA = {
    name: "Zipped Zara",
    description: "{{char}}: PRIVATE-definition",
    personality: "PRIVATE-personality",
    creator_notes: "A courier of the <i>outer rings</i>.",
    tags: ["sci-fi"],
    assets: [iconAsset("assets/icon/images/main.png"), iconAsset("assets/icon/images/alt.png", "alt")],
  };

  test("read as V3: the card's fields, the prompt left out, its main icon as the picture (without text chunks)", async () => {
    const main = await pngWithText({ Comment: "kept out" }, "#0f766e");
    const alt = await pngWithText({}, "#b91c1c");
    const zip = charxCard(cardV3(CHARX_DATA), {
      "assets/icon/images/main.png": main,
      "assets/icon/images/alt.png": alt,
      "assets/other/sound.mp3": new Uint8Array(1000),
    });
    const answer = await readCard(zip, { filename: "zara.charx", type: "application/zip" });
    expect(answer).toMatchObject({
      spec: "v3",
      title: "Zipped Zara",
      tagline: "A courier of the outer rings.",
      description: "A courier of the outer rings.",
      descriptionFrom: "creatorNotes",
      leftOut: ["description", "personality"],
      tags: ["sci-fi"],
    });
    expect(JSON.stringify(answer)).not.toContain("PRIVATE-");
    expect(answer.picture.startsWith("data:image/png;base64,")).toBe(true);
    const picture = Buffer.from(answer.picture.slice(answer.picture.indexOf(",") + 1), "base64");
    // The main icon (not the other one), pixel for pixel.
    expect(await sharp(picture).raw().toBuffer()).toEqual(await sharp(main).raw().toBuffer());
    expect(extractChunks(picture).map((chunk) => chunk.name)).not.toContain("tEXt");
    // The prefilled fields and the icon save as a listing.
    const saved = await createListing(app, cookie, { title: answer.title, description: answer.description }, picture);
    expect(saved.title).toBe("Zipped Zara");
  });

  test("a WebP icon comes as image/webp; no icon or an icon outside the zip gives no picture", async () => {
    const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer();
    const withWebp = charxCard(cardV3({ ...CHARX_DATA, assets: [iconAsset("assets/icon/images/main.webp")] }), {
      "assets/icon/images/main.webp": webp,
    });
    expect((await importCard(withWebp)).json().picture.startsWith("data:image/webp;base64,")).toBe(true);
    const outside = cardV3({
      ...CHARX_DATA,
      assets: [{ type: "icon", uri: "https://example.com/a.png", name: "main" }],
    });
    expect((await importCard(charxCard(outside))).json()).toMatchObject({ title: "Zipped Zara", picture: null });
    const missing = charxCard(cardV3({ ...CHARX_DATA, assets: [iconAsset("assets/icon/images/gone.png")] }));
    expect((await importCard(missing)).json().picture).toBeNull();
  });

  test("hostile or damaged zips are not cards: 400, nothing inflated past its declared size", async () => {
    const card = cardV3(CHARX_DATA);
    const good = charxCard(card);
    // card.json's declared size in the central directory (offset 24 of its header) made 6 MB, past the card's limit.
    const claimsHuge = Buffer.from(good);
    const central = claimsHuge.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    claimsHuge.writeUInt32LE(6 * 1024 * 1024, central + 24);
    // ...and made 10 bytes: the text inflated into 10 bytes is cut, so not a card (and never more memory).
    const claimsTiny = Buffer.from(good);
    claimsTiny.writeUInt32LE(10, central + 24);
    // A bomb: 4 MB of spaces before the JSON compress to a few kB, inflated only because declared (within the limit).
    const bomb = charxCard({ ...card, padding: " ".repeat(4 * 1024 * 1024) });
    const tooManyEntries = charxCard(
      card,
      Object.fromEntries(Array.from({ length: 1100 }, (_, i) => [`a/${i}`, new Uint8Array(1)])),
    );
    const noCardJson = Buffer.from(good);
    noCardJson.write("xard.json", noCardJson.indexOf("card.json", central), "latin1");
    const notCards = [
      claimsHuge,
      claimsTiny,
      tooManyEntries,
      noCardJson,
      good.subarray(0, good.length - 30),
      Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(100)]),
    ];
    for (const bytes of notCards) {
      const response = await importCard(bytes, { filename: "card.charx", type: "application/zip" });
      expect([response.statusCode, response.json().message]).toEqual([400, CHARACTER_CARD_MESSAGES.unreadable]);
    }
    expect(bomb.length).toBeLessThan(100_000);
    expect((await importCard(bomb)).json()).toMatchObject({ spec: "v3", title: "Zipped Zara" });
  });
});

describe("refusing what is not a card", () => {
  test("a plain picture, a PNG whose chunk is not a card, other bytes and other JSON: 400 saying so", async () => {
    const notCards = [
      await pngImage(),
      await pngWithText({ chara: "!!not base64 json!!" }),
      await pngWithText({ Comment: "just a comment" }),
      Buffer.from("hello, world"),
      jsonCard([1, 2, 3]),
      jsonCard({ spec: "chara_card_v2", data: "nothing" }),
    ];
    for (const bytes of notCards) {
      const response = await importCard(bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: CHARACTER_CARD_MESSAGES.unreadable });
    }
  });

  test("a card over 5 MB: 413, not read", async () => {
    const card = cardV2({ name: "Big", description: "x".repeat(5 * 1024 * 1024) });
    const response = await importCard(jsonCard(card), { type: "application/json" });
    expect(response.statusCode).toBe(413);
  });

  test("visitors may not import: 401", async () => {
    const response = await importCard(jsonCard(cardV2(V2_DATA)), { cookie: "" });
    expect(response.statusCode).toBe(401);
  });
});

describe("over tRPC and in the OpenAPI document", () => {
  test("chatbots.importCard takes FormData with the file `card`", async () => {
    const card = await pngCard(cardV2(V2_DATA));
    const ok = await importCard(card, { url: "/trpc/chatbots.importCard" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toMatchObject({ spec: "v2", title: "Captain Mira" });
    const refused = await importCard(Buffer.from("nope"), { url: "/trpc/chatbots.importCard" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(CHARACTER_CARD_MESSAGES.unreadable);
  });

  test("the REST call is documented", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operation = document.paths["/api/chatbots/import-card"].post;
    expect(operation.operationId).toBe("importCharacterCard");
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "413"]));
  });
});
