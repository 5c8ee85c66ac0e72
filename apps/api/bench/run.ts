// `pnpm bench`: seeds a large gallery and measures the listing calls against the bare-route ceiling.
//   pnpm bench [--listings 100000] [--sizes 10000,100000,1000000] [--creators N] [--duration 5] [--embedded]
//              [--skip-web] [--skip-build]
// --sizes measures every public call at each size (the growth table and docs/bench/growth.svg); the largest
// is --listings unless --sizes is given. Creators: a tenth of the listings unless --creators is given.
// Needs Debian's postgresql for the default run (--embedded uses PGlite, the app's embedded default) and
// chromium for the web metrics (measured on the built app started by scripts/start.mjs, as `pnpm start` does),
// a phone's first visit included (bench/phone.ts; alone: `pnpm bench:phone`).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@gallery/db";
import { listingPath } from "@gallery/schema";
import autocannon from "autocannon";
import pg from "pg";
import { multipart, pngImage } from "../test/support/images.js";
import { startServerProcess, testPort } from "../test/support/server.js";
import { BareRoutes, rawAnswer } from "./bare-ceilings.js";
import { growthRows, growthSvg, growthTable } from "./growth.js";
import { summarize } from "./measure.js";
import { measurePhone, type PhoneResult, phoneSection, phoneTargets } from "./phone.js";
import { measureCardImports } from "./scenarios-card-import.js";
import { discoveryScenarios, measureClickOuts, seedDiscovery } from "./scenarios-discovery.js";
import { fetchServed, listingPageScenarios, measureSitemap, sitemapScenarios } from "./scenarios-listing-page.js";
import { measureFavoriteWrites, memberScenarios, seedMembers } from "./scenarios-members.js";
import { moderationScenarios, seedModeration } from "./scenarios-moderation.js";
import { blocklistMember, safetyScenarios } from "./scenarios-safety.js";
import { measureCopiesBesideSessions } from "./scenarios-shared-copies.js";
import { measureListingWrites, measureStatsWrites, STALE_PER_REFRESH } from "./scenarios-writes.js";
import { COMMON_WORD, RARE_WORD, seedListings } from "./seed.js";
import { signInNewAccount, withBenchServices } from "./services.js";
import { stopGracefully } from "./stop.js";
import { launchChromium, measureWeb } from "./web.js";
import { measureWire, type WirePage, wireSection, wireTarget } from "./wire.js";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    sizes: { type: "string" },
    creators: { type: "string" },
    duration: { type: "string", default: "5" },
    embedded: { type: "boolean", default: false },
    "skip-web": { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
  },
});
const SIZES = args.sizes
  ? [...new Set(args.sizes.split(",").map(Number))].sort((a, b) => a - b)
  : [...new Set([Math.min(10_000, Number(args.listings)), Number(args.listings)])];
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error(`--sizes: whole numbers, got ${args.sizes}`);
const LISTINGS = SIZES.at(-1)!;
const creatorsFor = (size: number) => (args.creators ? Math.min(Number(args.creators), size) : Math.ceil(size / 10));
const CREATORS = creatorsFor(LISTINGS);
const DURATION = Number(args.duration);
const CONNECTIONS = [1, 50];
const API_DIR = path.resolve(import.meta.dirname, "..");
const NOT_FOUND = "404 through the app";
/** The deep page measured by cursor (issue 26: page 2,000). */
const DEEP_PAGE = 2000;
const NOT_FOUND_PATH = "/api/no-such-path";
const ROOT = path.resolve(API_DIR, "../..");
const WIRE_ABOUT = "`pnpm bench`: the built app (scripts/start.mjs) on the bench's seeded gallery";

/**
 * How the api answered: "shared copies" is the default configuration (public pages served from a copy
 * for up to RESPONSE_CACHE_SECONDS); "database" turns copies off (RESPONSE_CACHE_SECONDS=0), so every
 * request runs its queries: the cost of a page nobody asked for a moment ago.
 */
