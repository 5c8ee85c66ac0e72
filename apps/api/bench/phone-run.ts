// `pnpm bench:phone`: the first visit to `/` and to a listing page on a mid-range phone (bench/phone.ts: 4× CPU
// slowdown, slow 4G, 390x844 at DPR 3) in Debian's Chromium, and the gallery's returning visit; writes
// docs/bench/phone.{json,md}. `pnpm bench` measures the same on its seeded gallery (unless --skip-web).
//   pnpm bench:phone [--skip-build]
// The api (src/server.ts) serves the built web app on the demo gallery a fresh `pnpm start` shows, on a throwaway
// PostgreSQL cluster (Debian's postgresql).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { listingPath } from "@gallery/schema";
// @ts-expect-error: JavaScript helper shared with scripts/start.mjs and the test setups
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { startServerProcess } from "../test/support/server.js";
import { measurePhone, phoneSection, phoneTargets } from "./phone.js";
import { initialJavaScript, launchChromium } from "./web.js";

const { values: args } = parseArgs({ options: { "skip-build": { type: "boolean", default: false } } });
const ROOT = path.resolve(import.meta.dirname, "../../..");
const DIST = path.join(ROOT, "apps/web/dist");

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-phone-"));
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
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      SEED_DEMO: "true",
      WEB_DIST: DIST,
      // Never reached: a visitor's first visit signs nobody in.
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
    });
    cleanups.push(() => server.kill());
    const [newest] = (await (await fetch(`${server.url}/api/chatbots?limit=1`)).json()) as Array<{
      id: string;
      title: string;
    }>;
    if (!newest) throw new Error("the demo gallery is empty");
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const loadBefore = loadavg()[0]!.toFixed(1);
    const phone = await measurePhone(browser, server.url, listingPath(newest));
    const about = `\`pnpm bench:phone\` ${new Date().toISOString().slice(0, 16)}: the api (src/server.ts) on the demo gallery of a fresh \`pnpm start\`, PostgreSQL; ${phone.runsPerPage} first visits per page (a fresh context, cache disabled); the machine's load average (1 min) ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`;
    const js = initialJavaScript(DIST);
    const json = {
      date: new Date().toISOString(),
      about,
      initialJavaScript: js,
      ...phone,
      targets: phoneTargets(phone),
    };
    const dir = path.join(ROOT, "docs/bench");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "phone.json"), `${JSON.stringify(json, null, 2)}\n`);
    const markdown = `${phoneSection(phone, about)}\n\nJavaScript before the gallery's first render: ${js.gzipKb} kB gzip in ${js.files} files.\n`;
    writeFileSync(path.join(dir, "phone.md"), markdown);
    console.log(`\n${markdown}\nwritten to docs/bench/phone.{md,json}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
