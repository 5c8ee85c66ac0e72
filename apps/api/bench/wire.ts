/// <reference lib="dom" />
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { PassThrough, Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { launchChromium } from "./web.js";

/** What the replaying client says it accepts: a browser's pair, gzip alone (an older client), nothing. */
export const ACCEPTS = ["br, gzip", "gzip", "none"] as const;
type Accept = (typeof ACCEPTS)[number];

/** The kinds of request a first visit makes that compression concerns (images are WebP: never recompressed). */
const COUNTED_TYPES = new Set(["document", "script", "stylesheet", "fetch", "xhr"]);

interface Request {
  path: string;
  type: string;
  headers: Record<string, string>;
}

/**
 * The same-origin GET requests a browser makes on a first visit (a fresh profile, so nothing cached)
 * until `ready` is on screen and the network is idle: the HTML, every script and style (the lazy chunks
 * the page needs to render included) and the page's first tRPC/REST reads. Images are left out.
 */
async function firstVisit(browser: Browser, url: string, ready: string): Promise<Request[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const seen: Array<Promise<Request>> = [];
    const origin = new URL(url).origin;
    page.on("request", (request) => {
      const target = new URL(request.url());
      if (target.origin !== origin || request.method() !== "GET" || !COUNTED_TYPES.has(request.resourceType())) return;
      seen.push(
        request.allHeaders().then((headers) => ({
          path: target.pathname + target.search,
          type: request.resourceType() === "xhr" ? "fetch" : request.resourceType(),
          headers,
        })),
      );
    });
    // Generous: the api has just started (cold) on a machine other work may share.
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForSelector(ready, { timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    return Promise.all(seen);
  } finally {
    await context.close();
  }
}

/**
 * Bytes received for one request on a connection of its own: status line, headers and body exactly as
 * sent (node:http does not decode a body), read from the socket once the answer has ended.
 */
function wireBytes(url: string, headers: Record<string, string>): Promise<{ bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...headers, connection: "close" }, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve({ bytes: response.socket.bytesRead, status: response.statusCode ?? 0 }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The browser's own request headers, less those the replay sets itself. */
function replayHeaders(request: Request, accept: Accept): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!name.startsWith(":") && !["accept-encoding", "connection", "host", "cookie"].includes(name))
      headers[name] = value;
  }
  if (accept !== "none") headers["accept-encoding"] = accept;
  return headers;
}

export interface WirePage {
  page: string;
  path: string;
  /** How many requests of each kind the first visit made (document, script, stylesheet, fetch). */
  requests: Record<string, number>;
  /** Bytes received per Accept-Encoding, in all and per kind of request. */
  bytes: Record<Accept, { total: number } & Record<string, number>>;
  /** Bytes with `br, gzip` over bytes with no Accept-Encoding (what every client got before compression). */
  ratio: number;
}

/**
 * Bytes on the wire for a visitor's first visit to the gallery and to a listing's page: the requests a
 * browser makes (found with Chromium), each replayed once per Accept-Encoding on its own connection.
 */