type Responses = "shared copies" | "database";
const MODES: Array<{ responses: Responses; env: Record<string, string> }> = [
  { responses: "shared copies", env: {} },
  { responses: "database", env: { RESPONSE_CACHE_SECONDS: "0" } },
];

interface Result {
  scenario: string;
  responses?: Responses;
  listings: number;
  connections: number;
  rps: number;
  /** Mean latency in ms (two decimals): autocannon's percentiles are whole milliseconds. */
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Requests/s against the bare route answering the gallery's first page. */
  ceilingRatio?: number;
  /** From shared copies: requests/s against a bare route sending this call's own answer, byte for byte. */
  sameAnswerRatio?: number;
}

async function measure(url: string, connections: number, options: Partial<autocannon.Options> = {}) {
  return summarize(await autocannon({ url, connections, duration: DURATION, ...options }), connections);
}

/** A second of load first, so the measurement sees optimized code (and, with copies, a filled cache) as a busy server would. */
async function warmUp(url: string, options: Partial<autocannon.Options> = {}) {
  await autocannon({ url, connections: 10, duration: 1, ...options });
}

/** A few real stored images (through the api, as the member) that the seeded listings share. */
async function uploadPosters(serverUrl: string, cookie: string) {
  const images: Array<{ imageUrl: string; imageKey: string; thumbnailKey: string }> = [];
  for (let i = 0; i < 8; i++) {
    const data = await pngImage(512, 1024, `hsl(${i * 45}, 70%, 50%)`);
    const form = multipart({ title: `Poster ${i}` }, { name: "image", filename: "p.png", type: "image/png", data });
    const response = await fetch(`${serverUrl}/api/chatbots`, {
      method: "POST",
      headers: { cookie, ...form.headers },
      body: form.payload,
    });
    const created = (await response.json()) as { imageUrl: string; thumbnailUrl: string };
    images.push({
      imageUrl: created.imageUrl,
      imageKey: created.imageUrl.replace("/images/", ""),
      thumbnailKey: created.thumbnailUrl.replace("/images/", ""),
    });
  }
  return images;
}

