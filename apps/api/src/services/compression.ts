import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";

/**
 * How the api compresses what it builds per request (HTML pages, JSON reads): one home for the settings
 * that @fastify/compress (plugins/external/compress.ts) and the shared copies (plugins/app/response-cache.ts)
 * both use. Built scripts and styles are compressed once at build time instead (apps/web/vite.config.ts).
 */

/** The encodings sent, in the api's order of preference when a client accepts several equally. */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller answers go as they are: a few hundred bytes saved would not pay for the work (and headers). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Settings for an answer compressed as it is sent (a page, a read from the database): paid on every such
 * request, so the fastest (brotli quality 1: a gallery page's JSON to a fifth of its size for a fraction of
 * the CPU quality 4 takes; gzip level 1). Measured in docs/performance.md ("Compression").
 */
export const PER_ANSWER = {
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  gzip: { level: 1 },
} as const;
/** A shared copy is compressed once per encoding and sent many times: more work for fewer bytes. */
const PER_COPY = {
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  gzip: { level: 6 },
} as const;

/** Text answers: HTML, JSON (tRPC, REST, the OpenAPI document), scripts, styles, SVG, XML (the sitemap). */
export const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml)|image\/svg\+xml)/;

const NEGOTIABLE = [...ENCODINGS, "identity"];

/**
 * The encoding to answer with for this Accept-Encoding header, or undefined for the body as it is. Read as
 * @fastify/compress reads it: `*` and `x-gzip` stand for gzip, q-values and `identity` are honoured.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, "gzip"), NEGOTIABLE);
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

/** Whether an answer's body reaches COMPRESS_MIN_BYTES (a stream's size is not known: it may). */
export function worthCompressing(body: unknown): boolean {
  if (typeof body === "string")
    return body.length >= COMPRESS_MIN_BYTES || Buffer.byteLength(body) >= COMPRESS_MIN_BYTES;
  if (Buffer.isBuffer(body)) return body.length >= COMPRESS_MIN_BYTES;
  return body != null;
}

/** A shared copy's body, compressed (plugins/app/response-cache.ts keeps the result with the copy). */
export function compressCopy(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? brotliCompressSync(body, PER_COPY.brotli) : gzipSync(body, PER_COPY.gzip);
}
