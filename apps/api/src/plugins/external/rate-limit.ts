import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Limit } from "../../calls/call.js";
import {
  badTokenBudget,
  type Caller,
  countCall,
  counterOf,
  type LimitSettings,
  RateLimitedError,
  spend,
  tooManyRequests,
} from "../../calls/limits.js";
import { InvalidApiTokenError } from "../../domain/errors.js";
import { carriesBearerToken } from "../../domain/members/api-tokens.js";
import { postgresRateLimitStore } from "../../services/rate-limit-store.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PRUNE_EVERY_MS = 60_000;

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Who calls, for a budget: the member of a valid token or of the session, else a visitor by address. A request
 * whose token is no one's counts by address against the tokens' budget, then answers 401 as it would.
 */
async function callerOf(request: FastifyRequest, settings: LimitSettings): Promise<Caller> {
  const address = request.ip;
  if (carriesBearerToken(request.headers)) {
    try {
      const grant = await request.apiToken();
      return { member: grant?.viewer.id ?? null, withToken: grant !== null, address };
    } catch (error) {
      if (error instanceof InvalidApiTokenError)
        await spend(request.server.database.db, badTokenBudget(address, settings));
      throw error;
    }
  }
  const user = await request.currentUser();
  return { member: user?.id ?? null, withToken: false, address };
}

/**
 * Every limit is declared once, on the call (calls/call.ts `limit`, else its kind), and counted here for its REST
 * route and in tRPC's base procedure (trpc/init.ts) for each call of a batch, through one counter in PostgreSQL
 * (services/call-limits.ts: one budget per member over their session and all of their tokens, shared by every
 * instance): sign-in per address (RATE_LIMIT_SIGNIN), writes per member or visitor address (RATE_LIMIT_WRITES),
 * reads made with API tokens per member (RATE_LIMIT_API_TOKEN); a session's or a visitor's reads are not limited,
 * so browsing stays fast. A hand-written /api write that is no call counts as a write. Routes that are no call
 * (/go, ...) may still declare `config.rateLimit`, counted by @fastify/rate-limit in the same table. Over a limit:
 * 429 `Too many requests, please try again in N seconds` with Retry-After. A REST call counted against a budget
 * answers X-RateLimit-Limit, -Remaining and -Reset (seconds), as @fastify/rate-limit does on its routes.
 */
export default fp(
  async (app) => {
    const settings = app.config.rateLimit;
    const db = app.database.db;

    const limitHook =
      (limit: Limit): onRequestAsyncHookHandler =>
      async (request, reply) => {
        try {
          // A session's or a visitor's read counts against nothing: no work at all.
          if (limit === "read" && !carriesBearerToken(request.headers)) return;
          const caller: Caller =
            limit === "signIn"
              ? { member: null, withToken: false, address: request.ip }
              : await callerOf(request, settings);
          const quota = await countCall(db, settings, limit, caller);
          // The budget's headers, named as @fastify/rate-limit names them on the routes it counts.
          if (quota) {
            reply
              .header("x-ratelimit-limit", String(quota.limit))
              .header("x-ratelimit-remaining", String(quota.remaining))
              .header("x-ratelimit-reset", String(quota.resetSeconds));
          }
        } catch (error) {
          if (error instanceof RateLimitedError) {
            reply.header("retry-after", String(error.retryAfterSeconds)).header("x-ratelimit-remaining", "0");
          }
          throw error;
        }
      };

    // Route-level onRequest hooks run after the app's (the session is loaded by then), before any body is read.
    app.addHook("onRoute", (route) => {
      if (route.config?.rateLimit) return;
      const methods = [route.method].flat();
      const handWrittenWrite = route.url?.startsWith("/api/") && methods.some((method) => WRITE_METHODS.has(method));
      const limit = route.config?.limit ?? (handWrittenWrite ? "write" : undefined);
      if (limit) route.onRequest = [...asArray(route.onRequest), limitHook(limit)] as never;
    });

    await app.register(rateLimit, {
      global: false,
      store: postgresRateLimitStore(counterOf(db)),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
    });
    // Ended windows are reset by their key's next hit; the rows of keys not seen again go now and then.
    const prune = setInterval(
      () =>
        counterOf(db)
          .prune()
          .catch((error) => app.log.warn({ err: error }, "rate-limit clean-up failed")),
      PRUNE_EVERY_MS,
    );
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));
  },
  { name: "rate-limit", dependencies: ["config", "database", "session"] },
);
