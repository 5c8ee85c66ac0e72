// Issue 40 §1: the home page's discovery rails never repeat each other. Each rail shows the first listings of its
// order that no rail before it shows, so on a quiet gallery (every order tied) trending, popular and most saved
// are three different sets of ten, and a listing on top of two orders is shown once.
import { type DiscoveryRail, RAIL_SIZE, RAIL_SORTS } from "@gallery/schema";
import { describe, expect } from "vitest";
import { refreshScores } from "../src/domain/stats/scores.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";

const SFW = 26;
const NSFW = 2;

/** The rails as a client asks for them over tRPC. */
async function rails(app: TestApp, cookie?: string): Promise<DiscoveryRail[]> {
  const response = await app.inject({
    method: "GET",
    url: `/trpc/chatbots.rails?input=${encodeURIComponent("{}")}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
}

/** The gallery's first ids in an order, as the gallery answers a visitor. */
async function firstIds(app: TestApp, sort: string): Promise<string[]> {
  const response = await app.inject({ method: "GET", url: `/api/chatbots?sort=${sort}&limit=100` });
  return (response.json() as Array<{ id: string }>).map((listing) => listing.id);
}

const ids = (rail: DiscoveryRail) => rail.items.map((item) => item.id);

function expectNoRepeats(all: DiscoveryRail[]) {
  const seen = all.flatMap(ids);
  expect(new Set(seen).size, "no listing in two rails").toBe(seen.length);
}

describe("the discovery rails", () => {
  let member: Awaited<ReturnType<typeof signUp>>;
  let listings: string[] = [];

  test.beforeAll(async ({ app }) => {
    member = await signUp(app);
    for (let i = 0; i < SFW + NSFW; i++) {
      const row = await app.database.db
        .insertInto("chatbots")
        .values({ title: `Quiet ${i}`, tags: ["quiet"], nsfw: i >= SFW, userId: member.user.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      listings.push(row.id);
    }
    listings = listings.slice(0, SFW);
    await refreshScores(app.database.db);
  });

  test("on a quiet gallery, trending, popular and most saved show different listings, each in its own order", async ({
    app,
  }) => {
    const visitor = await rails(app);
    expect(visitor.map((rail) => rail.id)).toEqual([...RAIL_SORTS]);
    expect(visitor.map((rail) => rail.items.length)).toEqual([RAIL_SIZE, RAIL_SIZE, SFW - 2 * RAIL_SIZE]);
    expectNoRepeats(visitor);
    // Each rail: its order's first listings, less those a rail before it shows.
    const shown = new Set<string>();
    for (const rail of visitor) {
      const order = (await firstIds(app, rail.id)).filter((id) => !shown.has(id));
      expect(ids(rail), rail.id).toEqual(order.slice(0, RAIL_SIZE));
      for (const id of ids(rail)) shown.add(id);
    }
    // A visitor's rails hold SFW listings only; a member's are theirs (the NSFW ones may be in them), still distinct.
    expect(visitor.flatMap((rail) => rail.items).every((item) => !item.nsfw)).toBe(true);
    const own = await rails(app, member.cookie);
    expectNoRepeats(own);
    expect(own.flatMap(ids)).toHaveLength(SFW + NSFW);
  });

  test("a listing on top of two orders is shown once: the second rail starts with its next distinct listings", async ({
    app,
  }) => {
    // Five listings chatted with today: first in both trending (this week) and popular (this month).
    const today = new Date().toISOString().slice(0, 10);
    const hot = listings.slice(-5);
    for (const [rank, id] of hot.entries())
      await app.database.db
        .insertInto("listingStatsDaily")
        .values({ chatbotId: id, day: today, kind: "polybuzz", count: 50 - rank })
        .execute();
    await refreshScores(app.database.db);
    const [trendingOrder, popularOrder] = [await firstIds(app, "trending"), await firstIds(app, "popular")];
    expect(trendingOrder.slice(0, 5)).toEqual(hot);
    expect(popularOrder.slice(0, 5)).toEqual(hot);

    const [trending, popular] = await rails(app);
    expect(ids(trending!).slice(0, 5)).toEqual(hot);
    for (const id of hot) expect(ids(popular!)).not.toContain(id);
    expect(ids(popular!)[0]).not.toBe(ids(trending!)[0]);
    expectNoRepeats(await rails(app));
  });
});
