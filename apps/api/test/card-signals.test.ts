import type { Chatbot } from "@gallery/schema";
import { describe } from "vitest";
import { refreshScores } from "../src/domain/stats/scores.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { expect, test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";

/**
 * What a portrait card shows beyond the spec's fields (issue 27): the picture's focal point, which its creator
 * may set when uploading, and the popularity signals (chats started this week and this month, from click-outs).
 */

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("the focal point", () => {
  test("defaults to the upper middle, is set on create and edit (REST and tRPC forms), and is in every read", async ({
    app,
  }) => {
    const { cookie } = await signUp(app);
    const plain = await createListing(app, cookie);
    expect([plain.imageFocusX, plain.imageFocusY]).toEqual([50, 25]);

    const focused = await createListing(app, cookie, { imageFocusX: "30", imageFocusY: "0" });
    expect([focused.imageFocusX, focused.imageFocusY]).toEqual([30, 0]);

    const edit = multipart({ imageFocusY: "100" });
    const edited = await sendForm(app, "PUT", `/api/chatbots/${focused.id}`, edit, cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Chatbot>()).toMatchObject({ imageFocusX: 30, imageFocusY: 100 });

    // The lists read the stored copy: it has the new point too.
    const list = await app.inject({ method: "GET", url: "/api/chatbots" });
    const listed = list.json<Chatbot[]>().find((listing) => listing.id === focused.id);
    expect(listed).toMatchObject({ imageFocusX: 30, imageFocusY: 100 });
    const page = await app.inject({ method: "GET", url: `/api/chatbots/${focused.id}` });
    expect(page.json<Chatbot>()).toMatchObject({ imageFocusX: 30, imageFocusY: 100 });
  });

  test("out of 0–100 or not a whole number: 400 naming the field, nothing stored", async ({ app }) => {
    const { cookie } = await signUp(app);
    for (const [field, value] of [
      ["imageFocusX", "101"],
      ["imageFocusY", "-1"],
      ["imageFocusX", "12.5"],
      ["imageFocusY", "middle"],
    ] as const) {
      const body = multipart(
        { title: `Focus ${value}`, [field]: value },
        { name: "image", filename: "bot.png", type: "image/png", data: await pngImage() },
      );
      const response = await sendForm(app, "POST", "/api/chatbots", body, cookie);
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().message).toContain(`${field} must be a whole number from 0 to 100`);
    }
    const mine = await app.database.db.selectFrom("chatbots").select("id").where("title", "like", "Focus %").execute();
    expect(mine).toEqual([]);
  });
});

describe("the popularity signals", () => {
  test("count the week's and the month's chats started (unique click-outs) once the scores are refreshed", async ({
    app,
  }) => {
    const { cookie } = await signUp(app);
    const listing = await createListing(app, cookie, { polybuzzUrl: "https://www.polybuzz.ai/character/chat/x" });
    expect([listing.chatsThisWeek, listing.chatsThisMonth]).toEqual([0, 0]);
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      const response = await app.inject({
        method: "GET",
        url: `/go/${listing.id}/polybuzz`,
        headers: { "user-agent": BROWSER },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(302);
    }
    await app.listingStats.flush();
    // Counts from before this week: in the month only.
    await app.database.db
      .insertInto("listingStatsDaily")
      .values({
        chatbotId: listing.id,
        day: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
        kind: "polybuzz",
        count: 4,
      })
      .execute();
    await refreshScores(app.database.db);
    const page = await app.inject({ method: "GET", url: `/api/chatbots/${listing.id}` });
    expect(page.json<Chatbot>()).toMatchObject({ chatsThisWeek: 3, chatsThisMonth: 7 });
    const list = await app.inject({ method: "GET", url: "/api/chatbots?sort=popular" });
    expect(list.json<Chatbot[]>().find((each) => each.id === listing.id)).toMatchObject({
      chatsThisWeek: 3,
      chatsThisMonth: 7,
    });
  });
});
