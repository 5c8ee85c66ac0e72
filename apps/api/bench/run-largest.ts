// `pnpm bench`'s rows measured once, at the largest size (run.ts): writes, copies beside sessions, favourites,
// click-outs, the bare-route ceilings, a 404, the multipart create and the event loop beside hostile card imports.
import { spawn } from "node:child_process";
import path from "node:path";
import { multipart, pngImage } from "../test/support/images.js";
import { testPort } from "../test/support/server.js";
import {
  addRow,
  BARE_CEILING,
  checkRow,
  measureEach,
  NOT_FOUND,
  type Result,
  type Run,
  timingRow,
} from "./run-context.js";
import { measureCardImports } from "./scenarios-card-import.js";
import { measureClickOuts } from "./scenarios-discovery.js";
import { measureFavoriteWrites } from "./scenarios-members.js";
import { measureCopiesBesideSessions } from "./scenarios-shared-copies.js";
import { measureListingWrites, measureStatsWrites, STALE_PER_REFRESH } from "./scenarios-writes.js";

const API_DIR = path.resolve(import.meta.dirname, "..");
const NOT_FOUND_PATH = "/api/no-such-path";

/** Issue 26: each write's cost at the largest size, one at a time, and readers' p99 while scores refresh. */
export async function measureWrites(run: Run, databaseUrl: string): Promise<Result[]> {
  const { options } = run;
  const serverUrl = run.server.url;
  const rows: Result[] = [];
  const oneAtATime = (scenario: string, t: { mean: number; p50: number; p99: number; count: number }) =>
    timingRow(run, `${scenario} (${t.count}, one at a time)`, t);
  const listing = await measureListingWrites(serverUrl, run.accounts.cookie);
  rows.push(
    oneAtATime("write: create (multipart, 512×1024 PNG)", listing.create),
    oneAtATime("write: edit (PUT title and tags)", listing.edit),
    oneAtATime("write: delete", listing.delete),
  );
  const stats = await measureStatsWrites({
    serverUrl,
    databaseUrl,
    duration: options.duration,
    connections: options.connections,
  });
  rows.push(
    oneAtATime("write: click-out batch, 1,000 new visitors", stats.flush),
    oneAtATime(
      `write: score refresh, ${STALE_PER_REFRESH.toLocaleString("en")} listings' scores changed`,
      stats.refresh,
    ),
  );
  for (const r of stats.reads)
    rows.push({
      scenario: `sort=popular while scores refresh (max ${r.max} ms)`,
      responses: "database",
      listings: options.listings,
      ...r,
    });
  for (const r of rows) console.log(`${r.scenario} c=${r.connections}: mean ${r.mean} ms p99 ${r.p99} ms`);
  return rows;
}

/** Shared copies beside members signing in and out: a session changes no public answer, so the hit rate holds. */
export async function measureCopiesRows(run: Run) {
  await run.server.restart();
  for (const connections of run.options.connections) {
    const copies = await measureCopiesBesideSessions({
      serverUrl: run.server.url,
      memberCookie: run.accounts.cookie,
      idToken: run.accounts.idToken,
      duration: run.options.duration,
      connections,
    });
    for (const r of copies) {
      const scenario = `first page (visitors and a member) beside ${r.besides}${r.sessions ? ` (${r.sessions} sessions)` : ""}: ${r.hitRate}% from copies`;
      const { rps, p99, non2xx } = r;
      const listings = run.options.listings;
      addRow(
        run,
        { scenario, responses: "shared copies", listings, connections, rps, mean: 0, p50: 0, p99, non2xx },
        `${scenario} c=${connections}: ${r.rps} req/s p99 ${r.p99} ms`,
      );
    }
  }
}

/** Favourite writes at each connection count, then the rows and kept counts checked. */
export async function measureFavoriteRows(run: Run, databaseUrl: string) {
  const writes = await measureFavoriteWrites({
    serverUrl: run.server.url,
    databaseUrl,
    duration: run.options.duration,
    connections: run.options.connections,
    cookie: run.accounts.cookie,
  });
  for (const r of writes.results)
    addRow(
      run,
      { scenario: "favourite PUT/DELETE", listings: run.options.listings, ...r },
      `favourite writes c=${r.connections}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms`,
    );
  const wrong = writes.doubled + writes.wrong_counts;
  const found = `${writes.doubled} doubled, ${writes.wrong_counts} wrong counts (${writes.sent} sent)`;
  addRow(run, checkRow(run, `favourite rows after the writes: ${found}`, wrong));
}

