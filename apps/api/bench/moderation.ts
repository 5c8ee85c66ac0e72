// `pnpm bench:moderation` (issue 23): the moderation queue's and the audit log's first pages with 1,000,000
// reports and 100,000 audit entries at 100,000 listings, and the gallery's first page before and after the
// reports arrive, on the database path (no shared copies). `--embedded` runs it on PGlite, as `pnpm start` does.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@gallery/db";
import { multipart, pngImage } from "../test/support/images.js";
import { startServerProcess } from "../test/support/server.js";
import { measureLoad, warmUp } from "./measure.js";
import { AUDIT_ENTRIES, moderationScenarios, REPORTS, seedModeration } from "./scenarios-moderation.js";
import { seedListings } from "./seed.js";
import { signInNewAccount, withBenchServices } from "./services.js";
import { stopGracefully } from "./stop.js";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    duration: { type: "string", default: "5" },
    embedded: { type: "boolean", default: false },
  },
});
const LISTINGS = Number(args.listings);
const DURATION = Number(args.duration);
const ROOT = path.resolve(import.meta.dirname, "../../..");

interface Row {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, connections: number, cookie?: string): Promise<Omit<Row, "scenario">> {
  const headers = cookie ? { cookie } : {};
  await warmUp(url, { headers });
  const { rps, p50, p99, non2xx } = await measureLoad(url, connections, DURATION, { headers });
  return { connections, rps, p50, p99, non2xx };
}

async function main() {
  await withBenchServices("bench-moderation", { embedded: args.embedded }, async (services) => {
    const { dataDir, databaseUrl, database } = services;
    const env = { ...services.env, RESPONSE_CACHE_SECONDS: "0" };
    let server = await startServerProcess(env);
    services.onCleanup(() => server.kill());
    const creator = await signInNewAccount(server.url);
    const moderator = await signInNewAccount(server.url);
    const form = multipart(
      { title: "Poster" },
      { name: "image", filename: "p.png", type: "image/png", data: await pngImage() },
    );
    const poster = (await (
      await fetch(`${server.url}/api/chatbots`, {
        method: "POST",
        headers: { cookie: creator.cookie, ...form.headers },
        body: form.payload,
      })
    ).json()) as { imageUrl: string; thumbnailUrl: string };
    const images = [
      {
        imageUrl: poster.imageUrl,
        imageKey: poster.imageUrl.replace("/images/", ""),
        thumbnailKey: poster.thumbnailUrl.replace("/images/", ""),
      },
    ];
    // PGlite allows one process: the server is stopped while the bench seeds it.
    const withDatabase = async (use: (url: string) => Promise<unknown>) => {
      await stopGracefully(server.child);
      if (databaseUrl) await use(databaseUrl);
      else {
        const handle = await openDatabase({ dataDir });
        try {
          await use(handle.connectionString);
        } finally {
          await handle.close();
        }
      }
      server = await startServerProcess(env);
    };
    const rows: Row[] = [];
    const run = async (scenario: string, pathName: string, cookie?: string) => {
      for (const connections of [1, 50]) {
        const row = { scenario, ...(await measure(`${server.url}${pathName}`, connections, cookie)) };
        rows.push(row);
        console.log(
          `${scenario} c=${connections}: ${row.rps} req/s p50 ${row.p50} ms p99 ${row.p99} ms non-2xx ${row.non2xx}`,
        );
      }
    };

    await withDatabase((url) => seedListings(url, { creators: Math.ceil(LISTINGS / 10), listings: LISTINGS, images }));
    await run("gallery first page, visitor, no reports", "/api/chatbots");
    const started = performance.now();
    await withDatabase((url) => seedModeration(url, moderator.id));
    console.log(
      `seeded ${REPORTS} reports and ${AUDIT_ENTRIES} audit entries in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    await run("gallery first page, visitor, with 1M reports", "/api/chatbots");
    for (const scenario of moderationScenarios(moderator.cookie))
      await run(scenario.name, scenario.path, scenario.cookie);

    const dir = path.join(ROOT, "docs/bench");
    mkdirSync(dir, { recursive: true });
    const name = args.embedded ? "moderation-embedded" : "moderation";
    writeFileSync(
      path.join(dir, `${name}.json`),
      `${JSON.stringify({ database, listings: LISTINGS, reports: REPORTS, auditEntries: AUDIT_ENTRIES, duration: DURATION, rows }, null, 2)}\n`,
    );
    const markdown = [
      `# \`pnpm bench:moderation\`${args.embedded ? " --embedded" : ""}: ${database}, ${LISTINGS} listings, ${REPORTS} reports (a tenth open), ${AUDIT_ENTRIES} audit entries`,
      "",
      "Database path (RESPONSE_CACHE_SECONDS=0), autocannon " +
        `${DURATION} s per row. Target: the queue's and the audit log's first pages p99 < 50 ms at one connection.`,
      "",
      "| scenario | connections | req/s | p50 ms | p99 ms | non-2xx |",
      "|---|---|---|---|---|---|",
      ...rows.map((r) => `| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`),
      "",
    ].join("\n");
    writeFileSync(path.join(dir, `${name}.md`), markdown);
    console.log(`\n${markdown}`);
  });
}

await main();
