// Compression (issue 22, item 6): built assets sent as their pre-compressed .br/.gz, HTML pages and JSON
// reads compressed per request, shared copies sent as each client accepts them, images untouched. The
// app serves a stand-in for the built web app (the real build's files are measured by `pnpm bench:wire`).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { askUntilCopy } from "./support/requests.js";

const webDist = mkdtempSync(path.join(tmpdir(), "gallery-web-"));
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const SCRIPT_PATH = "/assets/app-3f9a1c.js";
mkdirSync(path.join(webDist, "assets"));
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n' +
    '    <meta name="description" content="Default description." />\n    <title>Chatbot Gallery</title>\n' +
    `    <script type="module" src="${SCRIPT_PATH}"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
);
// As the web build writes them (apps/web/vite.config.ts): the file and its two compressed forms beside it.
const PRE_COMPRESSED = { br: brotliCompressSync(SCRIPT), gzip: gzipSync(SCRIPT) };
writeFileSync(path.join(webDist, SCRIPT_PATH), SCRIPT);
writeFileSync(path.join(webDist, `${SCRIPT_PATH}.br`), PRE_COMPRESSED.br);
writeFileSync(path.join(webDist, `${SCRIPT_PATH}.gz`), PRE_COMPRESSED.gzip);
test.override("appEnv", { WEB_DIST: webDist });

let app: TestApp;
let thumbnailUrl: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  const creator = await signUp(app);
  // Enough listings for a gallery page well over the 1 kB under which answers go as they are.
  for (let i = 0; i < 4; i++) {
    const listing = await createListing(app, creator.cookie, {
      title: `Compressed Bot ${i}`,
      tagline: "x".repeat(100),
    });
    thumbnailUrl = listing.thumbnailUrl ?? "";
  }
});

type Answer = Awaited<ReturnType<TestApp["inject"]>>;

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

/** The body as the client reads it once it has undone the answer's Content-Encoding. */
function decoded(answer: Answer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(answer.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return answer.rawPayload.toString();
}

const varies = (answer: Answer) =>
  String(answer.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes("accept-encoding");

/** Asks until the answer comes from a shared copy. */
const fromCopy = (url: string, acceptEncoding?: string) => askUntilCopy(() => get(url, acceptEncoding));

describe("built assets", () => {
  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    ["a browser's list", "gzip, deflate, br, zstd"],
  ])("are sent pre-compressed to a client accepting %s, decoding to the file", async (_name, accept) => {
    const answer = await get(SCRIPT_PATH, accept);
    const encoding = accept === "gzip" ? "gzip" : "br";
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(encoding);
    // The file written at build time, whole (not compressed again per request).
    expect(answer.rawPayload.equals(PRE_COMPRESSED[encoding])).toBe(true);
    expect(answer.headers["content-length"]).toBe(String(PRE_COMPRESSED[encoding].length));
    expect(varies(answer)).toBe(true);
    expect(answer.headers["content-type"]).toMatch(/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 2);
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it.each([
    ["no Accept-Encoding", undefined],
    ["identity only", "identity"],
    ["br and gzip refused", "br;q=0, gzip;q=0"],
  ])("are sent as they are with %s", async (_name, accept) => {
    const answer = await get(SCRIPT_PATH, accept);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(varies(answer)).toBe(true);
    expect(answer.rawPayload.toString()).toBe(SCRIPT);
  });
});

describe("pages and reads", () => {
  it("send the HTML of / compressed when accepted, as it is otherwise", async () => {
    const plain = await get("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<title>");
    for (const accept of ["br", "gzip"]) {
      const answer = await get("/", accept);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(accept);
      expect(answer.headers["cache-control"]).toBe(plain.headers["cache-control"]);
      expect(varies(answer)).toBe(true);
      expect(decoded(answer)).toBe(plain.body);
    }
    expect(varies(plain)).toBe(true);
  });

  it("send the gallery's JSON (tRPC and REST) compressed when accepted", async () => {
    const trpcUrl = `/trpc/chatbots.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { sort: "az" } }))}`;
    for (const url of [trpcUrl, "/api/chatbots?sort=az"]) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toContain("Compressed Bot 3");
      for (const accept of ["br", "gzip"]) {
        const answer = await get(url, accept);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["content-encoding"]).toBe(accept);
        expect(varies(answer)).toBe(true);
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(JSON.parse(decoded(answer))).toEqual(plain.json());
      }
    }
  });

  it("send small answers as they are", async () => {
    const answer = await get("/api/health", "br, gzip");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });
});

describe("shared copies", () => {
  it("never send a copy compressed to a client that did not accept it, nor plain to one that did", async () => {
    const url = "/api/chatbots?limit=4";
    const made = await get(url);
    expect(made.headers.age).toBeUndefined();
    expect(made.headers["content-encoding"]).toBeUndefined();

    const asBrotli = await fromCopy(url, "br, gzip");
    expect(asBrotli.headers["content-encoding"]).toBe("br");
    expect(varies(asBrotli)).toBe(true);
    expect(decoded(asBrotli)).toBe(made.body);

    const asGzip = await fromCopy(url, "gzip");
    expect(asGzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(asGzip)).toBe(made.body);

    for (const accept of [undefined, "identity", "deflate"]) {
      const plain = await fromCopy(url, accept);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(varies(plain)).toBe(true);
      expect(plain.rawPayload.toString()).toBe(made.body);
    }
    // Again compressed, from the form kept with the copy.
    const again = await fromCopy(url, "br");
    expect(again.headers["content-encoding"]).toBe("br");
    expect(again.rawPayload.equals(asBrotli.rawPayload)).toBe(true);
  });

  it("keep the plain text when the answer that made the copy went out compressed", async () => {
    const url = "/api/chatbots?limit=3";
    const made = await get(url, "br");
    expect(made.headers.age).toBeUndefined();
    expect(made.headers["content-encoding"]).toBe("br");

    const plain = await fromCopy(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.rawPayload.length));
    expect(plain.rawPayload.toString()).toBe(decoded(made));
  });
});

describe("images", () => {
  it("are sent as stored whatever the client accepts", async () => {
    const plain = await get(thumbnailUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("image/webp");
    for (const accept of ["br", "gzip", "br, gzip, deflate"]) {
      const answer = await get(thumbnailUrl, accept);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });
});
