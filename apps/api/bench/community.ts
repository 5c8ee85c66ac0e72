// `pnpm bench:community` (issue 38 "Show it"): the community features at size on the database path (the domain calls
// over one pooled connection, as bench:search): --listings generated listings (seed.ts) with --reviews reviews, large
// collections and members with many notifications (seed-community.ts); then, one request at a time, a popular
// listing's first page of reviews (newest, most helpful), a 500-item collection's first page (as a visitor, a member
// and its owner), the unread count and the notifications' first page; then the writes (rate, review, helpful, add to
// collection) one at a time, alone and with --readers readers on their own connections beside them (the readers'
// latency reported too); then, on PostgreSQL, the gallery's shared copies beside helpful marks over HTTP. Writes
// docs/bench/community{,-embedded}.{md,json} with the machine's load.
//   pnpm bench:community [--listings 1000000] [--reviews 10000000] [--iterations 200] [--readers 4] [--embedded]
//                        [--out community]

import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type DatabaseHandle, migrateToLatest, openDatabase, type UserRow } from "@gallery/db";
import autocannon from "autocannon";
import { sql } from "kysely";
import type { Deps } from "../src/domain/deps.js";
import { addToCollection, myCollections, readCollection } from "../src/domain/members/collections.js";
import { listNotifications, unreadCount } from "../src/domain/members/notifications.js";
import { createReview, listReviews, markHelpful, reviewViewerState } from "../src/domain/reviews/reviews.js";
import { startServerProcess } from "../test/support/server.js";
import { copyCounter } from "./scenarios-shared-copies.js";
import { seedListings } from "./seed.js";
import { type CommunitySeed, seedCommunity } from "./seed-community.js";
import { signInNewAccount, withBenchServices } from "./services.js";
import { summarize, type Timing, timeEach } from "./timing.js";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string" },
    reviews: { type: "string" },
    iterations: { type: "string", default: "200" },
    readers: { type: "string", default: "4" },
    embedded: { type: "boolean", default: false },
    /** The report's name under docs/bench (default community, or community-embedded). */
    out: { type: "string" },
  },
});
const EMBEDDED = args.embedded;
const LISTINGS = Number(args.listings ?? (EMBEDDED ? 100_000 : 1_000_000));
const REVIEWS = Number(args.reviews ?? LISTINGS * 10);
const ITERATIONS = Number(args.iterations);
const READERS = Number(args.readers);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const load = () => loadavg().map((value) => round(value, 2));

type Reads = Record<string, () => Promise<unknown>>;

/**
 * `readers` loops, each on its own connection, calling the reads in turn until `until` settles; each read's
 * latencies over all loops.
 */
async function readersBeside(reads: Reads, readers: number, until: Promise<unknown>) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(reads).map((name) => [name, []]));
  let stop = false;
  void until.finally(() => {
    stop = true;
  });
  const entries = Object.entries(reads);
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      for (let i = reader; !stop; i++) {
        const [name, read] = entries[i % entries.length]!;
        const start = performance.now();
        await read();
        times[name]!.push(performance.now() - start);
      }
    }),
  );
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, summarize(t)]));
}

interface CopiesRow {
  rps: number;
  p50: number;
  p99: number;
  /** Share of answers served from a shared copy (an Age header), in percent. */
  hitRate: number;
  /** Writes made beside the readers. */
  writes: number;
  non2xx: number;
}

/** A stream of writes: one at a time, as fast as one client can, or spread evenly at an earlier row's pace. */
interface WriteStream {
  write: (i: number) => Promise<unknown>;
  pacedLike?: string;
}

/**
 * Visitors reading the gallery's first page with shared copies on (10 connections, 10 s), alone, then beside each
 * stream of writes in turn: each row's hit rate and latency.
 */
async function galleryCopiesBeside(
  serverUrl: string,
  streams: Record<string, WriteStream | null>,
): Promise<Record<string, CopiesRow>> {
  const rows: Record<string, CopiesRow> = {};
  await autocannon({ url: `${serverUrl}/api/chatbots`, connections: 10, duration: 1 });
  for (const [besides, stream] of Object.entries(streams)) {
    let stop = false;
    let writes = 0;
    const paced = stream?.pacedLike ? rows[stream.pacedLike] : undefined;
    const every = paced ? 10_000 / Math.max(1, paced.writes) : 0;
    const started = performance.now();
    const writing = (async () => {
      for (let i = 0; stream && !stop; i++) {
        const wait = started + i * every - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (stop) break;
        await stream.write(i);
        writes++;
      }
    })();
    const counter = copyCounter();
    const result = await autocannon({
      url: serverUrl,
      connections: 10,
      duration: 10,
      requests: [{ method: "GET", path: "/api/chatbots", onResponse: counter.onResponse }],
    });
    stop = true;
    await writing;
    rows[besides] = {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      hitRate: counter.hitRate(),
      writes,
      non2xx: result.non2xx + result.errors,
    };
    console.log(`gallery readers beside ${besides}`, rows[besides]);
  }
  return rows;
}

