// `pnpm bench:search` (issue 39 §1): the search's quality on the judged query set (search-judgements.json over the
// corpus of search-corpus.ts), the search before it (one substring, newest first) and the new one side by side, on
// PostgreSQL and on the embedded PGlite (`pnpm start`'s database: the same answers are checked); then its speed on
// the database path at one connection with --listings generated listings (the bench's seed.ts): a two-word query, a
// typo query and a suggestion request, p50/p99. Writes docs/bench/search.{md,json}.
//   pnpm bench:search [--listings 1000000] [--iterations 300] [--no-embedded] [--no-speed]
//   pnpm bench:search --database-url postgres://… # the speed on an existing seeded database (migrated first)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@gallery/db";
import { sql } from "kysely";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import type { Deps } from "../src/domain/deps.js";
import { listGallery } from "../src/domain/listings/queries.js";
import { rebalanceSearchTiers } from "../src/domain/listings/search-tiers.js";
import { suggest } from "../src/domain/listings/suggestions.js";
import { buildCorpus, type CorpusListing, type Judgement, relevantFor } from "./search-corpus.js";
import { seedListings } from "./seed.js";
import { timeEach } from "./timing.js";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    iterations: { type: "string", default: "300" },
    "no-embedded": { type: "boolean", default: false },
    "no-speed": { type: "boolean", default: false },
    "database-url": { type: "string" },
  },
});
const ROOT = path.resolve(import.meta.dirname, "../../..");
const TOP = 10;

