import fp from "fastify-plugin";
import { carriesBearerToken } from "../../domain/members/api-tokens.js";
import { errorBody } from "../../http/errors.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence: a state-changing request that a browser marks as coming from another site is
 * refused. Browsers always send Origin on such requests (and Sec-Fetch-Site); scripts and
 * tools that send neither are not browsers carrying someone's cookie. A request with a Bearer token is exempt:
 * it acts as the token's member alone, never as a cookie's, and a page elsewhere cannot add that header
 * without a preflight, which no write answers.
 */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.allowedOrigins);
    // A callback hook, not an async one: it runs on every request and mostly has nothing to do.
    app.addHook("onRequest", (request, reply, done) => {
      if (!WRITE_METHODS.has(request.method) || carriesBearerToken(request.headers)) return done();
      const origin = request.headers.origin;
      const refused = origin
        ? origin !== `${request.protocol}://${request.host}` && !allowed.has(origin)
        : request.headers["sec-fetch-site"] === "cross-site";
      if (!refused) return done();
      reply.status(403).send(errorBody(403, "Cross-origin request refused"));
    });
  },
  { name: "origin-check", dependencies: ["config"] },
);