async function main() {
  await withBenchServices("bench", { embedded: args.embedded }, async (services) => {
    const { dataDir, databaseUrl, database } = services;
    const cleanups = { push: services.onCleanup };
    const serverEnv = {
      ...services.env,
      // The click-out row measures the redirect and its counting for many visitors, each at an address the load
      // generator names through a proxy trusted on loopback (scenarios-discovery.ts), not /go's per-address limit.
      RATE_LIMIT_GO: "100000000",
      TRUST_PROXY: "127.0.0.1",
      WEB_DIST: path.join(ROOT, "apps/web/dist"),
    };
    let server = await startServerProcess(serverEnv);
    cleanups.push(() => server.kill());

    // A member, a member with a blocklist, and a moderator (made super admin by the seed) for the queue and audit
    // log rows; a few real stored images the seeded listings share.
    const { createAccount } = await import("../test/support/auth.js");
    const { cookie, id: memberId, idToken } = await signInNewAccount(server.url);
    const blocklistCookie = await blocklistMember(server.url, createAccount);
    const { cookie: moderatorCookie, id: moderatorId } = await signInNewAccount(server.url);
    const images = await uploadPosters(server.url, cookie);
    // PGlite allows one process: with --embedded the server is stopped while the bench opens the
    // database itself (served on a loopback socket, so the same SQL seeds both kinds).
    const withDatabase = async <T>(use: (url: string) => Promise<T>): Promise<T> => {
      if (databaseUrl) return use(databaseUrl);
      await stopGracefully(server.child);
      const handle = await openDatabase({ dataDir });
      try {
        return await use(handle.connectionString);
      } finally {
        await handle.close();
      }
    };

    const results: Result[] = [];
    // Each call's answer at the largest size, as the copies sent it, for a bare route of its own (the ceiling).
    const bareRoutes = new BareRoutes(dataDir);
    const sameAnswer = new Map<string, string>();
    const seeding: Array<{ listings: number; creators: number; seconds: number; clicks: number }> = [];
    let first = "";
    let seriesPath = "";
    let profilePath = "";
    for (const size of SIZES) {
      const started = performance.now();
      const { seeded, pair, clicks } = await withDatabase(async (url) => {
        const seeded = await seedListings(url, { creators: creatorsFor(size), listings: size, images });
        const { clicks } = await seedDiscovery(url, size);
        await seedMembers(url, memberId);
        if (size === LISTINGS) await seedModeration(url, moderatorId);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        // As autovacuum would after a bulk load and a refresh that rewrote every listing (PGlite has none): reads are
        // measured on a table without dead row versions, not at whatever moment autovacuum happens to run.
        const vacuumed = performance.now();
        await client.query("VACUUM (ANALYZE)");
        console.log(`vacuumed in ${Math.round((performance.now() - vacuumed) / 1000)} s`);
        const pair = (
          await client.query(
            "SELECT user_id, story_series FROM chatbots WHERE story_series IS NOT NULL GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1",
          )
        ).rows[0];
        await client.end();
        return { seeded, pair, clicks };
      });
      const seconds = Math.round((performance.now() - started) / 1000);
      seeding.push({ listings: seeded.listings, creators: seeded.creators, seconds, clicks });
      console.log(`seeded ${seeded.listings} listings from ${seeded.creators} creators (${database}) in ${seconds} s`);
      seriesPath = `/api/series/${encodeURIComponent(pair.story_series)}/${pair.user_id}`;
      profilePath = `/api/users/${pair.user_id}/chatbots`;
      for (const mode of MODES) {
        // A fresh server for each size and mode, so nothing kept from an earlier run helps this one.
        await stopGracefully(server.child);
        server = await startServerProcess({ ...serverEnv, ...mode.env });

        // Cursors 20 and 1,999 pages in, as an infinite scroll (or a crawler) would reach them.
        const cursors: Record<number, string> = {};
        let cursorUrl = "/api/chatbots";
        for (let page = 0; page < DEEP_PAGE - 1; page++) {
          const response = await fetchServed(`${server.url}${cursorUrl}`);
          if (page === 0) first = await response.text();
          else await response.arrayBuffer();
          const next = response.headers.get("link")?.match(/<([^>]+)>/)?.[1];
          if (!next) break;
          cursorUrl = next;
          cursors[page + 2] = next;
        }

        const scenarios: Array<{
          name: string;
          path: string;
          member?: boolean;
          /** Another member's session (e.g. one with a blocklist). */
          cookie?: string;
          /** Asks for a compressed answer, as a browser does (the others ask for none). */
          acceptEncoding?: string;
          onlyLargest?: boolean;
        }> = [
          { name: "first page, visitor", path: "/api/chatbots" },
          { name: "first page, visitor, br", path: "/api/chatbots", acceptEncoding: "br, gzip" },
          { name: `search common ("${COMMON_WORD}")`, path: `/api/chatbots?search=${COMMON_WORD}` },
          { name: `search rare ("${RARE_WORD}")`, path: `/api/chatbots?search=${RARE_WORD}` },
          { name: "platform=polybuzz", path: "/api/chatbots?platform=polybuzz" },
          { name: "platform=roleplaya", path: "/api/chatbots?platform=roleplaya" },
          { name: "nsfw=false (member)", path: "/api/chatbots?nsfw=false", member: true },
          { name: "nsfw=true (member)", path: "/api/chatbots?nsfw=true", member: true },
          ...(cursors[21] ? [{ name: "page 21 by cursor", path: cursors[21] }] : []),
          ...(cursors[DEEP_PAGE] ? [{ name: "page 2,000 by cursor", path: cursors[DEEP_PAGE] }] : []),
          { name: "series (member)", path: seriesPath, member: true },
          { name: "profile listings", path: profilePath },
          ...(await listingPageScenarios(server.url)),
          ...(await sitemapScenarios(server.url)),
          ...discoveryScenarios(),
          ...safetyScenarios(blocklistCookie),
          ...memberScenarios(),
          ...moderationScenarios(moderatorCookie),
        ];
        for (const scenario of scenarios) {
          if (scenario.onlyLargest && size !== LISTINGS) continue;
          const as = scenario.cookie ?? (scenario.member ? cookie : undefined);
          const headers = {
            headers: {
              ...(as ? { cookie: as } : {}),
              ...(scenario.acceptEncoding ? { "accept-encoding": scenario.acceptEncoding } : {}),
            },
          };
          await warmUp(`${server.url}${scenario.path}`, headers);
          for (const connections of CONNECTIONS) {
            const m = await measure(`${server.url}${scenario.path}`, connections, headers);
            results.push({ scenario: scenario.name, responses: mode.responses, listings: size, connections, ...m });
            console.log(
              `${size} ${scenario.name} (${mode.responses}) c=${connections}: ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms`,
            );
          }
          if (mode.responses === "shared copies" && size === LISTINGS)
            sameAnswer.set(
              scenario.name,
              bareRoutes.add(await rawAnswer(`${server.url}${scenario.path}`, headers.headers)),
            );
        }
        if (size === LISTINGS && mode.responses === "database") {
          const sitemap = await measureSitemap(server.url);
          const ms = sitemap.ms;
          results.push({
            scenario: `sitemap: index + ${sitemap.files} files, ${sitemap.urls} URLs`,
            listings: size,
            connections: 1,
            rps: 0,
            mean: ms,
            p50: ms,
            p99: ms,
            non2xx: 0,
          });
          console.log(`${size} sitemap: ${sitemap.files} files, ${sitemap.urls} URLs in ${ms} ms`);
          if (databaseUrl) results.push(...(await measureWrites(server.url, databaseUrl, cookie)));
        }
      }
    }

    // Shared copies beside members signing in and out: a session changes no public answer, so the hit rate holds.
    await stopGracefully(server.child);
    server = await startServerProcess(serverEnv);
    for (const connections of CONNECTIONS) {
      const copies = await measureCopiesBesideSessions({
        serverUrl: server.url,
        memberCookie: cookie,
        idToken,
        duration: DURATION,
        connections,
      });
      for (const r of copies) {
        const scenario = `first page (visitors and a member) beside ${r.besides}${r.sessions ? ` (${r.sessions} sessions)` : ""}: ${r.hitRate}% from copies`;
        const { rps, p99, non2xx } = r;
        results.push({
          scenario,
          responses: "shared copies",
          listings: LISTINGS,
          connections,
          rps,
          mean: 0,
          p50: 0,
          p99,
          non2xx,
        });
        console.log(`${scenario} c=${connections}: ${r.rps} req/s p99 ${r.p99} ms`);
      }
    }

    // Favourite writes at 1 and 50 connections, then the rows and kept counts checked.
    if (databaseUrl) {
      const writes = await measureFavoriteWrites({
        serverUrl: server.url,
        databaseUrl,
        duration: DURATION,
        connections: CONNECTIONS,
        cookie,
      });
      for (const r of writes.results) {
        results.push({ scenario: "favourite PUT/DELETE", listings: LISTINGS, ...r });
        console.log(`favourite writes c=${r.connections}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms`);
      }
      results.push(
        check(
          `favourite rows after the writes: ${writes.doubled} doubled, ${writes.wrong_counts} wrong counts (${writes.sent} sent)`,
          writes.doubled + writes.wrong_counts,
        ),
      );
    }

    // The click-out redirect on a fresh api (as configured), then a graceful stop that must store every click.
    if (databaseUrl) {
      await stopGracefully(server.child);
      server = await startServerProcess(serverEnv);
      const clicks = await measureClickOuts({
        serverUrl: server.url,
        databaseUrl,
        duration: DURATION,
        connections: CONNECTIONS,
        stop: () => stopGracefully(server.child),
      });
      for (const r of clicks.results) {
        results.push({ scenario: "click-out /go (302)", listings: LISTINGS, ...r });
        console.log(`click-out c=${r.connections}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms`);
      }
      results.push(
        check(
          `click-outs counted after a graceful stop: ${clicks.counted} (${clicks.answered} redirects seen, ${clicks.sent} sent)`,
          clicks.counted < clicks.answered || clicks.counted > clicks.sent ? 1 : 0,
        ),
      );
      server = await startServerProcess(serverEnv);
    }

    // The ceiling: the same page bytes from a bare Fastify route, measured in this run while the api is
    // idle (before the creates, whose image encoding can outlast their measurement).
    bareRoutes.add({ body: first, headers: { "content-type": "application/json; charset=utf-8" } }, "/bare");
    const barePort = testPort();
    const bare = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "bare-server.ts"), String(barePort), bareRoutes.write()],
      {
        cwd: API_DIR,
        stdio: "ignore",
      },
    );
    cleanups.push(() => bare.kill());
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const ceiling: Record<number, number> = {};
    await warmUp(`http://127.0.0.1:${barePort}/bare`);
    for (const connections of CONNECTIONS) {
      const m = await measure(`http://127.0.0.1:${barePort}/bare`, connections);
      ceiling[connections] = m.rps;
      results.push({ scenario: "bare route (ceiling)", listings: 0, connections, ...m });
    }
    // Each call's own answer from the bare route: what sending those bytes costs with nothing else done.
    for (const [scenario, barePath] of sameAnswer) {
      await warmUp(`http://127.0.0.1:${barePort}${barePath}`);
      for (const connections of CONNECTIONS) {
        const { rps } = await measure(`http://127.0.0.1:${barePort}${barePath}`, connections);
        for (const r of results)
          if (
            r.scenario === scenario &&
            r.responses === "shared copies" &&
            r.listings === LISTINGS &&
            r.connections === connections
          )
            r.sameAnswerRatio = Math.round((r.rps / rps) * 100) / 100;
      }
    }
    // The fixed cost of any request through the app (hooks, routing, error answer), right after the ceiling.
    await warmUp(`${server.url}${NOT_FOUND_PATH}`);
    for (const connections of CONNECTIONS) {
      const m = await measure(`${server.url}${NOT_FOUND_PATH}`, connections);
      // Every answer is a 404, so its non-2xx count is its request count.
      results.push({ scenario: NOT_FOUND, listings: 0, connections, ...m });
    }
    // The multipart create, at the largest size.
    const form = multipart(
      { title: "Bench bot", tags: "bench" },
      { name: "image", filename: "b.png", type: "image/png", data: await pngImage(512, 1024) },
    );
    for (const connections of CONNECTIONS) {
      const m = await measure(`${server.url}/api/chatbots`, connections, {
        method: "POST",
        headers: { cookie, ...form.headers },
        body: form.payload,
      });
      results.push({ scenario: "multipart create", listings: LISTINGS, connections, ...m });
      console.log(`create c=${connections}: ${m.rps} req/s p99 ${m.p99} ms`);
    }
    // Issue 36: the event loop (health's p99 from outside) alone and beside 10 hostile card imports at once.
    const cardImports = await measureCardImports(server.url, cookie, DURATION);
    for (const r of cardImports.rows) {
      results.push({ listings: LISTINGS, ...r });
      console.log(`${r.scenario}: p50 ${r.p50} ms p99 ${r.p99} ms`);
    }

    for (const r of results)
      if (r.scenario !== "bare route (ceiling)")
        r.ceilingRatio = Math.round((r.rps / ceiling[r.connections]!) * 100) / 100;

    // The web app as `pnpm start` serves it: built, started by scripts/start.mjs on the seeded database.
    let web = null;
    let phone: PhoneResult | null = null;
    let wire: WirePage[] | null = null;
    if (!args["skip-web"]) {
      await stopGracefully(server.child);
      if (!args["skip-build"]) {
        console.log("building the api and the web app (as pnpm start does)");
        const build = spawnSync(
          "pnpm",
          [
            "exec",
            "turbo",
            "run",
            "build",
            "--filter=@gallery/api",
            "--filter=@gallery/web",
            "--output-logs=errors-only",
          ],
          { cwd: ROOT, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
        );
        if (build.status !== 0) throw new Error("the build failed");
      }
      const app = await startBuiltApp({ ...serverEnv, DATA_DIR: dataDir });
      cleanups.push(() => stopGracefully(app.child));
      web = await measureWeb(app.url, path.join(ROOT, "apps/web/dist"));
      const [newest] = (await (await fetch(`${app.url}/api/chatbots?limit=1`)).json()) as Array<{
        id: string;
        title: string;
      }>;
      wire = await measureWire(app.url, listingPath(newest!));
      const browser = await launchChromium();
      try {
        phone = await measurePhone(browser, app.url, listingPath(newest!));
      } finally {
        await browser.close();
      }
      await stopGracefully(app.child);
    }
    report({
      database,
      listings: LISTINGS,
      creators: CREATORS,
      duration: DURATION,
      seeding,
      results,
      web,
      phone,
      wire,
    });
  });
}

