// The character card's 5 MB limit over tRPC (issue 41). The tRPC FormData body may be up to 5 MB + 64 kB
// (FORM_BODY_MAX, room for the form's other parts), so a card a little over 5 MB passes the body limit and the
// card import's own size check is the only guard there: REST's multipart file limit stops it before. Both answer
// 413 with the image-size message (tRPC names every PAYLOAD_TOO_LARGE so, the card's own message included).
import { IMAGE_MAX_BYTES } from "@gallery/schema";
import { describe, expect } from "vitest";
import { IMAGE_TOO_LARGE } from "../src/domain/errors.js";
import { FORM_BODY_MAX } from "../src/plugins/app/trpc.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { cardV2, jsonCard } from "./support/character-cards.js";
import { test } from "./support/fixtures.js";
import { multipart } from "./support/images.js";

let app: TestApp;
let cookie: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  ({ cookie } = await signUp(app));
});

/** A JSON card file of exactly `size` bytes (its description padded). */
function cardOfSize(size: number) {
  const empty = jsonCard(cardV2({ name: "Big", description: "" })).length;
  const card = jsonCard(cardV2({ name: "Big", description: "x".repeat(size - empty) }));
  expect(card.length).toBe(size);
  return card;
}

/** chatbots.importCard as the web's client sends it: FormData with the file `card` (or the same form over REST). */
function importOverTrpc(card: Buffer, url = "/trpc/chatbots.importCard") {
  const body = multipart({}, { name: "card", filename: "big.json", type: "application/json", data: card });
  expect(body.payload.length).toBeLessThan(FORM_BODY_MAX);
  return app.inject({
    method: "POST",
    url,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

describe("chatbots.importCard's size limit", () => {
  test("a 5.25 MB card (under the tRPC body limit): 413 with the image-size message, as over REST", async () => {
    const card = cardOfSize(5_250_000);
    const response = await importOverTrpc(card);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(IMAGE_TOO_LARGE);
    const overRest = await importOverTrpc(card, "/api/chatbots/import-card");
    expect([overRest.statusCode, overRest.json().message]).toEqual([413, IMAGE_TOO_LARGE]);
  });

  test("a card of exactly 5 MB is read", async () => {
    const response = await importOverTrpc(cardOfSize(IMAGE_MAX_BYTES));
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toMatchObject({ spec: "v2", title: "Big" });
  });

  test("one byte more is refused", async () => {
    const response = await importOverTrpc(cardOfSize(IMAGE_MAX_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(IMAGE_TOO_LARGE);
  });
});
