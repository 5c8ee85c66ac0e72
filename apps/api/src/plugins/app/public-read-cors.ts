import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A public read of the read API for tools: any origin may call it with CORS (no credentials). */
    publicRead?: boolean;
  }
}

const READS = new Set(["GET", "HEAD"]);
const IMAGE_ROUTE = "/images/*";

/**
 * CORS for the public read API: the GET routes marked `publicRead` (the gallery, one listing, a
 * profile, a creator's listings) and the images anyone may see answer `Access-Control-Allow-Origin: *`,
 * with the Link header readable for paging. Without credentials (a wildcard origin never carries
 * cookies), a cross-origin caller is always a visitor: SFW only. These are simple requests (no
 * preflight). Everything else sends no CORS headers, so browsers keep refusing other origins (writes
 * are also refused by the origin check). Hand-written rather than @fastify/cors: the whole policy is
 * two headers on a few GETs, decided per route and, for images, by the image module's answer.
 */
export default fp(
  async (app) => {
    app.addHook("onRequest", async (request, reply) => {
      if (READS.has(request.method) && request.routeOptions.config.publicRead) {
        reply.header("access-control-allow-origin", "*").header("access-control-expose-headers", "Link");
      }
    });
    // An image is public when the image module answers it as shared with everyone (SFW).
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.routeOptions.url !== IMAGE_ROUTE || reply.statusCode !== 200) return payload;
      if (String(reply.getHeader("cache-control") ?? "").startsWith("public")) {
        reply.header("access-control-allow-origin", "*").header("cross-origin-resource-policy", "cross-origin");
      }
      return payload;
    });
  },
  { name: "public-read-cors" },
);
