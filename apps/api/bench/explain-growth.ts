// Issue 26: the plan of each public listing read at each size, to see which grow faster than log(size).
// Seeds a throwaway PostgreSQL as `pnpm bench` does (bench/seed.ts and the scenarios' seeds), each size
// added to the one before, and at each prints every query's execution time (EXPLAIN ANALYZE) and plan:
//   pnpm --filter @gallery/api exec tsx bench/explain-growth.ts [--sizes 10000,100000,1000000] [--only text] [--keep]
// Ends with a table of the execution times by size; --keep then leaves the seeded database up (its URL printed)
// until interrupted, to try other plans on it with psql.
import { parseArgs } from "node:util";
import { SESSION_SETTINGS } from "@gallery/db";
import { sql } from "kysely";
import { DEFAULT_SITEMAP_URLS_PER_FILE } from "../src/config.js";
import type { Deps } from "../src/domain/deps.js";
import { listCreatorListings, listGallery, listSeries, topTags } from "../src/domain/listings/queries.js";
import { listFavorites } from "../src/domain/members/favorites.js";
import { countFollowingFeed, followingFeedTags, listFollowingFeed } from "../src/domain/members/follows.js";
import { encodeCursor } from "../src/domain/paging.js";
import { sitemapEntries, sitemapFiles } from "../src/domain/sitemap.js";
import { TAGS } from "../src/seed/demo-data.js";
import { PLACEHOLDER_IMAGE, startExplainDatabase } from "./explain-database.js";
import { seedDiscovery } from "./scenarios-discovery.js";
import { seedMembers } from "./scenarios-members.js";
import { BENCH_BLOCKLIST } from "./scenarios-safety.js";
import { COMMON_WORD, RARE_WORD, seedListings } from "./seed.js";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000,1000000" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const SIZES = args.sizes.split(",").map(Number);
const database = await startExplainDatabase();
const { db, pool } = database;
const times: Record<string, Record<number, string>> = {};
try {
  const member = await db
    .insertInto("users")
    .values({ email: "explain@bench.test", isApproved: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("users")
    .values({ email: "blocker@bench.test", isApproved: true, blockedTags: BENCH_BLOCKLIST })
    .execute();
  for (const size of SIZES) {
    const started = performance.now();
    await seedListings(database.url, { creators: Math.ceil(size / 10), listings: size, images: [PLACEHOLDER_IMAGE] });
    await seedDiscovery(database.url, size);
    await seedMembers(database.url, member.id);
    await sql`VACUUM (ANALYZE)`.execute(db); // as `pnpm bench` does (bench/run.ts): no dead row versions
    console.log(`\n##### ${size} listings seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    await explainAt(size);
  }
  console.log(`\n| query | ${SIZES.join(" | ")} |\n|---|${SIZES.map(() => "---").join("|")}|`);
  for (const [name, bySize] of Object.entries(times))
    console.log(`| ${name} | ${SIZES.map((size) => bySize[size] ?? "-").join(" | ")} |`);
  if (args.keep) {
    console.log(`\nkept up until interrupted: psql '${database.url}'`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
} finally {
  await database.stop();
}

async function explainAt(size: number) {
  const deps = { db } as unknown as Deps;
  const saver = await db
    .selectFrom("users")
    .selectAll()
    .where(
      "id",
      "=",
      db.selectFrom("favorites").select("userId").groupBy("userId").orderBy(sql`count(*)`, "desc").limit(1),
    )
    .executeTakeFirstOrThrow();
  const blocker = await db
    .selectFrom("users")
    .selectAll()
    .where(sql<boolean>`cardinality(blocked_tags) >= 50`)
    .executeTakeFirstOrThrow();
  const pair = (
    await sql<{ userId: string; storySeries: string }>`
      SELECT user_id, story_series FROM chatbots WHERE story_series IS NOT NULL GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`.execute(
      db,
    )
  ).rows[0]!;
  const deep = (
    await sql<{ id: string; createdAt: Date }>`
      SELECT id, created_at FROM chatbots WHERE NOT nsfw AND NOT withheld ORDER BY created_at DESC, id DESC OFFSET ${24 * 1999} LIMIT 1`.execute(
      db,
    )
  ).rows[0];
  const page = { limit: 24 };
  const [first, second] = [TAGS[0]!, TAGS[1]!];
  // The order is read by listingPage (as tRPC and REST pass it after validation).
  const sorted = (sort: "popular" | "trending" | "az", tags?: string[]) => {
    const input = { ...page, sort, tags };
    return () => listGallery(deps, null, input);
  };
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["first page", () => listGallery(deps, null, page)],
    ["search common", () => listGallery(deps, null, { ...page, search: COMMON_WORD })],
    ["search rare", () => listGallery(deps, null, { ...page, search: RARE_WORD })],
    ["sort=popular", sorted("popular")],
    ["sort=trending", sorted("trending")],
    ["sort=az", sorted("az")],
    [`tags=${first}`, () => listGallery(deps, null, { ...page, tags: [first] })],
    [`tags=${first},${second} sort=popular`, sorted("popular", [first, second])],
    [`excludeTags=${first},${second}`, () => listGallery(deps, null, { ...page, excludeTags: [first, second] })],
    ["platform=roleplaya", () => listGallery(deps, null, { ...page, platform: "roleplaya" })],
    ["top tags", () => topTags(deps, null, { limit: 20 })],
    ["top tags, search common", () => topTags(deps, null, { limit: 20, search: COMMON_WORD })],
    ["top tags, search rare", () => topTags(deps, null, { limit: 20, search: RARE_WORD })],
    ["first page, 50-tag blocklist", () => listGallery(deps, blocker, page)],
    ["top tags, 50-tag blocklist", () => topTags(deps, blocker, { limit: 20 })],
    ["profile", () => listCreatorListings(deps, null, { ...page, userId: pair.userId })],
    ["series", () => listSeries(deps, saver, { ...page, creatorId: pair.userId, seriesName: pair.storySeries })],
    ["saved page", () => listFavorites(deps, saver, page)],
    ["following feed", () => listFollowingFeed(deps, saver, page)],
    [
      "following feed, page 2",
      async () => {
        const first = await listFollowingFeed(deps, saver, page);
        return listFollowingFeed(deps, saver, { ...page, cursor: first.nextCursor ?? undefined });
      },
    ],
    ["following feed sort=popular", () => listFollowingFeed(deps, saver, { ...page, sort: "popular" })],
    ["following count", () => countFollowingFeed(deps, saver, {})],
    ["following tags", () => followingFeedTags(deps, saver, { limit: 20 })],
    ["sitemap index (file starts)", () => sitemapFiles(db, "listings", 50_000)],
    ["sitemap last listings file, first batch", () => firstBatchOfLastFile()],
  ];
  if (deep) {
    const cursor = encodeCursor({ sort: "newest", key: deep.createdAt.toISOString(), id: deep.id });
    cases.push(["page 2,000 by cursor", () => listGallery(deps, null, { ...page, cursor })]);
  }
  const client = await pool.connect();
  try {
    // Explained as the app's own sessions run them (packages/db connect.ts).
    await client.query(SESSION_SETTINGS);
    for (const [name, run] of cases) {
      if (args.only && !name.includes(args.only)) continue;
      database.forget();
      try {
        await run();
      } catch (error) {
        console.log(`\n=== ${name}: skipped (${(error as Error).message})`);
        continue;
      }
      const plan = await database.explainLast(client);
      const time = plan.find((line) => line.startsWith("Execution Time"))!;
      times[name] = { ...times[name], [size]: time.replace("Execution Time: ", "") };
      console.log(`\n=== ${size} listings, ${name}: ${time}`);
      console.log(plan.join("\n"));
    }
  } finally {
    client.release();
  }
}

async function firstBatchOfLastFile() {
  const files = await sitemapFiles(db, "listings", DEFAULT_SITEMAP_URLS_PER_FILE);
  const entries = sitemapEntries(db, "listings", files.at(-1)!, DEFAULT_SITEMAP_URLS_PER_FILE);
  await entries.next();
  await entries.return(undefined);
}
