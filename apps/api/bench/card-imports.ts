// `pnpm bench:cards` (issue 36 item 1): the api's event loop while 10 hostile character cards are imported at once,
// measured as /api/health's latency from outside (bench/scenarios-card-import.ts); `pnpm bench` has the same rows.
//   pnpm bench:cards [--duration 5] [--embedded] [--built]
// --built runs the built server (node dist/server.js, after `pnpm --filter @gallery/api build`), whose card
// reader is dist/character-card-worker.js: the path `pnpm start` and the Docker image take.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { startAuthEmulator } from "../../../scripts/lib/auth-emulator.mjs";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { startServerProcess } from "../test/support/server.js";
import { measureCardImports } from "./scenarios-card-import.js";
import { stopGracefully } from "./stop.js";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    embedded: { type: "boolean", default: false },
    built: { type: "boolean", default: false },
  },
});

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-bench-cards-"));
  const cleanups: Array<() => unknown> = [() => rmSync(dataDir, { recursive: true, force: true })];
  try {
    const emulator = await startAuthEmulator({ projectId: "demo-chatbot-gallery" });
    cleanups.push(() => emulator.stop());
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl && !args.embedded) {
      const cluster = await startThrowawayPostgres();
      if (!cluster) throw new Error("PostgreSQL is not installed: apt-get install postgresql, or run with --embedded");
      cleanups.push(() => cluster.stop());
      databaseUrl = cluster.url;
    }
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      RATE_LIMIT_WRITES: "100000000",
      RATE_LIMIT_SIGNIN: "100000000",
    };
    const server = await startServerProcess(env, [], { built: args.built });
    cleanups.push(() => stopGracefully(server.child));
    const { createAccount } = await import("../test/support/auth.js");
    const account = await createAccount();
    const verify = await fetch(`${server.url}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ idToken: account.idToken }),
    });
    const cookie = verify.headers.get("set-cookie")!.split(";")[0]!;
    const { rows, target } = await measureCardImports(server.url, cookie, Number(args.duration));
    const database = databaseUrl ? "PostgreSQL" : "PGlite (embedded)";
    console.log(`\n${args.built ? "built server (dist/server.js)" : "server from sources (tsx)"}, ${database}\n`);
    console.log(
      "| scenario | connections | req/s | mean ms | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|",
    );
    for (const r of rows)
      console.log(`| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.mean} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    console.log(`\n${JSON.stringify(target, null, 2)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