async function member(handle: DatabaseHandle, id: string): Promise<UserRow> {
  return handle.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function main() {
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    listings: LISTINGS,
    iterations: ITERATIONS,
    readers: READERS,
    loadBefore: load(),
  };
  await withBenchServices("bench-community", { embedded: EMBEDDED }, async (services) => {
    let url: string;
    let open: (poolSize: number) => Promise<DatabaseHandle>;
    if (EMBEDDED) {
      const embedded = await openDatabase({ dataDir: services.dataDir });
      services.onCleanup(() => embedded.close());
      url = embedded.connectionString;
      open = async () => embedded;
      report.database = "PGlite (embedded)";
    } else {
      url = services.databaseUrl!;
      open = async (poolSize) => {
        const handle = await openDatabase({ databaseUrl: url, poolSize });
        services.onCleanup(() => handle.close());
        return handle;
      };
    }
    const handle = await open(1);
    if (!EMBEDDED) {
      const { version } = await handle.db
        .selectNoFrom(sql<string>`current_setting('server_version')`.as("version"))
        .executeTakeFirstOrThrow();
      report.database = `PostgreSQL ${version.split(" ")[0]}`;
    }
    await migrateToLatest(handle.db);

    const writers = ITERATIONS * 2;
    const started = performance.now();
    const image = { imageUrl: "/images/bench.webp", imageKey: "bench.webp", thumbnailKey: "bench-card.webp" };
    await seedListings(url, { creators: Math.ceil(LISTINGS / 50), listings: LISTINGS, images: [image] });
    const listingSeconds = round((performance.now() - started) / 1000, 1);
    console.log(`seeded ${LISTINGS} listings in ${listingSeconds} s; the community:`);
    const seed: CommunitySeed = await seedCommunity(url, {
      reviews: REVIEWS,
      largeCollections: 4,
      smallCollections: Math.min(50_000, LISTINGS / 20),
      heavyRecipients: 4,
      writers,
      writerItems: 300,
    });
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    const { seconds, writers: writerRows, ...shape } = seed;
    report.seed = { listingSeconds, communitySeconds: seconds, totalSeconds: seedSeconds, ...shape };
    console.log(`seeded in ${seedSeconds} s:`, shape);

    const deps = { db: handle.db, config: { reviews: { minAccountAgeHours: 24 } } } as unknown as Deps;
    const [hot, second] = seed.popular as [CommunitySeed["popular"][0], CommunitySeed["popular"][0]];
    const big = seed.largeCollections[0]!;
    const heavy = seed.heavyRecipients[0]!;
    const owner = await member(handle, big.userId);
    const reader = await member(handle, heavy.id);
    const writerMembers = await Promise.all(writerRows.map((w) => member(handle, w.id)));
    const helpfulTargets = (await listReviews(deps, null, { chatbotId: hot.id, sort: "newest", limit: 20 })).items;
    const newest = `first page of reviews, newest (${hot.reviews.toLocaleString("en")} reviews)`;
    const collectionVisitor = `collection page, ${big.items} items, as a visitor`;
    const unread = `unread count (${heavy.unread.toLocaleString("en")} unread of ${heavy.notifications.toLocaleString("en")})`;
    const reads: Reads = {
      [newest]: () => listReviews(deps, null, { chatbotId: hot.id, sort: "newest", limit: 20 }),
      "first page of reviews, most helpful": () =>
        listReviews(deps, null, { chatbotId: hot.id, sort: "helpful", limit: 20 }),
      [`first page of reviews, newest, a typical listing (${seed.typical.reviews} reviews)`]: () =>
        listReviews(deps, null, { chatbotId: seed.typical.id, sort: "newest", limit: 20 }),
      "a member's state of the popular listing's reviews": () => reviewViewerState(deps, reader, { chatbotId: hot.id }),
      [collectionVisitor]: () => readCollection(deps, null, { id: big.id, limit: 24 }),
      [`collection page, ${big.items} items, as a member`]: () =>
        readCollection(deps, reader, { id: big.id, limit: 24 }),
      [`collection page, ${big.items} items, as its owner`]: () =>
        readCollection(deps, owner, { id: big.id, limit: 24 }),
      "collection menu (a member's collections, holding this listing?)": () =>
        myCollections(deps, writerMembers[0]!, { chatbotId: hot.id }),
      [unread]: () => unreadCount(deps, reader),
      "notifications, first page": () => listNotifications(deps, reader, { limit: 20 }),
    };
    report.loadReads = load();
    const readRows: Record<string, Timing> = {};
    for (const [name, call] of Object.entries(reads)) {
      readRows[name] = await timeEach(ITERATIONS, call, 20);
      console.log(name, readRows[name]);
    }
    report.reads = readRows;

    // Each write by its own member (one review per member and listing), half alone and half beside the readers.
    const visitor = (i: number) => ({ ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, userAgent: "bench" });
    const extra = seed.popular.at(-1)!;
    const writes = (offset: number): Record<string, (i: number) => Promise<unknown>> => ({
      "rate (stars only) the popular listing": (i) =>
        createReview(deps, writerMembers[offset + i]!, { chatbotId: hot.id, rating: 1 + (i % 5) }, visitor(i)),
      [`review (stars and text) the second listing (${second.reviews.toLocaleString("en")} reviews)`]: (i) =>
        createReview(
          deps,
          writerMembers[offset + i]!,
          { chatbotId: second.id, rating: 1 + (i % 5), text: `Bench review ${offset + i}: the story holds up well.` },
          visitor(i + 100_000),
        ),
      "helpful mark on the popular listing's first page": (i) =>
        markHelpful(deps, writerMembers[offset + i]!, { reviewId: helpfulTargets[i % helpfulTargets.length]!.id }),
      "add to a collection of 300": (i) =>
        addToCollection(deps, writerMembers[offset + i]!, {
          id: writerRows[offset + i]!.collectionId,
          chatbotId: offset === 0 ? hot.id : extra.id,
        }),
    });
    report.loadWrites = load();
    const alone: Record<string, Timing> = {};
    for (const [name, call] of Object.entries(writes(0))) {
      alone[name] = await timeEach(ITERATIONS, call);
      console.log(`${name} (alone)`, alone[name]);
    }
    const readerHandle = EMBEDDED ? handle : await open(READERS);
    const readerDeps = { ...deps, db: readerHandle.db } as Deps;
    const besideReads: Reads = {
      [newest]: () => listReviews(readerDeps, null, { chatbotId: hot.id, sort: "newest", limit: 20 }),
      [collectionVisitor]: () => readCollection(readerDeps, null, { id: big.id, limit: 24 }),
      [unread]: () => unreadCount(readerDeps, reader),
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const readersAlone = await readersBeside(besideReads, READERS, pause(5000));
    console.log(`${READERS} readers alone`, readersAlone);
    const beside: Record<string, Timing> = {};
    const writing = (async () => {
      for (const [name, call] of Object.entries(writes(ITERATIONS))) {
        beside[name] = await timeEach(ITERATIONS, call);
        console.log(`${name} (beside ${READERS} readers)`, beside[name]);
      }
    })();
    const readersDuringWrites = await readersBeside(besideReads, READERS, writing);
    await writing;
    console.log(`${READERS} readers beside the writes`, readersDuringWrites);
    report.writes = { alone, beside, readersAlone, readersDuringWrites };
    if (!EMBEDDED) {
      // Helpful marks as a member gives them, over HTTP, beside visitors reading the gallery with shared copies on.
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listReviews(deps, null, { chatbotId: hot.id, sort: "newest", limit: 50, cursor });
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && ids.length < 5000);
      const server = await startServerProcess(services.env);
      services.onCleanup(() => server.kill());
      const account = await signInNewAccount(server.url);
      const mark = async (i: number) => {
        const method = Math.floor(i / ids.length) % 2 === 0 ? "PUT" : "DELETE";
        const response = await fetch(`${server.url}/api/reviews/${ids[i % ids.length]}/helpful`, {
          method,
          headers: { cookie: account.cookie },
        });
        if (!response.ok) throw new Error(`helpful mark: ${response.status} ${await response.text()}`);
      };
      const marks = "helpful marks (over HTTP, as a member)";
      report.copies = await galleryCopiesBeside(server.url, {
        nothing: null,
        [marks]: { write: mark },
        // A change of a review's text says `shapes` (every copy dropped), as every helpful mark did before
        // 202611290459_helpful_change_kind, at the marks' pace: the cost that migration took off the gallery's readers.
        "review text edits at the marks' pace (every copy dropped, as each mark did before)": {
          pacedLike: marks,
          write: (i) =>
            handle.db
              .updateTable("reviews")
              .set({ body: `Edited ${i}` })
              .where("id", "=", ids[i % ids.length]!)
              .execute(),
        },
        "review text edits as fast as one client can": {
          write: (i) =>
            handle.db
              .updateTable("reviews")
              .set({ body: `Edited again ${i}` })
              .where("id", "=", ids[i % ids.length]!)
              .execute(),
        },
      });
    }
    report.loadAfter = load();
  });
  const name = args.out ?? (EMBEDDED ? "community-embedded" : "community");
  writeFileSync(path.join(ROOT, `docs/bench/${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(ROOT, `docs/bench/${name}.md`), markdown(report));
  console.log(`wrote docs/bench/${name}.{md,json}`);
}

function table(rows: Record<string, Timing>, also?: Record<string, Timing>, alsoName = "") {
  const head = also
    ? [`| call | p50 ms | p99 ms | max ms | ${alsoName} p50 ms | ${alsoName} p99 ms |`, "|---|---|---|---|---|---|"]
    : ["| call | p50 ms | p99 ms | max ms |", "|---|---|---|---|"];
  return [
    ...head,
    ...Object.entries(rows).map(([name, t]) => {
      const other = also?.[name];
      return `| ${name} | ${t.p50} | ${t.p99} | ${t.max} |${other ? ` ${other.p50} | ${other.p99} |` : ""}`;
    }),
  ];
}

function markdown(report: Record<string, unknown>): string {
  const seed = report.seed as Record<string, unknown> & { communitySeconds: Record<string, number> };
  const writes = report.writes as Record<string, Record<string, Timing>>;
  const loads = ["loadBefore", "loadReads", "loadWrites", "loadAfter"]
    .map((key) => `${key.replace("load", "").toLowerCase()} ${(report[key] as number[]).join(" / ")}`)
    .join("; ");
  const lines = [
    `# \`pnpm bench:community\`${report.database === "PGlite (embedded)" ? " --embedded" : ""}`,
    "",
    `${report.date}, Node ${report.node}, ${report.database}. Database path: the domain calls over one pooled connection, one request at a time, ${report.iterations} each (20 untimed first for the reads). Load average (1/5/15 min): ${loads}.`,
    "",
    "## Seed",
    "",
    `${(report.listings as number).toLocaleString("en")} listings (seed.ts, ${seed.listingSeconds} s), ${(seed.reviews as number).toLocaleString("en")} reviews by ${(seed.reviewers as number).toLocaleString("en")} members (rank k of the listings gets about A / k^0.8: the most reviewed has ${(seed.popular as Array<{ reviews: number }>)[0]?.reviews.toLocaleString("en")}, a median one ${(seed.typical as { reviews: number }).reviews}; 3 in 10 with a text), ${(seed.collections as number).toLocaleString("en")} collections holding ${(seed.collectionItems as number).toLocaleString("en")} listings (4 public ones of 500), ${(seed.notifications as number).toLocaleString("en")} notifications (4 members with 20,000 each, 12,000 unread). Seeding took ${seed.totalSeconds} s in all: ${Object.entries(
      seed.communitySeconds,
    )
      .map(([step, s]) => `${step} ${s} s`)
      .join(", ")}.`,
    "",
    "## Reads, one at a time",
    "",
    ...table(report.reads as Record<string, Timing>),
    "",
    `## Writes, one at a time: alone, and with ${report.readers} readers beside them (${report.database === "PGlite (embedded)" ? "the embedded database has one connection: they take turns on it" : "each on its own connection"})`,
    "",
    ...table(writes.alone!, writes.beside, "beside readers"),
    "",
    `The readers (the popular listing's newest reviews, the 500-item collection as a visitor, the unread count, in turn), alone for 5 s and then while the writes beside them ran:`,
    "",
    ...table(writes.readersAlone!, writes.readersDuringWrites, "during writes"),
    "",
  ];
  const copies = report.copies as Record<string, CopiesRow> | undefined;
  if (copies)
    lines.push(
      "## The gallery's shared copies beside helpful marks (over HTTP, the api with its defaults)",
      "",
      "Visitors reading the gallery's first page, 10 connections for 10 s: alone; beside one member marking the popular listing's reviews helpful and taking the marks back, one at a time as fast as one client can; beside edits of those reviews' texts spread evenly at the marks' pace (a change that drops every copy, as each helpful mark did before migration 202611290459_helpful_change_kind); and beside such edits as fast as one client can:",
      "",
      "| beside | requests/s | p50 ms | p99 ms | from copies | writes | non-2xx |",
      "|---|---|---|---|---|---|---|",
      ...Object.entries(copies).map(
        ([besides, r]) =>
          `| ${besides} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.hitRate} % | ${r.writes} | ${r.non2xx} |`,
      ),
      "",
    );
  return `${lines.join("\n")}\n`;
}

await main();