/** Issue 26: each write's cost at the largest size, one at a time, and readers' p99 while scores refresh. */
async function measureWrites(serverUrl: string, databaseUrl: string, cookie: string): Promise<Result[]> {
  const rows: Result[] = [];
  const timingRow = (scenario: string, t: { mean: number; p50: number; p99: number; count: number }): Result => ({
    scenario: `${scenario} (${t.count}, one at a time)`,
    listings: LISTINGS,
    connections: 1,
    rps: 0,
    mean: t.mean,
    p50: t.p50,
    p99: t.p99,
    non2xx: 0,
  });
  const listing = await measureListingWrites(serverUrl, cookie);
  rows.push(
    timingRow("write: create (multipart, 512×1024 PNG)", listing.create),
    timingRow("write: edit (PUT title and tags)", listing.edit),
    timingRow("write: delete", listing.delete),
  );
  const stats = await measureStatsWrites({ serverUrl, databaseUrl, duration: DURATION, connections: CONNECTIONS });
  rows.push(
    timingRow("write: click-out batch, 1,000 new visitors", stats.flush),
    timingRow(
      `write: score refresh, ${STALE_PER_REFRESH.toLocaleString("en")} listings' scores changed`,
      stats.refresh,
    ),
  );
  for (const r of stats.reads)
    rows.push({
      scenario: `sort=popular while scores refresh (max ${r.max} ms)`,
      responses: "database",
      listings: LISTINGS,
      ...r,
    });
  for (const r of rows) console.log(`${r.scenario} c=${r.connections}: mean ${r.mean} ms p99 ${r.p99} ms`);
  return rows;
}

