// Issue 13's reads on a seeded PostgreSQL, without the whole bench: `pnpm --filter @gallery/api exec tsx
// bench/explain-members.ts` seeds 100,000 listings by 2,000 creators (bench/seed.ts), a member following
// 200 of them with 1,000 favourites (scenarios-members.ts), then prints each query's plan (EXPLAIN
// ANALYZE) and its p50/p99 over 30 runs on one connection.
import { sql } from "kysely";
import type { Deps } from "../src/domain/deps.js";
import { listGallery } from "../src/domain/listings/queries.js";
import { listFavorites } from "../src/domain/members/favorites.js";
import { listFollowingFeed } from "../src/domain/members/follows.js";
import { PLACEHOLDER_IMAGE, startExplainDatabase } from "./explain-database.js";
import { seedMembers } from "./scenarios-members.js";
import { COMMON_WORD, seedListings } from "./seed.js";
import { timeEach } from "./timing.js";

const RUNS = 30;
const LISTINGS = Number(process.env.LISTINGS ?? 100_000);

const database = await startExplainDatabase();
const { db, pool } = database;
try {
  await seedListings(database.url, { creators: 2000, listings: LISTINGS, images: [PLACEHOLDER_IMAGE] });
  const member = await db
    .insertInto("users")
    .values({ email: "explain@bench.test", isApproved: true })
    .returningAll()
    .executeTakeFirstOrThrow();
  await seedMembers(database.url, member.id);
  // Someone following only 3 creators (150 of the listings): the feed must not walk the whole newest index.
  const few = await db
    .insertInto("users")
    .values({ email: "few@bench.test", isApproved: true })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("follows")
    .columns(["followerId", "followeeId"])
    .expression((eb) =>
      eb
        .selectFrom("users")
        .select([eb.val(few.id).as("f"), "id"])
        .where("email", "like", "bench-%")
        .limit(3),
    )
    .execute();
  await db.executeQuery(sql`ANALYZE follows`.compile(db));
  const deps = { db } as unknown as Deps;

  // What tRPC and REST pass after validation (the sort is read by listingPage).
  const mostSaved = { limit: 24, sort: "saved" as const };
  const cases: Array<[string, () => Promise<{ nextCursor: string | null }>]> = [];
  const feed = await listFollowingFeed(deps, member, { limit: 24 });
  const saved = await listFavorites(deps, member, { limit: 24 });
  let savedCursor = saved.nextCursor ?? undefined;
  for (let i = 0; i < 9 && savedCursor; i++) {
    savedCursor = (await listFavorites(deps, member, { limit: 24, cursor: savedCursor })).nextCursor ?? undefined;
  }
  cases.push(
    ["following feed, first page", () => listFollowingFeed(deps, member, { limit: 24 })],
    ["following feed, page 2", () => listFollowingFeed(deps, member, { limit: 24, cursor: feed.nextCursor! })],
    ["following feed, 3 creators followed", () => listFollowingFeed(deps, few, { limit: 24 })],
    ["following feed, search common word", () => listFollowingFeed(deps, member, { limit: 24, search: COMMON_WORD })],
    ["saved page, first page", () => listFavorites(deps, member, { limit: 24 })],
    ["saved page, page 11", () => listFavorites(deps, member, { limit: 24, cursor: savedCursor })],
    ["sort=saved, visitor", () => listGallery(deps, null, mostSaved)],
    ["sort=saved, member", () => listGallery(deps, member, mostSaved)],
  );
  const client = await pool.connect();
  try {
    for (const [name, run] of cases) {
      await run();
      const plan = await database.explainLast(client);
      const { p50, p99 } = await timeEach(RUNS, run);
      console.log(`\n=== ${name}: p50 ${p50} ms, p99 ${p99} ms (${RUNS} runs, one connection)`);
      console.log(plan.join("\n"));
    }
  } finally {
    client.release();
  }
} finally {
  await database.stop();
}
