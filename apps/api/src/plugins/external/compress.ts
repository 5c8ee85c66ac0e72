import fastifyCompress from "@fastify/compress";
import fp from "fastify-plugin";
import vary from "vary";
import {
  COMPRESS_MIN_BYTES,
  COMPRESSIBLE_TYPE,
  ENCODINGS,
  PER_ANSWER,
  worthCompressing,
} from "../../services/compression.js";

/**
 * Compresses the text answers built per request (HTML pages, JSON reads) for clients that accept br or
 * gzip (services/compression.ts). Answers already encoded pass as they are: the built scripts and styles'
 * .br/.gz files (web.ts) and the shared copies' stored forms (response-cache.ts). Images are WebP, not a
 * compressible type. Registered before every route: @fastify/compress hooks each route as it is declared.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      encodings: [...ENCODINGS],
      threshold: COMPRESS_MIN_BYTES,
      brotliOptions: PER_ANSWER.brotli,
      zlibOptions: PER_ANSWER.gzip,
      customTypes: COMPRESSIBLE_TYPE,
      // Pages and reads (up to 64 kB) are compressed at once: a zlib stream's set-up and hand-over to libuv's
      // pool cost more CPU than compressing them (docs/performance.md, "Compression"). Larger answers (the
      // sitemap's files) go through a stream, off the event loop.
      syncThreshold: 64 * 1024,
      // Nothing sends compressed request bodies; none is inflated (bodies stay bounded as they are sent).
      globalDecompression: false,
    });
    // A text answer that is compressed, or large enough to be, depends on Accept-Encoding even when sent as
    // it is (the client accepted neither): caches must not hand it to a client that does, nor the reverse.
    app.addHook("onSend", (_request, reply, payload, done) => {
      // tRPC answers with a web Response whose own headers (its `Vary` included) are sent in place of the reply's.
      if (payload instanceof Response) {
        const { headers } = payload;
        if (COMPRESSIBLE_TYPE.test(headers.get("content-type") ?? ""))
          headers.set("vary", vary.append(headers.get("vary") ?? "", "accept-encoding"));
      } else if (
        COMPRESSIBLE_TYPE.test(String(reply.getHeader("content-type") ?? "")) &&
        (reply.hasHeader("content-encoding") || worthCompressing(payload))
      ) {
        reply.header("vary", vary.append(String(reply.getHeader("vary") ?? ""), "accept-encoding"));
      }
      done(null, payload);
    });
  },
  { name: "compress" },
);