/** A check after a measurement, as a row of the results: what it found, and how many failures (non-2xx). */
function check(scenario: string, failures: number): Result {
  return { scenario, listings: LISTINGS, connections: 0, rps: 0, mean: 0, p50: 0, p99: 0, non2xx: failures };
}

/** `node scripts/start.mjs` (the built api serving the built web app) on a free port. */
async function startBuiltApp(env: Record<string, string>) {
  const port = testPort();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ...env,
      ...(env.DATABASE_URL ? {} : { DATABASE_URL: "" }),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited with ${child.exitCode}: ${stderr}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("scripts/start.mjs did not start");
}

type WebResult = Awaited<ReturnType<typeof measureWeb>>;

/** Throughput and p99 targets at 50 connections for the largest gallery, answered one way. */
function throughputTargets(results: Result[], responses: Responses) {
  const listing = results.filter(
    (r) => r.connections === 50 && r.responses === responses && r.scenario !== "multipart create",
  );
  const largest = Math.max(...listing.map((r) => r.listings));
  const atLargest = listing.filter((r) => r.listings === largest);
  const slow = atLargest.filter((r) => (r.ceilingRatio ?? 0) < 0.4).map((r) => r.scenario);
  const late = atLargest.filter((r) => r.p99 >= 50).map((r) => r.scenario);
  return {
    ceilingRatioAtLeast40Percent: { met: slow.length === 0, missing: slow },
    p99Under50msAt50: { met: late.length === 0, missing: late },
  };
}

