import { randomUUID } from "node:crypto";
import {
  type AccountStats,
  inCollections,
  PERFORMANCE_EXCERPT_MAX,
  PERFORMANCE_NEWEST_REVIEWS,
  PERFORMANCE_TEXTS,
  reviewsSummary,
} from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { test } from "./support/fixtures.js";
import { writeReview } from "./support/reviews.js";
import { insertMember } from "./support/shared-reads.js";

/**
 * Creators see the loop (issue 38 §4): the dashboard's performance read ("Track performance", GET /api/user/stats and
 * chatbots.myStats) carries each of the caller's listings' rating from the stored count and sum, its newest shown
 * reviews (hidden ones and suspended authors' left out), how many collections hold it (private ones counted, never
 * named), and the followers gained each day of the chart's 30, zeros included; nothing of another member's listings.
 */

const SESSION_SECRET = "a-session-secret-for-the-dashboard-loop-test";
test.override("appEnv", {
  SESSION_SECRET,
  REVIEW_MIN_ACCOUNT_AGE_HOURS: "1",
  RESPONSE_CACHE_SECONDS: "5",
  RATE_LIMIT_WRITES: "1000",
});

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** A member old enough, with a verified e-mail, to review. */
function member(app: TestApp) {
  const name = `d${randomUUID().slice(0, 8)}`;
  return insertMember(app, SESSION_SECRET, name, {
    emailVerified: true,
    nickname: name,
    createdAt: new Date(Date.now() - 2 * 3_600_000),
  });
}

