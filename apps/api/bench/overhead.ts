// `pnpm bench:overhead`: what a request costs through the api beyond the bare Fastify route, in one run.
//   pnpm bench:overhead [--rounds 3] [--duration 3] [--listings 2000]
//   pnpm bench:overhead --profile "first page" --duration 10   # node --cpu-prof on the api, then where the time went
// Measures the bare route (the ceiling), a 404 through the app and the gallery's first page on the database
// path (RESPONSE_CACHE_SECONDS=0) in alternating rounds, so all three see the same machine; reports the median
// round and each scenario's share of the bare route's requests/s. Needs Debian's postgresql.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error: JavaScript helper shared with scripts/start.mjs and the test setups
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { startServerProcess, testPort } from "../test/support/server.js";
import { measureLoad } from "./measure.js";
import { summarizeProfile } from "./profile.js";
import { seedListings } from "./seed.js";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "3" },
    listings: { type: "string", default: "2000" },
    profile: { type: "string" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = [1, 50];
const API_DIR = path.resolve(import.meta.dirname, "..");

interface Measurement {
  rps: number;
  mean: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, connections: number, duration = DURATION): Promise<Measurement> {
  const { rps, mean, p99, non2xx } = await measureLoad(url, connections, duration);
  return { rps, mean, p99, non2xx };
}

async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "gallery-overhead-"));
  const cleanups: Array<() => unknown> = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    const cluster = await startThrowawayPostgres();
    if (!cluster) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
    cleanups.push(() => cluster.stop());
    const profileDir = path.join(dir, "profile");
    const server = await startServerProcess(
      {
        DATA_DIR: dir,
        DATABASE_URL: cluster.url,
        // Never reached: these scenarios sign nobody in.
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
        RESPONSE_CACHE_SECONDS: "0",
      },
      args.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    );
    cleanups.push(() => server.kill());
    const image = { imageUrl: "/images/bench.webp", imageKey: "bench.webp", thumbnailKey: "bench-thumb.webp" };
    const listings = Number(args.listings);
    await seedListings(cluster.url, { creators: Math.ceil(listings / 10), listings, images: [image] });

    const scenarios: Record<string, string> = {
      "404 through the app": `${server.url}/api/no-such-path`,
      "first page (database)": `${server.url}/api/chatbots`,
    };
    if (args.profile) {
      const url = Object.entries(scenarios).find(([name]) => name.startsWith(args.profile!))?.[1];
      if (!url) throw new Error(`--profile: one of ${Object.keys(scenarios).join(", ")}`);
      await measure(url, 10, 1);
      const m = await measure(url, 50);
      console.log(`${args.profile} at 50 connections: ${m.rps} req/s, p99 ${m.p99} ms`);
      // SIGINT closes the app and exits, which writes the profile.
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGINT");
      await exited;
      const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"))!;
      copyFileSync(path.join(profileDir, file), path.join(tmpdir(), file));
      console.log(`profile: ${path.join(tmpdir(), file)} (open in Chrome DevTools or speedscope)`);
      console.log(summarizeProfile(JSON.parse(readFileSync(path.join(profileDir, file), "utf8"))));
      return;
    }

    const bodyFile = path.join(dir, "page.json");
    writeFileSync(bodyFile, await (await fetch(scenarios["first page (database)"]!)).text());
    const barePort = testPort();
    const bare = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "bare-server.ts"), String(barePort), bodyFile],
      { cwd: API_DIR, stdio: "ignore" },
    );
    cleanups.push(() => bare.kill());
    const all: Record<string, string> = { "bare route": `http://127.0.0.1:${barePort}/bare`, ...scenarios };
    await waitFor(all["bare route"]!, bare);
    for (const url of Object.values(all)) await measure(url, 10, 1);

    // rounds[scenario][connections] = one measurement per round
    const rounds: Record<string, Record<number, Measurement[]>> = {};
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const connections of CONNECTIONS) {
        for (const [name, url] of Object.entries(all)) {
          const m = await measure(url, connections);
          const byConnections = rounds[name] ?? {};
          rounds[name] = byConnections;
          byConnections[connections] = [...(byConnections[connections] ?? []), m];
          console.log(`round ${round + 1} ${name} c=${connections}: ${m.rps} req/s mean ${m.mean} ms p99 ${m.p99} ms`);
        }
      }
    }
    console.log("\nscenario | c | req/s (median) | vs bare (median of per-round ratios) | mean ms | p99 ms");
    for (const [name, byConnections] of Object.entries(rounds)) {
      for (const connections of CONNECTIONS) {
        const ms = byConnections[connections]!;
        const ratios = ms.map((m, i) => m.rps / rounds["bare route"]![connections]![i]!.rps);
        const row = [
          name,
          connections,
          median(ms.map((m) => m.rps)),
          median(ratios).toFixed(2),
          median(ms.map((m) => m.mean)),
          median(ms.map((m) => m.p99)),
        ];
        console.log(row.join(" | "));
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

await main();