/**
 * What every request costs: a 404 through the app at least 70% of the bare route's requests/s; the first
 * page from the database at least 10% of it with p99 under 50 ms at 50 connections, under 1 ms mean at one.
 */
function fixedCostTargets(results: Result[]) {
  const at = (scenario: string, connections: number) =>
    results.filter((r) => r.scenario === scenario && r.connections === connections && r.responses !== "shared copies");
  const firstPage = (connections: number) => at("first page, visitor", connections).at(-1);
  const notFound = at(NOT_FOUND, 50)[0];
  const page50 = firstPage(50);
  const page1 = firstPage(1);
  return {
    notFoundAtLeast70Percent: { met: (notFound?.ceilingRatio ?? 0) >= 0.7, ratio: notFound?.ceilingRatio },
    firstPageFromDatabaseAtLeast10Percent: { met: (page50?.ceilingRatio ?? 0) >= 0.1, ratio: page50?.ceilingRatio },
    firstPageFromDatabaseP99Under50msAt50: { met: (page50?.p99 ?? Infinity) < 50, p99: page50?.p99 },
    firstPageFromDatabaseMeanUnder1msAt1: { met: (page1?.mean ?? Infinity) < 1, mean: page1?.mean },
  };
}

/**
 * The issue's targets, checked against this run: throughput and p99 as the api is configured by
 * default (with shared copies; the database path is reported beside it), search growth on the
 * database path (a copy would hide what the query costs).
 */