async function insertListing(app: TestApp, userId: string, title: string) {
  const row = await app.database.db
    .insertInto("chatbots")
    .values({ title, userId, polybuzzUrl: "https://polybuzz.ai/c/looped" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function review(app: TestApp, cookie: string, chatbotId: string, rating: number, text: string) {
  const response = await writeReview(app, { cookie }, chatbotId, { rating, text });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

async function collection(app: TestApp, userId: string, title: string, isPublic: boolean, chatbotIds: string[]) {
  const { id } = await app.database.db
    .insertInto("collections")
    .values({ userId, title, isPublic })
    .returning("id")
    .executeTakeFirstOrThrow();
  await app.database.db
    .insertInto("collectionItems")
    .values(chatbotIds.map((chatbotId, position) => ({ collectionId: id, chatbotId, position })))
    .execute();
}

const follow = (app: TestApp, followerId: string, followeeId: string, createdAt: Date) =>
  app.database.db.insertInto("follows").values({ followerId, followeeId, createdAt }).execute();

const statsOf = (app: TestApp, cookie?: string) =>
  app.inject({ method: "GET", url: "/api/user/stats", headers: cookie ? { cookie } : {} });

describe("the texts", () => {
  test("are word for word", () => {
    expect(reviewsSummary({ average: 4.6, count: 12 })).toBe("4.6 ★ · 12 reviews");
    expect(reviewsSummary({ average: 5, count: 1 })).toBe("5.0 ★ · 1 review");
    expect(reviewsSummary({ average: 4.25, count: 1234 })).toBe("4.3 ★ · 1,234 reviews");
    expect(reviewsSummary({ average: null, count: 0 })).toBe("No reviews yet");
    expect(inCollections(0)).toBe("In no collections yet");
    expect(inCollections(1)).toBe("In 1 collection");
    expect(inCollections(1200)).toBe("In 1,200 collections");
    expect(PERFORMANCE_TEXTS.followersGained).toBe("Followers gained");
    expect(PERFORMANCE_TEXTS.newestReviews("Nova")).toBe("Newest reviews of Nova");
    expect(PERFORMANCE_TEXTS.tableCaption("All listings")).toBe(
      "All listings: unique visitors and followers gained per day (UTC)",
    );
    expect(PERFORMANCE_NEWEST_REVIEWS).toBe(3);
    expect(PERFORMANCE_EXCERPT_MAX).toBe(200);
  });
});

describe("the performance read", () => {
  test("each listing's rating, newest shown reviews and collections; followers gained per day; nothing of another's", async ({
    app,
  }) => {
    const [creator, other, r1, r2, r3, r4, r5] = await Promise.all(Array.from({ length: 7 }, () => member(app)));
    if (!creator || !other || !r1 || !r2 || !r3 || !r4 || !r5) throw new Error("members not made");
    const reviewed = await insertListing(app, creator.id, "Reviewed");
    const quiet = await insertListing(app, creator.id, "Quiet");
    const othersListing = await insertListing(app, other.id, "Someone else's");

    // Five reviews one after the other (newest last); then one hidden by a moderator, one author suspended.
    await review(app, r1.cookie, reviewed, 5, "The first");
    await review(app, r2.cookie, reviewed, 4, "The second");
    const hidden = await review(app, r3.cookie, reviewed, 1, "Hidden by a moderator");
    await review(app, r4.cookie, reviewed, 1, "By a member later suspended");
    await review(app, r5.cookie, reviewed, 5, "The newest");
    await review(app, r1.cookie, othersListing, 2, "On another creator's listing");
    await app.database.db.updateTable("reviews").set({ hiddenAt: new Date() }).where("id", "=", hidden).execute();
    await app.database.db.updateTable("users").set({ suspendedAt: new Date() }).where("id", "=", r4.id).execute();

    // The reviewed listing is in a public and two private collections of others (one holds the other's listing
    // too); the quiet one in none.
    await collection(app, r1.id, "A public list", true, [reviewed, othersListing]);
    await collection(app, r2.id, "A secret list of r2", false, [reviewed]);
    await collection(app, r3.id, "Another secret list", false, [othersListing, reviewed]);

    // Followers: one today, two two days ago, one 29 days ago (the chart's first day), one 31 days ago (before it);
    // a follow of the other creator is not the caller's.
    const now = Date.now();
    await follow(app, r1.id, creator.id, new Date(now));
    await follow(app, r2.id, creator.id, new Date(now - 2 * DAY_MS));
    await follow(app, r3.id, creator.id, new Date(now - 2 * DAY_MS));
    await follow(app, r4.id, creator.id, new Date(now - 29 * DAY_MS));
    await follow(app, r5.id, creator.id, new Date(now - 31 * DAY_MS));
    await follow(app, creator.id, other.id, new Date(now));

    const response = await statsOf(app, creator.cookie);
    expect(response.statusCode).toBe(200);
    // A personal answer: never a shared copy, not even one kept for the caller's session.
    expect(response.headers["cache-control"]).toContain("no-store");
    const stats = response.json() as AccountStats;

    expect(stats.listings.map((listing) => listing.chatbotId).sort()).toEqual([reviewed, quiet].sort());
    const byId = new Map(stats.listings.map((listing) => [listing.chatbotId, listing]));
    const shown = byId.get(reviewed);
    // The stored count and sum: 5, 4 and 5 (the hidden review and the suspended author's are out).
    expect(shown?.rating).toEqual({ average: 4.67, count: 3 });
    expect(
      await app.database.db
        .selectFrom("chatbots")
        .select(["ratingCount", "ratingSum"])
        .where("id", "=", reviewed)
        .executeTakeFirstOrThrow(),
    ).toEqual({ ratingCount: 3, ratingSum: 14 });
    expect(shown?.newestReviews.map((item) => [item.excerpt, item.rating, item.author.id])).toEqual([
      ["The newest", 5, r5.id],
      ["The second", 4, r2.id],
      ["The first", 5, r1.id],
    ]);
    // The author is named by their nickname (never by their e-mail), with their id for the profile link.
    expect(shown?.newestReviews[0]?.author.name).toBe(r5.name);
    expect(JSON.stringify(stats)).not.toContain("@example.com");
    expect(shown?.collectionCount).toBe(3);
    expect(byId.get(quiet)).toMatchObject({
      rating: { average: null, count: 0 },
      newestReviews: [],
      collectionCount: 0,
    });
    // Counted, never named: no collection's title (nor another's listing, its review) is in the answer.
    for (const word of ["A public list", "secret list", "On another creator's listing", othersListing]) {
      expect(JSON.stringify(stats)).not.toContain(word);
    }

    // Followers gained: every one of the 30 days, zeros included; the day before the chart is not counted.
    expect(stats.days).toHaveLength(30);
    const today = utcDay(new Date(now));
    const twoDaysAgo = utcDay(new Date(now - 2 * DAY_MS));
    const firstDay = utcDay(new Date(now - 29 * DAY_MS));
    expect(stats.days[0]?.day).toBe(firstDay);
    expect(stats.days.at(-1)?.day).toBe(today);
    const expected: Record<string, number> = { [today]: 1, [twoDaysAgo]: 2, [firstDay]: 1 };
    expect(Object.fromEntries(stats.days.map((day) => [day.day, day.followers]))).toEqual(
      Object.fromEntries(stats.days.map((day) => [day.day, expected[day.day] ?? 0])),
    );
    expect(stats.totals.followers).toBe(4);

    // The same answer over tRPC.
    const trpc = await app.inject({
      method: "GET",
      url: "/trpc/chatbots.myStats",
      headers: { cookie: creator.cookie },
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(stats);

    // The other creator sees their own listing only, with its one review and two collections, and the follow.
    const theirs = (await statsOf(app, other.cookie)).json() as AccountStats;
    expect(theirs.listings).toHaveLength(1);
    expect(theirs.listings[0]).toMatchObject({
      chatbotId: othersListing,
      rating: { average: 2, count: 1 },
      collectionCount: 2,
    });
    expect(theirs.listings[0]?.newestReviews.map((item) => item.excerpt)).toEqual(["On another creator's listing"]);
    expect(theirs.totals.followers).toBe(1);

    // A suspension lifted and a review shown again: back in the newest three and the count, at once.
    await app.database.db.updateTable("users").set({ suspendedAt: null }).where("id", "=", r4.id).execute();
    const again = (await statsOf(app, creator.cookie)).json() as AccountStats;
    const back = again.listings.find((listing) => listing.chatbotId === reviewed);
    expect(back?.rating).toEqual({ average: 3.75, count: 4 });
    expect(back?.newestReviews.map((item) => item.excerpt)).toEqual([
      "The newest",
      "By a member later suspended",
      "The second",
    ]);

    // A visitor: 401 on both transports.
    expect((await statsOf(app)).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/trpc/chatbots.myStats" })).statusCode).toBe(401);
  });

  test("a creator with many reviewed listings: at most three reviews each, whatever their number", async ({ app }) => {
    const creator = await member(app);
    const reviewers = await Promise.all(Array.from({ length: 5 }, () => member(app)));
    const listings = await Promise.all(["One", "Two"].map((title) => insertListing(app, creator.id, title)));
    for (const listing of listings) {
      for (const [i, reviewer] of reviewers.entries())
        await review(app, reviewer.cookie, listing, 1 + (i % 5), `#${i}`);
    }
    const stats = (await statsOf(app, creator.cookie)).json() as AccountStats;
    for (const listing of stats.listings) {
      expect(listing.rating).toEqual({ average: 3, count: 5 });
      expect(listing.newestReviews.map((item) => item.excerpt)).toEqual(["#4", "#3", "#2"]);
    }
    expect(stats.totals.followers).toBe(0);
    expect(stats.days.every((day) => day.followers === 0)).toBe(true);
  });

  test("a review's text is an excerpt: cut at a word to 200 characters and an ellipsis; stars only is null", async ({
    app,
  }) => {
    const creator = await member(app);
    const [long, starsOnly] = await Promise.all([member(app), member(app)]);
    const listing = await insertListing(app, creator.id, "Excerpted");
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
    await review(app, long.cookie, listing, 4, words.slice(0, 2000));
    const response = await writeReview(app, starsOnly, listing, { rating: 3 }, "203.0.113.200");
    expect(response.statusCode).toBe(201);
    const [shown] = ((await statsOf(app, creator.cookie)).json() as AccountStats).listings;
    const [stars, cut] = shown?.newestReviews ?? [];
    expect(stars?.excerpt).toBeNull();
    expect(cut?.excerpt?.endsWith("…")).toBe(true);
    expect(cut?.excerpt?.length).toBeLessThanOrEqual(PERFORMANCE_EXCERPT_MAX + 1);
    // Whole words only: what precedes the ellipsis is the text's own start, ending at a word's end.
    const kept = cut?.excerpt?.slice(0, -1) ?? "";
    expect(words.startsWith(kept)).toBe(true);
    expect(words[kept.length]).toBe(" ");
    expect(kept.length).toBeGreaterThan(PERFORMANCE_EXCERPT_MAX - 10);
  });
});
