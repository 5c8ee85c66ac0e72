// `pnpm bench:wire`: bytes on the wire for a visitor's first visit (gallery and listing page) with and without
// compression, and what compressing costs in throughput; writes its section of docs/bench/latest.{md,json}.
//   pnpm bench:wire [--duration 3] [--skip-build] [--skip-throughput]
// The api (src/server.ts) serves the built web app on the demo gallery a fresh `pnpm start` shows, on a throwaway
// PostgreSQL cluster (Debian's postgresql) and Chromium finds what a first visit requests (bench/wire.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { listingPath } from "@gallery/schema";
import autocannon from "autocannon";
// @ts-expect-error: JavaScript helper shared with scripts/start.mjs and the test setups
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { startServerProcess } from "../test/support/server.js";
import { type CompressionCost, measureWire, writeWireReport } from "./wire.js";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    "skip-throughput": { type: "boolean", default: false },
  },
});
const DURATION = Number(args.duration);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const ACCEPT_HEADERS = { none: undefined, gzip: "gzip", "br, gzip": "br, gzip" } as const;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-wire-"));
  const cleanups: Array<() => unknown> = [() => rmSync(dataDir, { recursive: true, force: true })];
  try {
    if (!args["skip-build"]) {
      const build = spawnSync(
        "pnpm",
        ["exec", "turbo", "run", "build", "--filter=@gallery/web", "--output-logs=errors-only"],
        { cwd: ROOT, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
      );
      if (build.status !== 0) throw new Error("the build failed");
    }
    const cluster = await startThrowawayPostgres();
    if (!cluster) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
    cleanups.push(() => cluster.stop());
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      SEED_DEMO: "true",
      WEB_DIST: path.join(ROOT, "apps/web/dist"),
      // Never reached: a visitor's first visit signs nobody in.
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
    };
    let server = await startServerProcess(env);
    cleanups.push(() => server.kill());
    const [newest] = (await (await fetch(`${server.url}/api/chatbots?limit=1`)).json()) as Array<{
      id: string;
      title: string;
    }>;
    if (!newest) throw new Error("the demo gallery is empty");
    const pages = await measureWire(server.url, listingPath(newest));

    // What compressing each answer costs: the gallery's first page (JSON) and `/` (HTML), per Accept-Encoding,
    // from shared copies (as configured) and from the database (RESPONSE_CACHE_SECONDS=0).
    const throughput: CompressionCost[] = [];
    if (!args["skip-throughput"]) {
      for (const [responses, extra] of [
        ["shared copies", {}],
        ["database", { RESPONSE_CACHE_SECONDS: "0" }],
      ] as const) {
        server.kill();
        server = await startServerProcess({ ...env, ...extra });
        for (const [scenario, url] of [
          ["first page JSON", "/api/chatbots"],
          ["gallery HTML", "/"],
        ] as const) {
          for (const [accept, value] of Object.entries(ACCEPT_HEADERS)) {
            const headers = value ? { "accept-encoding": value } : {};
            await autocannon({ url: `${server.url}${url}`, connections: 10, duration: 1, headers });
            for (const connections of [1, 50]) {
              const result = await autocannon({ url: `${server.url}${url}`, connections, duration: DURATION, headers });
              const row = {
                scenario,
                responses,
                accept,
                connections,
                rps: Math.round(result.requests.average),
                mean: Math.round(result.latency.average * 100) / 100,
                p99: result.latency.p99,
                bytesPerAnswer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
                non2xx: result.non2xx + result.errors,
              };
              throughput.push(row);
              console.log(
                `${scenario} (${responses}, ${accept}) c=${connections}: ${row.rps} req/s, p99 ${row.p99} ms, ${row.bytesPerAnswer} B`,
              );
            }
          }
        }
      }
    }
    const written = writeWireReport(path.join(ROOT, "docs/bench"), { pages, throughput });
    console.log(`\n${written}\nwritten to docs/bench/latest.{md,json} (its "wire" part)`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