function checkTargets(results: Result[], web: WebResult | null, wire: WirePage[] | null) {
  const search = results.filter(
    (r) => r.scenario.startsWith("search") && r.connections === 1 && r.responses === "database",
  );
  const sizes = search.map((r) => r.listings);
  const bySize = search.reduce<Record<string, Record<number, { mean: number; p50: number; p99: number }>>>((acc, r) => {
    acc[r.scenario] ??= {};
    acc[r.scenario]![r.listings] = { mean: r.mean, p50: r.p50, p99: r.p99 };
    return acc;
  }, {});
  return {
    ...throughputTargets(results, "shared copies"),
    databasePath: throughputTargets(results, "database"),
    fixedCost: fixedCostTargets(results),
    searchLatencyBySize: {
      sizes: [Math.min(...sizes), Math.max(...sizes)],
      responses: "database",
      atOneConnection: bySize,
    },
    ...(web
      ? {
          initialJavaScriptAtMost160kB: { met: web.initialJavaScript.gzipKb <= 160, kB: web.initialJavaScript.gzipKb },
          lcpUnder1s: { met: web.lcpMs < 1000, ms: web.lcpMs },
          listingPageLcpUnder1s: { met: (web.listingPageLcpMs ?? Infinity) < 1000, ms: web.listingPageLcpMs },
          cardImagesOnly: { met: web.originalsRequested === 0, originalsRequested: web.originalsRequested },
          lazyBelowTheFold: { met: web.cardImagesLazy > 0, lazy: web.cardImagesLazy, eager: web.cardImagesEager },
        }
      : {}),
    ...(wire ? { firstVisitBytesAtMostHalf: wireTarget(wire) } : {}),
    eventLoopBesideHostileCardImports: cardImportTarget(results),
  };
}

