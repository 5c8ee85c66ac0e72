import type { Chatbot } from "@gallery/schema";
import { describe, expect } from "vitest";
import { refreshScores } from "../../src/domain/stats/scores.js";
import type { TestApp } from "../support/app.js";
import { signUp } from "../support/auth.js";
import { test } from "../support/fixtures.js";
import { dailyCounts, recordView } from "../support/stats.js";

/**
 * Issue 36, item 3: 30 `/go` click-outs and 30 views from one address with rotating User-Agents all counted and
 * made the listing #1 in `sort=popular`, and `/go` had no rate limit. Now one address (an IPv6 /64 as one) counts
 * at most once per listing, kind and day, a member once whatever their address, and `/go` answers 429 past
 * RATE_LIMIT_GO a minute from one address.
 */
const GO_LIMIT = 35;
test.override("appEnv", { RATE_LIMIT_GO: String(GO_LIMIT) });

const userAgent = (n: number | string) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/13${n}.0`;

let app: TestApp;
let creatorId: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creatorId = (await signUp(app)).user.id;
});

const slug = (title: string) => title.toLowerCase().replaceAll(" ", "-");

async function listing(title: string) {
  const row = await app.database.db
    .insertInto("chatbots")
    .values({
      title,
      userId: creatorId,
      polybuzzUrl: `https://www.polybuzz.ai/character/chat/${slug(title)}`,
      nsfw: false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const click = (id: string, address: string, agent = userAgent(0)) =>
  app.inject({ method: "GET", url: `/go/${id}/polybuzz`, remoteAddress: address, headers: { "user-agent": agent } });

const view = (id: string, address: string, agent = userAgent(0), cookie?: string) =>
  recordView(app, id, { agent, address, cookie });

async function counts(id: string) {
  await app.listingStats.flush();
  return dailyCounts(app, id);
}

describe("one address is one visitor", () => {
  test("30 click-outs and 30 views from one address with rotating User-Agents count once each", async () => {
    const id = await listing("Rigged by one browser");
    for (let n = 0; n < 30; n++) {
      expect((await click(id, "203.0.113.80", userAgent(n))).statusCode).toBe(302);
      expect((await view(id, "203.0.113.80", userAgent(n))).statusCode).toBe(200);
    }
    expect(await counts(id)).toEqual({ polybuzz: 1, view: 1 });
    // The addresses of one IPv6 /64 are one visitor as well.
    for (const address of [
      "2001:db8:77:1::1",
      "2001:db8:77:1::2",
      "2001:db8:77:1::abcd:1234",
      "2001:db8:77:1:ffff:ffff:ffff:ffff",
    ]) {
      expect((await click(id, address)).statusCode).toBe(302);
    }
    expect(await counts(id)).toEqual({ polybuzz: 2, view: 1 });
  });

  test("a member counts once, whatever address they come from", async () => {
    const id = await listing("Viewed by a travelling member");
    const member = await signUp(app);
    for (const address of ["198.51.100.81", "192.0.2.81", "100.64.0.81"]) {
      expect((await view(id, address, userAgent(address), member.cookie)).statusCode).toBe(200);
      const out = await app.inject({
        method: "GET",
        url: `/go/${id}/polybuzz`,
        remoteAddress: address,
        headers: { "user-agent": userAgent(address), cookie: member.cookie },
      });
      expect(out.statusCode).toBe(302);
    }
    expect(await counts(id)).toEqual({ polybuzz: 1, view: 1 });
  });

  test("a listing pushed by one address does not rank above one with more distinct visitors in sort=popular", async () => {
    const rigged = await listing("Pushed");
    const liked = await listing("Liked by two");
    for (let n = 0; n < 30; n++) expect((await click(rigged, "203.0.113.90", userAgent(n))).statusCode).toBe(302);
    for (const address of ["198.51.100.91", "192.0.2.91"]) expect((await click(liked, address)).statusCode).toBe(302);
    expect(await counts(rigged)).toEqual({ polybuzz: 1 });
    expect(await counts(liked)).toEqual({ polybuzz: 2 });
    await refreshScores(app.database.db);
    await expect
      .poll(async () => {
        const page = await app.inject({ method: "GET", url: "/api/chatbots?sort=popular&limit=100" });
        const ids = page.json<Chatbot[]>().map((chatbot) => chatbot.id);
        return ids.indexOf(liked) >= 0 && ids.indexOf(liked) < ids.indexOf(rigged);
      })
      .toBe(true);
  });
});

describe("GET /go is rate limited per address", () => {
  test(`past RATE_LIMIT_GO (${GO_LIMIT} here) a minute one address gets 429, with any User-Agent; another address is still served`, async () => {
    const id = await listing("Clicked a lot");
    const statuses: number[] = [];
    for (let n = 0; n < GO_LIMIT; n++) statuses.push((await click(id, "203.0.113.99", userAgent(n))).statusCode);
    expect(statuses.every((status) => status === 302)).toBe(true);
    const refused = await click(id, "203.0.113.99", userAgent("another"));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    expect(refused.headers.location).toBeUndefined();
    // The same /64 is the same address.
    for (let n = 0; n < GO_LIMIT; n++) await click(id, `2001:db8:99:1::${n + 1}`);
    expect((await click(id, "2001:db8:99:1::ffff")).statusCode).toBe(429);
    const other = await click(id, "198.51.100.99");
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe("https://www.polybuzz.ai/character/chat/clicked-a-lot");
  });
});
