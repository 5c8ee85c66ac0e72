// Shared copies and members with a view of their own (issue 41: a test of its own beside safety-settings.test.ts).
// The members' shared copy of a read shows NSFW listings as they are and every tag: a member whose answers
// differ (Hide, a blocklist, an age not yet answered, under 18) is never handed it, and nothing computed for
// such a member is handed to anyone else.
import type { Chatbot } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { askUntilCopy, getAs, sendJson } from "./support/requests.js";

let app: TestApp;
const ids: Record<string, string> = {};

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  const creator = await signUp(app);
  ids.mature = (await createListing(app, creator.cookie, { title: "Mature Max", nsfw: "true" })).id;
  ids.gory = (await createListing(app, creator.cookie, { title: "Gory Gus", tags: "gore" })).id;
  ids.plain = (await createListing(app, creator.cookie, { title: "Plain Pat" })).id;
});

const fifteen = () => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - 15);
  return date.toISOString().slice(0, 10);
};

/** The kinds of member with answers of their own, each made afresh. */
const PERSONAL: Record<string, () => Promise<Member>> = {
  Hide: () => withSettings({ blockedTags: [], nsfwDisplay: "hide" }),
  "a blocklist": () => withSettings({ blockedTags: ["gore"], nsfwDisplay: "show" }),
  "no age answer": () => signUp(app, undefined, { age: "unanswered" }),
  "under 18": () => signUp(app, undefined, { age: fifteen() }),
};
async function withSettings(settings: { blockedTags: string[]; nsfwDisplay: string }) {
  const member = await signUp(app);
  const saved = await sendJson(app, "PUT", "/api/user/settings", settings, member.cookie);
  expect(saved.statusCode).toBe(200);
  return member;
}

/** What the shared members' answer shows that a personal member's may not. */
function showsAllAsItIs(body: string) {
  const bots = JSON.parse(body) as Chatbot[];
  const mature = bots.find((bot) => bot.id === ids.mature);
  return (
    mature !== undefined && !mature.imageUrl?.includes("/images/blurred/") && bots.some((bot) => bot.id === ids.gory)
  );
}

/** Asks until the answer comes from a copy (Age header). */
const fromCopy = async (url: string, cookie: string) => (await askUntilCopy(() => getAs(app, url, cookie))).body;

describe("a member with a view of their own", () => {
  for (const [index, [kind, make]] of Object.entries(PERSONAL).entries()) {
    test(`${kind}: never handed the members' shared copy, REST and tRPC`, async () => {
      const url = "/api/chatbots?limit=50";
      const trpcUrl = `/trpc/chatbots.list?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`;
      const plain = await signUp(app);
      expect(showsAllAsItIs(await fromCopy(url, plain.cookie))).toBe(true);
      await fromCopy(trpcUrl, plain.cookie);
      const member = await make();
      for (let i = 0; i < 3; i++) {
        expect(showsAllAsItIs((await getAs(app, url, member.cookie)).body), `${kind} REST ${i}`).toBe(false);
        const overTrpc = (await getAs(app, trpcUrl, member.cookie)).json().result.data.items;
        expect(showsAllAsItIs(JSON.stringify(overTrpc)), `${kind} tRPC ${i}`).toBe(false);
      }
    });

    test(`${kind}: their answer is never handed to a plain member or a visitor`, async () => {
      // A read of its own per kind, so the first copy of it is theirs.
      const url = `/api/chatbots?limit=${40 + index}`;
      const member = await make();
      await fromCopy(url, member.cookie);
      const plain = await signUp(app);
      const answer = await getAs(app, url, plain.cookie);
      expect(answer.headers.age).toBeUndefined();
      expect(showsAllAsItIs(answer.body)).toBe(true);
      const visitor = await getAs(app, url);
      const bots = visitor.json() as Chatbot[];
      expect(bots.map((bot) => bot.id).sort()).toEqual([ids.gory, ids.plain].sort());
    });
  }
});