export async function measureWire(baseUrl: string, listingPath: string): Promise<WirePage[]> {
  const browser = await launchChromium();
  try {
    const pages = [
      { page: "gallery", path: "/", ready: "[data-testid=chatbot-card] img" },
      { page: "listing page", path: listingPath, ready: "main h1" },
    ];
    const results: WirePage[] = [];
    for (const { page, path, ready } of pages) {
      const requests = await firstVisit(browser, `${baseUrl}${path}`, ready);
      const counts: Record<string, number> = {};
      for (const request of requests) counts[request.type] = (counts[request.type] ?? 0) + 1;
      const bytes = {} as WirePage["bytes"];
      for (const accept of ACCEPTS) {
        const sums: { total: number } & Record<string, number> = { total: 0 };
        for (const request of requests) {
          const { bytes: received, status } = await wireBytes(
            `${baseUrl}${request.path}`,
            replayHeaders(request, accept),
          );
          if (status !== 200) throw new Error(`${request.path} answered ${status}`);
          sums.total += received;
          sums[request.type] = (sums[request.type] ?? 0) + received;
        }
        bytes[accept] = sums;
      }
      const ratio = Math.round((bytes["br, gzip"].total / bytes.none.total) * 100) / 100;
      results.push({ page, path, requests: counts, bytes, ratio });
    }
    return results;
  } finally {
    await browser.close();
  }
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report's section: one row per page and Accept-Encoding, in kB (1024 bytes). */
export function wireMarkdown(pages: WirePage[]): string[] {
  const types = [...new Set(pages.flatMap((p) => Object.keys(p.requests)))].sort();
  const lines = [
    "## Bytes on the wire, first visit",
    "",
    "A visitor's first visit as Chromium makes it (HTML, scripts and styles including the lazy chunks, the first reads;",
    "images left out), each request replayed per Accept-Encoding; kB received (status line, headers, body).",
    "",
    `| page | Accept-Encoding | total kB | ${types.map((t) => `${t} kB`).join(" | ")} | vs none |`,
    `|---|---|---|${types.map(() => "---|").join("")}---|`,
  ];
  for (const page of pages) {
    for (const accept of ACCEPTS) {
      const sums = page.bytes[accept];
      const cells = types.map((t) => `${kB(sums[t] ?? 0)} (${page.requests[t] ?? 0})`);
      const ratio = Math.round((sums.total / page.bytes.none.total) * 100) / 100;
      lines.push(`| ${page.page} \`${page.path}\` | ${accept} | ${kB(sums.total)} | ${cells.join(" | ")} | ${ratio} |`);
    }
  }
  lines.push("", "(n): requests of that kind.");
  return lines;
}

/** Throughput of one answer per Accept-Encoding (autocannon): what compressing it costs the api. */
export interface CompressionCost {
  scenario: string;
  responses: "shared copies" | "database";
  accept: string;
  connections: number;
  rps: number;
  mean: number;
  p99: number;
  /** Bytes read per answer, headers included. */
  bytesPerAnswer: number;
  /** CPU time of the api process per answer (all threads), in microseconds. */
  cpuPerAnswerUs: number;
  non2xx: number;
}

export interface WireReport {
  /** Which run and gallery, said in the report. */
  about: string;
  pages: WirePage[];
  throughput: CompressionCost[];
  compression: CompressionCpu[];
}

/** The report's part about bytes on the wire, between markers so `pnpm bench:wire` can replace it alone. */
export function wireSection(report: WireReport): string {
  const [heading, ...rest] = wireMarkdown(report.pages);
  const lines = ["<!-- wire -->", heading!, "", `${report.about}.`, ...rest];
  if (report.throughput.length) {
    lines.push(
      "",
      "### What compressing costs",
      "",
      "| answer | responses | Accept-Encoding | connections | req/s | mean ms | p99 ms | bytes per answer | api CPU µs per answer | non-2xx |",
      "|---|---|---|---|---|---|---|---|---|---|",
      ...report.throughput.map(
        (r) =>
          `| ${r.scenario} | ${r.responses} | ${r.accept} | ${r.connections} | ${r.rps} | ${r.mean} | ${r.p99} | ${r.bytesPerAnswer} | ${r.cpuPerAnswerUs} | ${r.non2xx} |`,
      ),
    );
  }
  if (report.compression.length) {
    lines.push(
      "",
      "### Compressing one answer, in process",
      "",
      "| answer | setting | bytes | CPU µs |",
      "|---|---|---|---|",
      ...report.compression.map((r) => `| ${r.answer} | ${r.setting} | ${r.bytes} | ${r.cpuUs} |`),
    );
  }
  lines.push("<!-- /wire -->");
  return lines.join("\n");
}

/** Whether the first visit's bytes with compression are at most half of those without it. */
export const wireTarget = (pages: WirePage[]) => ({
  met: pages.length > 0 && pages.every((p) => p.ratio <= 0.5),
  ratios: Object.fromEntries(pages.map((p) => [p.page, p.ratio])),
});

/**
 * Puts this run's bytes on the wire into docs/bench/latest.{md,json} and keeps the rest of the report: the
 * JSON's `wire` and `targets.firstVisitBytesAtMostHalf`, the markdown's section between the markers
 * (appended when missing). Returns the section.
 */
export function writeWireReport(dir: string, report: WireReport): string {
  const jsonFile = path.join(dir, "latest.json");
  const mdFile = path.join(dir, "latest.md");
  const json = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, "utf8")) : {};
  json.wire = { date: new Date().toISOString(), ...report };
  json.targets = { ...json.targets, firstVisitBytesAtMostHalf: wireTarget(report.pages) };
  writeFileSync(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
  const section = wireSection(report);
  const markdown = existsSync(mdFile) ? readFileSync(mdFile, "utf8") : "";
  const marked = /<!-- wire -->[\s\S]*<!-- \/wire -->/;
  writeFileSync(
    mdFile,
    marked.test(markdown) ? markdown.replace(marked, () => section) : `${markdown.trimEnd()}\n\n${section}\n`,
  );
  return section;
}

/** What compressing one answer costs in itself, per setting and way (at once, or through a zlib stream). */
export interface CompressionCpu {
  answer: string;
  setting: string;
  bytes: number;
  /** CPU of this process per answer (all threads: a stream compresses in libuv's pool), best of 5 rounds. */
  cpuUs: number;
}

const SETTINGS: Array<[string, () => Transform, (body: Buffer) => Buffer]> = [
  ...[1, 4, 5].map((quality): [string, () => Transform, (body: Buffer) => Buffer] => {
    const options = { params: { [constants.BROTLI_PARAM_QUALITY]: quality } };
    return [`br q${quality}`, () => createBrotliCompress(options), (body) => brotliCompressSync(body, options)];
  }),
  ...[1, 6].map((level): [string, () => Transform, (body: Buffer) => Buffer] => [
    `gzip ${level}`,
    () => createGzip({ level }),
    (body) => gzipSync(body, { level }),
  ]),
];

/** Each setting at once and through a stream, on this answer's body, in this process (no HTTP, no other work). */
export async function compressionCpu(answer: string, body: Buffer): Promise<CompressionCpu[]> {
  const rows: CompressionCpu[] = [];
  for (const [setting, stream, once] of SETTINGS) {
    const ways: Array<[string, () => Promise<unknown>]> = [
      ["at once", async () => once(body)],
      ["stream", () => pipeline(Readable.from([body]), stream(), new PassThrough().resume())],
    ];
    for (const [way, run] of ways) {
      let best = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 20; i++) await run();
        const start = process.cpuUsage();
        for (let i = 0; i < 200; i++) await run();
        const used = process.cpuUsage(start);
        best = Math.min(best, (used.user + used.system) / 200);
      }
      rows.push({ answer, setting: `${setting}, ${way}`, bytes: once(body).length, cpuUs: Math.round(best) });
    }
  }
  return rows;
}