/** Issue 36: /api/health's p99 under 50 ms while 10 hostile card imports run at once (bench/scenarios-card-import.ts). */
function cardImportTarget(results: Result[]) {
  const beside = results.find((r) => r.scenario.includes("hostile card imports"));
  return { p99Under50ms: { met: (beside?.p99 ?? Infinity) < 50, p99: beside?.p99 } };
}

function report(run: {
  database: string;
  listings: number;
  creators: number;
  duration: number;
  seeding: Array<{ listings: number; creators: number; seconds: number; clicks: number }>;
  results: Result[];
  web: WebResult | null;
  phone: PhoneResult | null;
  wire: WirePage[] | null;
}) {
  // docs/bench/latest.* is committed, so runs compare through git history; a dated copy stays local.
  const dir = path.join(ROOT, "docs/bench");
  const archive = path.join(import.meta.dirname, "results");
  for (const folder of [dir, archive]) mkdirSync(folder, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(":", "-").slice(0, 19);
  const { wire, ...rest } = run;
  const growth = SIZES.length > 1 ? growthRows(run.results, SIZES) : [];
  if (growth.length) writeFileSync(path.join(dir, "growth.svg"), growthSvg(growth, SIZES));
  const json = {
    date: new Date().toISOString(),
    cores: (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency,
    ...rest,
    ...(wire
      ? { wire: { date: new Date().toISOString(), about: WIRE_ABOUT, pages: wire, throughput: [], compression: [] } }
      : {}),
    targets: { ...checkTargets(run.results, run.web, wire), ...(run.phone ? { phone: phoneTargets(run.phone) } : {}) },
    growth,
  };
  const jsonText = `${JSON.stringify(json, null, 2)}\n`;
  writeFileSync(path.join(dir, "latest.json"), jsonText);
  writeFileSync(path.join(archive, `${stamp}.json`), jsonText);
  const lines = [
    `# Benchmark ${json.date}`,
    "",
    `${run.database}, ${run.listings} listings from ${run.creators} creators, ${run.duration} s per measurement.`,
    "",
    `Seeded (each size added to the one before): ${run.seeding.map((s) => `${s.listings} listings, ${s.creators} creators, ${s.clicks} click-outs in ${s.seconds} s`).join("; ")}.`,
    "",
    "vs ceiling: requests/s against a bare Fastify route sending the gallery's first page; vs same answer (shared copies at",
    "the largest size): against a bare route sending that call's own answer, byte for byte (bench/bare-ceilings.ts).",
    "",
    "| scenario | responses | listings | connections | req/s | mean ms | p50 ms | p99 ms | vs ceiling | vs same answer | non-2xx |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...run.results.map(
      (r) =>
        `| ${r.scenario} | ${r.responses ?? "-"} | ${r.listings || "-"} | ${r.connections} | ${r.rps} | ${r.mean} | ${r.p50} | ${r.p99} | ${r.ceilingRatio ?? "-"} | ${r.sameAnswerRatio ?? "-"} | ${r.non2xx} |`,
    ),
  ];
  if (growth.length)
    lines.push("", "## Growth (database path; mean at one connection by size)", "", growthTable(growth, SIZES));
  if (run.web) lines.push("", "## Web", "", "```json", JSON.stringify(run.web, null, 2), "```");
  if (run.phone) lines.push("", phoneSection(run.phone, "The bench's seeded gallery, served by scripts/start.mjs."));
  if (wire) lines.push("", wireSection({ about: WIRE_ABOUT, pages: wire, throughput: [], compression: [] }));
  lines.push("", "## Targets", "", "```json", JSON.stringify(json.targets, null, 2), "```");
  const markdown = `${lines.join("\n")}\n`;
  writeFileSync(path.join(dir, "latest.md"), markdown);
  writeFileSync(path.join(archive, `${stamp}.md`), markdown);
  console.log(`\n${markdown}\nwritten to docs/bench/latest.{md,json} (and ${path.relative(ROOT, archive)}/${stamp}.*)`);
}

await main();
