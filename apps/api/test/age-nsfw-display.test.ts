// The age branch of the NSFW display (issue 41: a test of its own beside honest-states.test.ts): under 18, Hide
// whatever the member saved; not yet answered, Blur at most (Hide stays Hide); 18 from the birthday on, as chosen.
import type { Chatbot } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs } from "./support/requests.js";

let app: TestApp;
let mature: Chatbot;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  const creator = await signUp(app);
  mature = (await createListing(app, creator.cookie, { title: "Mature Mira", nsfw: "true" })) as Chatbot;
});

/** A date of birth `years` years before today (UTC), moved by `days`. */
function bornYearsAgo(years: number, days = 0) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const saveSettings = (member: Member, nsfwDisplay: string) =>
  app.inject({
    method: "PUT",
    url: "/api/user/settings",
    headers: { cookie: member.cookie },
    payload: { blockedTags: [], nsfwDisplay },
  });
/** The NSFW listing as the member's gallery lists it (undefined: not listed). */
const listed = async (member: Member) =>
  ((await getAs(app, "/api/chatbots?nsfw=true&limit=100", member.cookie)).json() as Chatbot[]).find(
    (bot) => bot.id === mature.id,
  );
const page = (member: Member) => getAs(app, `/api/chatbots/${mature.id}`, member.cookie);

describe("not yet answered", () => {
  test("Show becomes Blur: the picture blurred, the original only in the reveal field", async () => {
    const member = await signUp(app, undefined, { age: "unanswered" });
    const bot = await listed(member);
    expect(bot?.imageUrl).toMatch(/\/images\/blurred\//);
    expect(bot?.revealImageUrl).toBe(mature.imageUrl);
  });

  test("Hide stays Hide: not listed, and its page says so", async () => {
    const member = await signUp(app, undefined, { age: "unanswered" });
    expect((await saveSettings(member, "hide")).statusCode).toBe(200);
    expect(await listed(member)).toBeUndefined();
    const answer = await page(member);
    expect([answer.statusCode, answer.json().message]).toEqual([
      403,
      "This listing is hidden by your NSFW setting (Hide)",
    ]);
  });
});

describe("under 18", () => {
  test("Hide whatever the member's row says: a row with Show and a date of birth under 18 sees no NSFW", async () => {
    // As a row written before the rule could hold: Show saved, then a date of birth of a 16-year-old.
    const member = await signUp(app);
    expect((await saveSettings(member, "show")).statusCode).toBe(200);
    await app.database.db
      .updateTable("users")
      .set({ birthDate: new Date(bornYearsAgo(16)), nsfwDisplay: "show" })
      .where("id", "=", member.user.id)
      .execute();
    expect(await listed(member)).toBeUndefined();
    const answer = await page(member);
    expect([answer.statusCode, answer.json().message]).toEqual([403, "This listing is for members 18 or older"]);
    expect((await getAs(app, mature.imageUrl!, member.cookie)).statusCode).toBe(401);
  });
});

describe("18 from the birthday on", () => {
  test("18 today: sees the NSFW listing as chosen; 18 tomorrow: not yet", async () => {
    const adult = await signUp(app, undefined, { age: bornYearsAgo(18) });
    expect((await listed(adult))?.imageUrl).toBe(mature.imageUrl);
    expect((await page(adult)).statusCode).toBe(200);

    const almost = await signUp(app, undefined, { age: bornYearsAgo(18, 1) });
    expect(await listed(almost)).toBeUndefined();
    expect((await page(almost)).statusCode).toBe(403);
  });
});
