// `pnpm bench` at one gallery size (run.ts): the seed, then every public call measured from shared copies and
// from the database.
import { openDatabase } from "@gallery/db";
import pg from "pg";
import { rawAnswer } from "./bare-ceilings.js";
import { addRow, MODES, measureEach, type Responses, type Run, timingRow } from "./run-context.js";
import { measureWrites } from "./run-largest.js";
import { discoveryScenarios, seedDiscovery } from "./scenarios-discovery.js";
import { fetchServed, listingPageScenarios, measureSitemap, sitemapScenarios } from "./scenarios-listing-page.js";
import { memberScenarios, seedMembers } from "./scenarios-members.js";
import { moderationScenarios, seedModeration } from "./scenarios-moderation.js";
import { safetyScenarios } from "./scenarios-safety.js";
import { COMMON_WORD, RARE_WORD, seedListings } from "./seed.js";

/** The deep page measured by cursor (issue 26: page 2,000). */
const DEEP_PAGE = 2000;

export type Posters = Array<{ imageUrl: string; imageKey: string; thumbnailKey: string }>;

export interface Seeding {
  listings: number;
  creators: number;
  seconds: number;
  clicks: number;
}

/** The paths that depend on what was seeded: the largest series and its creator's profile. */
interface SeededPaths {
  seriesPath: string;
  profilePath: string;
}

interface Scenario {
  name: string;
  path: string;
  member?: boolean;
  /** Another member's session (e.g. one with a blocklist). */
  cookie?: string;
  /** Asks for a compressed answer, as a browser does (the others ask for none). */
  acceptEncoding?: string;
  onlyLargest?: boolean;
}

/**
 * PGlite allows one process: with --embedded the server is stopped while the bench opens the database itself
 * (served on a loopback socket, so the same SQL seeds both kinds).
 */
async function withDatabase<T>(run: Run, use: (url: string) => Promise<T>): Promise<T> {
  if (run.services.databaseUrl) return use(run.services.databaseUrl);
  await run.server.stop();
  const handle = await openDatabase({ dataDir: run.services.dataDir });
  try {
    return await use(handle.connectionString);
  } finally {
    await handle.close();
  }
}

/** Grows the gallery to `size` listings (each size added to the one before) with its members, clicks and reports. */
export async function seedSize(run: Run, size: number, images: Posters): Promise<Seeding & SeededPaths> {
  const { options, accounts } = run;
  const started = performance.now();
  const { seeded, pair, clicks } = await withDatabase(run, async (url) => {
    const seeded = await seedListings(url, { creators: options.creatorsFor(size), listings: size, images });
    const { clicks } = await seedDiscovery(url, size);
    await seedMembers(url, accounts.memberId);
    if (size === options.listings) await seedModeration(url, accounts.moderatorId);
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
  const database = run.services.database;
  console.log(`seeded ${seeded.listings} listings from ${seeded.creators} creators (${database}) in ${seconds} s`);
  return {
    listings: seeded.listings,
    creators: seeded.creators,
    seconds,
    clicks,
    seriesPath: `/api/series/${encodeURIComponent(pair.story_series)}/${pair.user_id}`,
    profilePath: `/api/users/${pair.user_id}/chatbots`,
  };
}

/**
 * Cursors 20 and 1,999 pages in, as an infinite scroll (or a crawler) would reach them; the first page's answer is
 * kept for the bare route.
 */
async function walkCursors(run: Run): Promise<Record<number, string>> {
  const cursors: Record<number, string> = {};
  let cursorUrl = "/api/chatbots";
  for (let page = 0; page < DEEP_PAGE - 1; page++) {
    const response = await fetchServed(`${run.server.url}${cursorUrl}`);
    if (page === 0) run.firstPage = await response.text();
    else await response.arrayBuffer();
    const next = response.headers.get("link")?.match(/<([^>]+)>/)?.[1];
    if (!next) break;
    cursorUrl = next;
    cursors[page + 2] = next;
  }
  return cursors;
}

/** Every public call the gallery measures at each size. */
async function galleryScenarios(run: Run, cursors: Record<number, string>, paths: SeededPaths): Promise<Scenario[]> {
  const url = run.server.url;
  return [
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
    { name: "series (member)", path: paths.seriesPath, member: true },
    { name: "profile listings", path: paths.profilePath },
    ...(await listingPageScenarios(url)),
    ...(await sitemapScenarios(url)),
    ...discoveryScenarios(),
    ...safetyScenarios(run.accounts.blocklistCookie),
    ...memberScenarios(),
    ...moderationScenarios(run.accounts.moderatorCookie),
  ];
}

/** One scenario at each connection count; from shared copies at the largest size, its answer for a bare route. */
async function measureScenario(run: Run, size: number, responses: Responses, scenario: Scenario) {
  const as = scenario.cookie ?? (scenario.member ? run.accounts.cookie : undefined);
  const headers = {
    ...(as ? { cookie: as } : {}),
    ...(scenario.acceptEncoding ? { "accept-encoding": scenario.acceptEncoding } : {}),
  };
  const url = `${run.server.url}${scenario.path}`;
  for (const m of await measureEach(run, url, { headers }))
    addRow(
      run,
      { scenario: scenario.name, responses, listings: size, ...m },
      `${size} ${scenario.name} (${responses}) c=${m.connections}: ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms`,
    );
  if (responses === "shared copies" && size === run.options.listings)
    run.sameAnswer.set(scenario.name, run.bareRoutes.add(await rawAnswer(url, headers)));
}

/** The sitemap read whole, once, from the database. */
async function measureSitemapRow(run: Run, size: number) {
  const sitemap = await measureSitemap(run.server.url);
  const ms = sitemap.ms;
  addRow(
    run,
    timingRow(
      run,
      `sitemap: index + ${sitemap.files} files, ${sitemap.urls} URLs`,
      { mean: ms, p50: ms, p99: ms },
      size,
    ),
    `${size} sitemap: ${sitemap.files} files, ${sitemap.urls} URLs in ${ms} ms`,
  );
}

/** Every scenario at `size`, answered each way by a fresh server; at the largest size the sitemap and the writes. */
export async function measureSize(run: Run, size: number, paths: SeededPaths) {
  for (const mode of MODES) {
    await run.server.restart(mode.env);
    const scenarios = await galleryScenarios(run, await walkCursors(run), paths);
    for (const scenario of scenarios) {
      if (scenario.onlyLargest && size !== run.options.listings) continue;
      await measureScenario(run, size, mode.responses, scenario);
    }
    if (size === run.options.listings && mode.responses === "database") {
      await measureSitemapRow(run, size);
      if (run.services.databaseUrl) run.results.push(...(await measureWrites(run, run.services.databaseUrl)));
    }
  }
}
