// `pnpm bench:cards` (issue 36 item 1): the api's event loop while 10 hostile character cards are imported at once,
// measured as /api/health's latency from outside (bench/scenarios-card-import.ts); `pnpm bench` has the same rows.
//   pnpm bench:cards [--duration 5] [--embedded] [--built]
// --built runs the built server (node dist/server.js, after `pnpm --filter @gallery/api build`), whose card
// reader is dist/character-card-worker.js: the path `pnpm start` and the Docker image take.
import { parseArgs } from "node:util";
import { startServerProcess } from "../test/support/server.js";
import { measureCardImports } from "./scenarios-card-import.js";
import { signInNewAccount, withBenchServices } from "./services.js";
import { stopGracefully } from "./stop.js";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    embedded: { type: "boolean", default: false },
    built: { type: "boolean", default: false },
  },
});

async function main() {
  await withBenchServices("bench-cards", { embedded: args.embedded }, async ({ env, database, onCleanup }) => {
    const server = await startServerProcess({ ...env }, [], { built: args.built });
    onCleanup(() => stopGracefully(server.child));
    const { cookie } = await signInNewAccount(server.url);
    const { rows, target } = await measureCardImports(server.url, cookie, Number(args.duration));
    console.log(`\n${args.built ? "built server (dist/server.js)" : "server from sources (tsx)"}, ${database}\n`);
    console.log(
      "| scenario | connections | req/s | mean ms | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|",
    );
    for (const r of rows)
      console.log(`| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.mean} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    console.log(`\n${JSON.stringify(target, null, 2)}`);
  });
}

await main();
