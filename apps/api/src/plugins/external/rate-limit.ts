import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { carriesBearerToken } from "../../domain/members/api-tokens.js";
import { PostgresRateLimitCounter, postgresRateLimitStore } from "../../services/rate-limit-store.js";
// request.apiToken(), decorated by plugins/app/current-user.ts (registered later; used only while answering).
import type {} from "../app/current-user.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SIGN_IN_PATHS = new Set(["/api/auth/verify"]);

/** A signed-in caller is limited as a user (wherever they come from), a visitor by address. */
function callerKey(request: FastifyRequest): string {
  const userId = request.session?.get("userId");
  return userId ? `user:${userId}` : `ip:${request.ip}`;
}

/**
 * A request with an API token is limited as that token (its checked id; a bad token by address), on reads and
 * writes alike; any other request as its caller.
 */
async function limitKey(request: FastifyRequest): Promise<string> {
  if (!carriesBearerToken(request.headers)) return callerKey(request);
  const grant = await request.apiToken().catch(() => null);
  return grant ? `token:${grant.id}` : `bad-token:${request.ip}`;
}

const PRUNE_EVERY_MS = 60_000;

/**
 * Sign-in verification and every write are rate limited (429 with a clear message); reads are not,
 * so browsing stays fast. A request with an API token counts against the token, reads too, on each /api and
 * /trpc route. Limits come from RATE_LIMIT_SIGNIN, RATE_LIMIT_WRITES and RATE_LIMIT_API_TOKEN (per minute). The
 * counts live in the database, so all instances together grant no more than the limit.
 */
export default fp(
  async (app) => {
    const { signIn, writes, apiToken } = app.config.rateLimit;
    const counter = new PostgresRateLimitCounter(app.database.db);
    // Runs before the library's own onRoute hook, so the per-route settings are in place when it reads them.
    app.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const path = route.url ?? "";
      if (SIGN_IN_PATHS.has(path)) {
        route.config = {
          ...route.config,
          rateLimit: { max: signIn, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `ip:${r.ip}` },
        };
      } else if (path.startsWith("/api") || path.startsWith("/trpc")) {
        const writeRoute = methods.some((method) => WRITE_METHODS.has(method));
        route.config = {
          ...route.config,
          rateLimit: {
            max: (request: FastifyRequest) => (carriesBearerToken(request.headers) ? apiToken : writes),
            timeWindow: 60_000,
            keyGenerator: limitKey,
            // Without a token only writes count (tRPC answers queries and mutations on one route).
            allowList: (request: FastifyRequest) =>
              !carriesBearerToken(request.headers) && (!writeRoute || !WRITE_METHODS.has(request.method)),
          },
        };
      }
    });
    await app.register(rateLimit, {
      global: false,
      store: postgresRateLimitStore(counter),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
      }),
    });
    // Ended windows are reset by their key's next hit; the rows of keys not seen again go now and then.
    const prune = setInterval(
      () => counter.prune().catch((error) => app.log.warn({ err: error }, "rate-limit clean-up failed")),
      PRUNE_EVERY_MS,
    );
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));
  },
  { name: "rate-limit", dependencies: ["config", "database", "session"] },
);
