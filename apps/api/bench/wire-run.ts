import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { listingPath } from "@gallery/schema";
import autocannon from "autocannon";
import { startServerProcess } from "../test/support/server.js";
import { ROOT, withDemoGallery } from "./demo-gallery.js";
import { summarize } from "./measure.js";
import { type CompressionCost, type CompressionCpu, compressionCpu, measureWire, writeWireReport } from "./wire.js";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    "skip-throughput": { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
  },
});
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const ACCEPT_HEADERS = { none: undefined, gzip: "gzip", "br, gzip": "br, gzip" } as const;
const THROUGHPUT_ANSWERS = [
  ["first page JSON", "/api/chatbots"],
  ["gallery HTML", "/"],
] as const;

async function main() {
  await withDemoGallery("wire", { skipBuild: args["skip-build"] }, async (gallery) => {
    const { env, newest } = gallery;
    // Restarted below for each way of answering; the one running at the end is stopped.
    let server = gallery.server;
    gallery.onCleanup(() => server.kill());
    const pages = await measureWire(server.url, listingPath(newest));
    // The settings compared on the very bodies: the first page's JSON and the gallery's HTML.
    const compression: CompressionCpu[] = [];
    for (const [answer, url] of THROUGHPUT_ANSWERS) {
      const body = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
      compression.push(...(await compressionCpu(`${answer} (${body.length} B)`, body)));
    }

    // What compressing each answer costs: the gallery's first page (JSON) and `/` (HTML), per Accept-Encoding,
    // from shared copies (as configured) and from the database (RESPONSE_CACHE_SECONDS=0); in alternating
    // rounds (each one measures every case), so a machine busy with other work weighs on all of them alike.
    const throughput: CompressionCost[] = [];
    if (!args["skip-throughput"]) {
      for (const [responses, extra] of [
        ["shared copies", {}],
        ["database", { RESPONSE_CACHE_SECONDS: "0" }],
      ] as const) {
        server.kill();
        server = await startServerProcess({ ...env, ...extra });
        const cases = THROUGHPUT_ANSWERS.flatMap(([scenario, url]) =>
          Object.entries(ACCEPT_HEADERS).flatMap(([accept, value]) =>
            [1, 50].map((connections) => ({
              scenario,
              url: `${server.url}${url}`,
              accept,
              connections,
              headers: value ? { "accept-encoding": value } : {},
            })),
          ),
        );
        for (const { url, headers } of cases) await autocannon({ url, connections: 10, duration: 1, headers });
        const rounds: CompressionCost[][] = cases.map(() => []);
        for (let round = 0; round < ROUNDS; round++) {
          for (const [index, { scenario, url, accept, connections, headers }] of cases.entries()) {
            const cpuBefore = cpuMicroseconds(server.child.pid!);
            const result = await autocannon({ url, connections, duration: DURATION, headers });
            const answers = Math.max(1, result.requests.total);
            const { rps, mean } = summarize(result, connections);
            rounds[index]!.push({
              scenario,
              responses,
              accept,
              connections,
              rps,
              mean,
              p99: result.latency.p99,
              bytesPerAnswer: Math.round(result.throughput.total / answers),
              cpuPerAnswerUs: Math.round((cpuMicroseconds(server.child.pid!) - cpuBefore) / answers),
              non2xx: result.non2xx + result.errors,
            });
          }
        }
        for (const measured of rounds) {
          const row = medianRow(measured);
          throughput.push(row);
          console.log(
            `${row.scenario} (${responses}, ${row.accept}) c=${row.connections}: ${row.rps} req/s, p99 ${row.p99} ms, ${row.bytesPerAnswer} B, ${row.cpuPerAnswerUs} µs CPU`,
          );
        }
      }
    }
    const written = writeWireReport(path.join(ROOT, "docs/bench"), {
      about: `\`pnpm bench:wire\` ${new Date().toISOString().slice(0, 16)}: the api (src/server.ts) on the demo gallery of a fresh \`pnpm start\`, PostgreSQL; throughput: ${ROUNDS} rounds of ${DURATION} s, medians; the machine's load average (1 min) at the end ${loadavg()[0]!.toFixed(1)}`,
      pages,
      throughput,
      compression,
    });
    console.log(`\n${written}\nwritten to docs/bench/latest.{md,json} (its "wire" part)`);
  });
}

/** The median round of each figure (taken on its own). */
function medianRow(rows: CompressionCost[]): CompressionCost {
  const median = (pick: (row: CompressionCost) => number) =>
    rows.map(pick).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
  return {
    ...rows[0]!,
    rps: median((r) => r.rps),
    mean: median((r) => r.mean),
    p99: median((r) => r.p99),
    bytesPerAnswer: median((r) => r.bytesPerAnswer),
    cpuPerAnswerUs: median((r) => r.cpuPerAnswerUs),
    non2xx: rows.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/**
 * CPU time the api process has used (all its threads: zlib's stream compression runs in libuv's pool), from
 * /proc: on a shared machine this says what an answer costs better than requests/s does.
 */
function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

await main();
