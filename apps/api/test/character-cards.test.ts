// Importing a Tavern character card (issue 24): POST /api/chatbots/import-card and chatbots.importCard read a
// card (PNG V2/V3 or JSON) into a new listing's fields. Fixtures follow the published specs (support/character-cards.ts).
import { CHARACTER_CARD_MESSAGES, DESCRIPTION_MAX, TAGLINE_MAX, TAGS_MAX, TITLE_MAX } from "@gallery/schema";
import extractChunks from "png-chunks-extract";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { cardV2, cardV3, jsonCard, pngCard, pngWithText } from "./support/character-cards.js";
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
    const response = await importCard(await pngCard(cardV2(V2_DATA)));
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      spec: "v2",
      title: "Captain Mira",
      tagline: "Explore the stars with Mira.",
      description: "A starship captain.\n\nLoyal to Captain Mira's crew.",
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
      description: "Она говорит «привет» 👋🏽",
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
      tags: [],
      picture: null,
    });
  });

  test("missing or mistyped fields are left empty", async () => {
    const answer = (await importCard(jsonCard(cardV3({ name: 42, tags: "not a list", description: null })))).json();
    expect(answer).toEqual({ spec: "v3", title: "", tagline: null, description: null, tags: [], picture: null });
  });

  test("huge fields are cut to the listing's limits between characters; tags kept within theirs", async () => {
    const card = cardV2({
      name: "N".repeat(TITLE_MAX * 3),
      creator_notes: `${"🐉".repeat(TAGLINE_MAX)}\nmore`,
      description: "word ".repeat(DESCRIPTION_MAX),
      tags: [...Array.from({ length: 100 }, (_, index) => `tag ${index}`), "x".repeat(51)],
    });
    const answer = (await importCard(await pngCard(card))).json();
    expect(answer.title).toHaveLength(TITLE_MAX);
    expect(answer.title.endsWith("…")).toBe(true);
    expect(answer.tagline.length).toBeLessThanOrEqual(TAGLINE_MAX);
    expect(answer.tagline).toMatch(/^(🐉)+…$/u);
    expect(answer.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(answer.description.endsWith("word…")).toBe(true);
    expect(answer.tags).toHaveLength(TAGS_MAX);
    expect(answer.tags[0]).toBe("tag 0");
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
      expect(response.json()).toEqual({ message: CHARACTER_CARD_MESSAGES.unreadable });
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
