// "Concurrent requests answer 2xx or 4xx, never 5xx": the periodic popularity refresh rewrites many listings
// in one statement, and so do a creator's suspension or its lifting (all their listings), a rename (the
// stored copies of all their listings) and a user's deletion (their listings, and the saved counts of what
// they saved). Each takes its row locks in id order (domain/listings/row-locks.ts); taken in the orders of
// their plans and cascades, two of them can deadlock and PostgreSQL fails one: a 500 for the request (the
// deletions beside the refresh did so in nearly every run; here the suspension's and the rename's plans
// happened to walk the rows in the refresh's order). Run many times at once on PostgreSQL. Not on PGlite
// (vitest.embedded.config.ts): it serves one connection, one statement at a time, so no two transactions
// ever hold locks together there and a deadlock cannot happen.
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { refreshScores } from "../src/domain/stats/scores.js";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpAs } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { sendJson } from "./support/requests.js";

let app: TestApp;
let moderator: Member;

const LISTINGS = 150;
const ROUNDS = 6;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  moderator = await signUpAs(app, "super-admin");
  // The app's own first refresh (at start) is done once the refresh lock is free.
  for (let tries = 0; !(await refreshScores(app.database.db)); tries++) {
    if (tries === 100) throw new Error("the refresh lock stays taken");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

/**
 * Listings of one creator with today's click-outs (1 to 5 each), inserted as rows: only the writes under test
 * go through the app.
 */
async function insertListings(userId: string) {
  const db = app.database.db;
  const rows = await db
    .insertInto("chatbots")
    .values(
      Array.from({ length: LISTINGS }, (_, i) => ({
        title: `Locked Bot ${i}`,
        userId,
        polybuzzUrl: `https://polybuzz.ai/c/locked-${i}`,
      })),
    )
    .returning("id")
    .execute();
  const today = new Date().toISOString().slice(0, 10);
  await db
    .insertInto("listingStatsDaily")
    .values(rows.map((row, i) => ({ chatbotId: row.id, day: today, kind: "polybuzz" as const, count: (i % 5) + 1 })))
    .execute();
  return rows.map((row) => row.id);
}

/** Stale scores on every listing: the next refresh rewrites all of them. */
async function staleScores() {
  await sql`UPDATE chatbots SET popular_score = -1, chats_this_week = -1`.execute(app.database.db);
}

/** Listings whose scores are not their click-outs of today (this week's and this month's alike). */
async function wrongScores() {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count
    FROM chatbots c LEFT JOIN (SELECT chatbot_id, sum(count)::int AS clicks FROM listing_stats_daily GROUP BY 1) s
      ON s.chatbot_id = c.id
    WHERE (c.popular_score, c.chats_this_week) IS DISTINCT FROM (coalesce(s.clicks, 0), coalesce(s.clicks, 0))`.execute(
    app.database.db,
  );
  return rows[0]?.count;
}

/** The refresh and the request at once, the refresh first on even rounds and second on odd ones. */
async function beside<T>(round: number, request: () => Promise<T>): Promise<T> {
  const refresh = () => refreshScores(app.database.db);
  const [refreshed, answer] =
    round % 2 === 0
      ? await Promise.all([refresh(), request()])
      : await Promise.all([request(), refresh()]).then(([a, r]) => [r, a] as const);
  expect(refreshed).toBe(true);
  return answer;
}

describe("many listings written beside the popularity refresh", () => {
  test("a creator suspended and lifted over and over: every answer 200, every listing follows, every score refreshed", async () => {
    const creator = await signUp(app);
    const ids = await insertListings(creator.user.id);
    for (let round = 0; round < ROUNDS; round++) {
      await staleScores();
      const action = round % 2 === 0 ? "suspend" : "lift";
      const answer = await beside(round, () =>
        sendJson(
          app,
          "POST",
          "/api/admin/queue/actions",
          { targetKind: "profile", targetId: creator.user.id, action, reason: "Spam" },
          moderator.cookie,
        ),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const suspended = await app.database.db
        .selectFrom("chatbots")
        .select(sql<number>`count(*) FILTER (WHERE owner_suspended)::int`.as("count"))
        .where("id", "in", ids)
        .executeTakeFirstOrThrow();
      expect(suspended.count).toBe(action === "suspend" ? LISTINGS : 0);
      expect(await wrongScores()).toBe(0);
    }
  });

  test("a creator renamed over and over: every answer 200, every stored copy carries the new name", async () => {
    const creator = await signUp(app);
    const ids = await insertListings(creator.user.id);
    for (let round = 0; round < ROUNDS; round++) {
      await staleScores();
      const nickname = `Renamed ${round}`;
      const answer = await beside(round, () =>
        sendJson(app, "PUT", "/api/user/nickname", { nickname }, creator.cookie),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const named = await app.database.db
        .selectFrom("chatbots")
        .select(
          sql<number>`count(*) FILTER (WHERE listing_json::jsonb -> 'user' ->> 'nickname' = ${nickname})::int`.as(
            "count",
          ),
        )
        .where("id", "in", ids)
        .executeTakeFirstOrThrow();
      expect(named.count).toBe(LISTINGS);
      expect(await wrongScores()).toBe(0);
    }
  });

  test("users with many listings and saves deleted, three at once: every answer 200, their listings gone, the saved counts right", async () => {
    const saved = await insertListings((await signUp(app)).user.id);
    for (let round = 0; round < ROUNDS; round++) {
      const doomed = await Promise.all([signUp(app), signUp(app), signUp(app)]);
      for (const { user } of doomed) {
        await insertListings(user.id);
        await app.database.db
          .insertInto("favorites")
          .values(saved.map((chatbotId) => ({ userId: user.id, chatbotId })))
          .execute();
      }
      await staleScores();
      const answers = await beside(round, () =>
        Promise.all(
          doomed.map(({ user }) =>
            app.inject({ method: "DELETE", url: `/api/admin/users/${user.id}`, headers: { cookie: moderator.cookie } }),
          ),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const left = await app.database.db
        .selectFrom("chatbots")
        .select(sql<number>`count(*)::int`.as("count"))
        .where(
          "userId",
          "in",
          doomed.map(({ user }) => user.id),
        )
        .executeTakeFirstOrThrow();
      expect(left.count).toBe(0);
      const counts = await app.database.db
        .selectFrom("chatbots")
        .select(sql<number>`count(*) FILTER (WHERE favorite_count <> 0)::int`.as("count"))
        .where("id", "in", saved)
        .executeTakeFirstOrThrow();
      expect(counts.count).toBe(0);
      expect(await wrongScores()).toBe(0);
    }
  });
});
