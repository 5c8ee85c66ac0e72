import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const READS = new Set(["GET", "HEAD"]);
const IMAGE_ROUTE = "/images/*";
/** How long a browser may reuse a preflight's answer (Firefox keeps it a day; Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE = String(24 * 60 * 60);
/**
 * The answer's headers a cross-origin script may read beyond the CORS-safelisted ones: Link (paging), how long to
 * wait after a 429 or 503 (Retry-After) and @fastify/rate-limit's budget headers.
 */
export const EXPOSED_HEADERS = "Link, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset";

/**
 * CORS for the public read API: the GET routes marked `publicRead` (the gallery, one listing, a
 * profile, a creator's listings) and the images anyone may see answer `Access-Control-Allow-Origin: *`,
 * with the Link header readable for paging, Retry-After and the rate-limit headers for waiting (EXPOSED_HEADERS).
 * Without credentials (a wildcard origin never carries
 * cookies), a cross-origin caller is always a visitor: SFW only. A script that adds a header of its own
 * (Authorization, a custom Accept) makes the browser ask first with a preflight (`OPTIONS`): those paths
 * answer it 204, allowing GET and HEAD with the headers asked for. Everything else has no OPTIONS route
 * (404) and sends no CORS headers, so browsers keep refusing other origins (writes are also refused by
 * the origin check). Hand-written rather than @fastify/cors, whose preflight route is one wildcard for
 * every path: here the policy is a few headers decided per route and, for images, by the image module's
 * answer.
 */
export default fp(
  async (app) => {
    // Each public read gets its preflight route as it is declared, under the same path (and prefix).
    app.addHook("onRoute", function (route) {
      const isGet = [route.method].flat().includes("GET");
      if (!isGet || !(route.config?.publicRead || route.url === IMAGE_ROUTE)) return;
      this.route({ method: "OPTIONS", url: route.routePath, schema: { hide: true }, handler: answerPreflight });
    });
    app.addHook("onRequest", async (request, reply) => {
      if (READS.has(request.method) && request.routeOptions.config.publicRead) {
        reply.header("access-control-allow-origin", "*").header("access-control-expose-headers", EXPOSED_HEADERS);
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

/** A preflight for a read is allowed, with whatever headers the script adds; one for any other method is not. */
async function answerPreflight(request: FastifyRequest, reply: FastifyReply) {
  const method = request.headers["access-control-request-method"];
  reply
    .header("allow", "GET, HEAD, OPTIONS")
    .header("vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
  if (request.headers.origin && typeof method === "string" && READS.has(method)) {
    reply
      .header("access-control-allow-origin", "*")
      .header("access-control-allow-methods", "GET, HEAD")
      .header("access-control-max-age", PREFLIGHT_MAX_AGE);
    const headers = request.headers["access-control-request-headers"];
    if (headers) reply.header("access-control-allow-headers", headers);
  }
  return reply.status(204).send();
}