/** The click-out redirect on a fresh api (as configured), then a graceful stop that must store every click. */
export async function measureClickOutRows(run: Run, databaseUrl: string) {
  await run.server.restart();
  const clicks = await measureClickOuts({
    serverUrl: run.server.url,
    databaseUrl,
    duration: run.options.duration,
    connections: run.options.connections,
    stop: () => run.server.stop(),
  });
  for (const r of clicks.results)
    addRow(
      run,
      { scenario: "click-out /go (302)", listings: run.options.listings, ...r },
      `click-out c=${r.connections}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms`,
    );
  const seen = `${clicks.counted} (${clicks.answered} redirects seen, ${clicks.sent} sent)`;
  const lost = clicks.counted < clicks.answered || clicks.counted > clicks.sent ? 1 : 0;
  addRow(run, checkRow(run, `click-outs counted after a graceful stop: ${seen}`, lost));
  await run.server.start();
}

/**
 * The ceiling: the same page bytes from a bare Fastify route, measured in this run while the api is idle (before
 * the creates, whose image encoding can outlast their measurement); then each call's own answer from the bare
 * route, what sending those bytes costs with nothing else done. Returns the ceiling's requests/s by connections.
 */
export async function measureCeilings(run: Run): Promise<Record<number, number>> {
  run.bareRoutes.add({ body: run.firstPage, headers: { "content-type": "application/json; charset=utf-8" } }, "/bare");
  const barePort = testPort();
  const bare = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "bare-server.ts"), String(barePort), run.bareRoutes.write()],
    { cwd: API_DIR, stdio: "ignore" },
  );
  run.services.onCleanup(() => bare.kill());
  const bareUrl = `http://127.0.0.1:${barePort}`;
  // Up when it answers (a fixed pause measured a server still starting on a busy machine: every request an error).
  for (
    let attempt = 0;
    !(await fetch(`${bareUrl}/bare`).then(
      (r) => r.ok,
      () => false,
    ));
    attempt++
  ) {
    if (attempt === 240 || bare.exitCode !== null) throw new Error("the bare route's server did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const ceiling: Record<number, number> = {};
  for (const m of await measureEach(run, `${bareUrl}/bare`)) {
    ceiling[m.connections] = m.rps;
    addRow(run, { scenario: BARE_CEILING, listings: 0, ...m });
  }
  for (const [scenario, barePath] of run.sameAnswer)
    for (const { connections, rps } of await measureEach(run, `${bareUrl}${barePath}`))
      for (const r of run.results)
        if (
          r.scenario === scenario &&
          r.responses === "shared copies" &&
          r.listings === run.options.listings &&
          r.connections === connections
        )
          r.sameAnswerRatio = Math.round((r.rps / rps) * 100) / 100;
  return ceiling;
}

/** The fixed cost of any request through the app (hooks, routing, error answer), right after the ceiling. */
export async function measureNotFound(run: Run) {
  // Every answer is a 404, so its non-2xx count is its request count.
  for (const m of await measureEach(run, `${run.server.url}${NOT_FOUND_PATH}`))
    addRow(run, { scenario: NOT_FOUND, listings: 0, ...m });
}

/** The multipart create, at the largest size (no warm-up: each request stores a listing). */
export async function measureCreate(run: Run) {
  const form = multipart(
    { title: "Bench bot", tags: "bench" },
    { name: "image", filename: "b.png", type: "image/png", data: await pngImage(512, 1024) },
  );
  const request = {
    method: "POST" as const,
    headers: { cookie: run.accounts.cookie, ...form.headers },
    body: form.payload,
  };
  for (const m of await measureEach(run, `${run.server.url}/api/chatbots`, request, { warm: false }))
    addRow(
      run,
      { scenario: "multipart create", listings: run.options.listings, ...m },
      `create c=${m.connections}: ${m.rps} req/s p99 ${m.p99} ms`,
    );
}

/** Issue 36: the event loop (health's p99 from outside) alone and beside 10 hostile card imports at once. */
export async function measureCardImportRows(run: Run) {
  const cardImports = await measureCardImports(run.server.url, run.accounts.cookie, run.options.duration);
  for (const r of cardImports.rows)
    addRow(run, { listings: run.options.listings, ...r }, `${r.scenario}: p50 ${r.p50} ms p99 ${r.p99} ms`);
}

/** Each row's requests/s against the bare route's at the same connections. */
export function applyCeilingRatios(results: Result[], ceiling: Record<number, number>) {
  for (const r of results)
    if (r.scenario !== BARE_CEILING) r.ceilingRatio = Math.round((r.rps / ceiling[r.connections]!) * 100) / 100;
}