/** Puts the corpus in: creators, then listings (the search's triggers make each one's document and words). */
async function loadCorpus(handle: DatabaseHandle, corpus: ReturnType<typeof buildCorpus>) {
  const db = handle.db;
  const creatorIds = new Map<string, string>();
  for (const creator of corpus.creators) {
    const row = await db
      .insertInto("users")
      .values({
        email: `search-${creator.key}@bench.test`,
        nickname: creator.nickname ?? null,
        firstName: creator.firstName ?? null,
        lastName: creator.lastName ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    creatorIds.set(creator.key, row.id);
  }
  const ids = new Map<string, string>();
  const keys = new Map<string, string>();
  for (let start = 0; start < corpus.listings.length; start += 200) {
    const batch = corpus.listings.slice(start, start + 200);
    const rows = await db
      .insertInto("chatbots")
      .values(
        batch.map((listing) => ({
          title: listing.title,
          tagline: listing.tagline,
          description: listing.description,
          tags: listing.tags,
          storySeries: listing.series,
          nsfw: listing.nsfw,
          popularScore: listing.popular,
          userId: creatorIds.get(listing.creator) as string,
          createdAt: new Date(Date.now() - listing.ageDays * 86_400_000 - start),
        })),
      )
      .returning("id")
      .execute();
    rows.forEach((row, i) => {
      const key = (batch[i] as CorpusListing).key;
      ids.set(key, row.id);
      keys.set(row.id, key);
    });
  }
  await sql`ANALYZE`.execute(db);
  return { ids, keys };
}

/** The search before issue 39: the whole term as one substring of title, tags and names, newest first. */
async function oldSearch(handle: DatabaseHandle, term: string): Promise<string[]> {
  const pattern = `%${term
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM chatbots WHERE NOT withheld AND NOT nsfw AND search_text LIKE ${pattern}
    ORDER BY created_at DESC, id DESC LIMIT ${TOP}`.execute(handle.db);
  return rows.map((row) => row.id);
}

async function newSearch(handle: DatabaseHandle, term: string): Promise<string[]> {
  const page = await listGallery({ db: handle.db } as Deps, null, { search: term, limit: TOP });
  return page.items.map((item) => item.id);
}

interface QueryResult {
  kind: string;
  q: string;
  relevant: number;
  old: { recall: number; rr: number; top: string[] };
  new: { recall: number; rr: number; top: string[] };
  /** Typo queries: a relevant listing in the new search's top 3. */
  top3?: boolean;
}

function score(found: string[], relevant: Set<string>) {
  const hits = found.filter((key) => relevant.has(key)).length;
  const first = found.findIndex((key) => relevant.has(key));
  return { recall: relevant.size === 0 ? 1 : hits / Math.min(relevant.size, TOP), rr: first < 0 ? 0 : 1 / (first + 1) };
}

async function judge(handle: DatabaseHandle, corpus: ReturnType<typeof buildCorpus>) {
  const { keys } = await loadCorpus(handle, corpus);
  const results: QueryResult[] = [];
  for (const judgement of corpus.queries as Judgement[]) {
    const relevant = relevantFor(judgement, corpus.listings);
    const old = (await oldSearch(handle, judgement.q)).map((id) => keys.get(id) ?? id);
    const found = (await newSearch(handle, judgement.q)).map((id) => keys.get(id) ?? id);
    results.push({
      kind: judgement.kind,
      q: judgement.q,
      relevant: relevant.size,
      old: { ...score(old, relevant), top: old },
      new: { ...score(found, relevant), top: found },
      ...(judgement.kind === "typo" ? { top3: found.slice(0, 3).some((key) => relevant.has(key)) } : {}),
    });
  }
  return results;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function summary(results: QueryResult[]) {
  const kinds = [...new Set(results.map((r) => r.kind))];
  const row = (rs: QueryResult[]) => ({
    queries: rs.length,
    oldRecall: round(mean(rs.map((r) => r.old.recall))),
    oldMrr: round(mean(rs.map((r) => r.old.rr))),
    newRecall: round(mean(rs.map((r) => r.new.recall))),
    newMrr: round(mean(rs.map((r) => r.new.rr))),
  });
  return {
    all: row(results),
    byKind: Object.fromEntries(kinds.map((kind) => [kind, row(results.filter((r) => r.kind === kind))])),
    typoTop3: `${results.filter((r) => r.top3).length}/${results.filter((r) => r.kind === "typo").length}`,
  };
}

async function main() {
  const corpus = buildCorpus();
  const cleanups: Array<() => unknown> = [];
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    corpus: { listings: corpus.listings.length, creators: corpus.creators.length, queries: corpus.queries.length },
  };
  try {
    const cluster = await startThrowawayPostgres();
    if (!cluster) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
    cleanups.push(() => cluster.stop());
    const handle = await openDatabase({ databaseUrl: cluster.url, poolSize: 1 });
    cleanups.push(() => handle.close());
    await migrateToLatest(handle.db);
    console.log(
      `PostgreSQL ${cluster.version}: judging ${corpus.queries.length} queries over ${corpus.listings.length} listings`,
    );
    const results = await judge(handle, corpus);
    report.postgres = { summary: summary(results), results };
    console.table(summary(results).byKind);
    console.log(
      "all:",
      summary(results).all,
      "typo queries with a relevant listing in the top 3:",
      summary(results).typoTop3,
    );

    if (!args["no-embedded"]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-bench-search-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const embedded = await openDatabase({ dataDir });
      try {
        await migrateToLatest(embedded.db);
        const embeddedResults = await judge(embedded, corpus);
        // Ids differ between the two databases, so listings of equal rank (ties broken by id) may swap: the top 10
        // are compared as sets, and in order.
        const set = (top: string[]) => JSON.stringify([...top].sort());
        const sameSet = embeddedResults.filter((r, i) => set(r.new.top) === set(results[i]?.new.top ?? [])).length;
        const sameOrder = embeddedResults.filter(
          (r, i) => JSON.stringify(r.new.top) === JSON.stringify(results[i]?.new.top),
        ).length;
        report.embedded = {
          summary: summary(embeddedResults),
          sameTop10AsPostgres: `${sameSet}/${results.length}`,
          sameOrderAsPostgres: `${sameOrder}/${results.length}`,
        };
        console.log(
          "embedded (PGlite):",
          summary(embeddedResults).all,
          `same top 10 as PostgreSQL: ${sameSet}/${results.length} (in the same order: ${sameOrder})`,
        );
      } finally {
        await embedded.close();
      }
    }

    if (!args["no-speed"]) {
      const iterations = Number(args.iterations);
      const started = performance.now();
      // An existing database seeded earlier (--database-url: what an upgrade meets; seeding 1M takes a quarter of an
      // hour), migrated to this version; else --listings seeded into this run's cluster.
      const existing = args["database-url"];
      const speedHandle = existing ? await openDatabase({ databaseUrl: existing, poolSize: 1 }) : handle;
      if (existing) {
        cleanups.push(() => speedHandle.close());
        await migrateToLatest(speedHandle.db);
      } else {
        const listings = Number(args.listings);
        const image = { imageUrl: "/images/bench.webp", imageKey: "bench.webp", thumbnailKey: "bench-card.webp" };
        await seedListings(cluster.url, { creators: Math.ceil(listings / 50), listings, images: [image] });
      }
      // The search's popularity tiers cut, as the api's periodic job does (search-tiers.ts), then vacuumed.
      await rebalanceSearchTiers(speedHandle.db);
      await sql`VACUUM ANALYZE listing_facets`.execute(speedHandle.db);
      const seedSeconds = existing ? null : round((performance.now() - started) / 1000, 1);
      const { rows } = await sql<{ n: string; version: string }>`
        SELECT count(*) AS n, current_setting('server_version') AS version FROM chatbots`.execute(speedHandle.db);
      const listings = Number(rows[0]?.n);
      const version = rows[0]?.version.split(" ")[0];
      console.log(
        `${listings} listings${seedSeconds === null ? " (an existing database)" : ` seeded in ${seedSeconds} s`}`,
      );
      const db = speedHandle.db;
      const deps = { db } as Deps;
      const scenarios = {
        "two-word query (crimson witch)": () => listGallery(deps, null, { search: "crimson witch", limit: 24 }),
        "two-word query, rare (zephyrquill knight)": () =>
          listGallery(deps, null, { search: "zephyrquill knight", limit: 24 }),
        "typo query (librarain)": () => listGallery(deps, null, { search: "librarain", limit: 24 }),
        "typo query (midnigth alchemist)": () => listGallery(deps, null, { search: "midnigth alchemist", limit: 24 }),
        'suggestions ("crim")': () => suggest(db, null, { q: "crim" }),
        'suggestions ("shadow kn")': () => suggest(db, null, { q: "shadow kn" }),
        "gallery, no search (baseline)": () => listGallery(deps, null, { limit: 24 }),
      };
      const speed: Record<string, unknown> = {};
      for (const [name, call] of Object.entries(scenarios)) {
        // One request at a time: the call's time on the database path (the domain function over one pooled connection).
        const { p50, p99, max } = await timeEach(iterations, call, 20);
        speed[name] = { p50, p99, max };
        console.log(name, speed[name]);
      }
      report.speed = {
        listings,
        iterations,
        seedSeconds,
        database: `PostgreSQL ${version}${existing ? " (an existing database, migrated)" : ""}`,
        scenarios: speed,
      };
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  writeFileSync(path.join(ROOT, "docs/bench/search.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(ROOT, "docs/bench/search.md"), markdown(report));
  console.log("wrote docs/bench/search.{md,json}");
}

function markdown(report: Record<string, unknown>): string {
  const pg = report.postgres as { summary: ReturnType<typeof summary>; results: QueryResult[] };
  const lines = [
    "# `pnpm bench:search`",
    "",
    `${report.date}, Node ${report.node}. Judged query set: apps/api/bench/search-judgements.json, ${(report.corpus as { queries: number }).queries} queries over ${(report.corpus as { listings: number }).listings} listings (search-corpus.ts). Searched as a visitor, top ${TOP}. Old: the whole term as one substring of title, tags and names, newest first. New: issue 39's search, Best match.`,
    "",
    "## Quality (PostgreSQL)",
    "",
    "| kind | queries | old recall@10 | old MRR | new recall@10 | new MRR |",
    "|---|---|---|---|---|---|",
    ...Object.entries({ ...pg.summary.byKind, all: pg.summary.all }).map(
      ([kind, s]) => `| ${kind} | ${s.queries} | ${s.oldRecall} | ${s.oldMrr} | ${s.newRecall} | ${s.newMrr} |`,
    ),
    "",
    `Typo queries with a relevant listing in the new top 3: ${pg.summary.typoTop3}.`,
    "",
  ];
  const embedded = report.embedded as
    | { summary: ReturnType<typeof summary>; sameTop10AsPostgres: string; sameOrderAsPostgres: string }
    | undefined;
  if (embedded) {
    lines.push(
      `Embedded PGlite (\`pnpm start\`): recall@10 ${embedded.summary.all.newRecall}, MRR ${embedded.summary.all.newMrr}; the same top 10 listings as PostgreSQL for ${embedded.sameTop10AsPostgres} queries, in the same order for ${embedded.sameOrderAsPostgres} (listings of equal rank are ordered by id, and ids differ between the two databases).`,
      "",
    );
  }
  const speed = report.speed as
    | {
        listings: number;
        iterations: number;
        seedSeconds: number | null;
        database: string;
        scenarios: Record<string, { p50: number; p99: number; max: number }>;
      }
    | undefined;
  if (speed) {
    lines.push(
      `## Speed: ${speed.listings.toLocaleString("en")} listings, ${speed.database}, one connection, ${speed.iterations} requests each (database path: the domain call)`,
      "",
      "| scenario | p50 ms | p99 ms | max ms |",
      "|---|---|---|---|",
      ...Object.entries(speed.scenarios).map(([name, s]) => `| ${name} | ${s.p50} | ${s.p99} | ${s.max} |`),
      "",
      speed.seedSeconds === null
        ? "Measured on a database seeded earlier by the same seed (bench/seed.ts) and migrated to this version."
        : `Seeding took ${speed.seedSeconds} s.`,
      "",
    );
  }
  lines.push(
    "## Every query",
    "",
    "| kind | query | relevant | old recall | old RR | new recall | new RR | new top 3 |",
    "|---|---|---|---|---|---|---|---|",
    ...pg.results.map(
      (r) =>
        `| ${r.kind} | \`${r.q.replaceAll("|", "\\|")}\` | ${r.relevant} | ${round(r.old.recall, 2)} | ${round(r.old.rr, 2)} | ${round(r.new.recall, 2)} | ${round(r.new.rr, 2)} | ${r.new.top.slice(0, 3).join(", ")} |`,
    ),
    "",
  );
  return `${lines.join("\n")}\n`;
}

await main();
