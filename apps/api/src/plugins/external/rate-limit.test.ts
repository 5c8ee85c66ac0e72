// Which requests the rate-limit plugin counts, against which budget, and what the answers carry (issue 41, against
// the mutation run's survivors), on a bare Fastify app with the plugin's three dependencies faked and the counter
// in memory: no database. The app is built inside each test, so a mutant of the plugin's set-up is switched on when
// it runs. Through the real app, on PostgreSQL: test/rate-limits.test.ts, test/api-tokens.test.ts and
// test/abuse/{token-multiplied,sign-in}-limits.test.ts.
import Fastify, { type FastifyInstance, type onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tooManyRequests } from "../../calls/limits.js";
import { InvalidApiTokenError, TooManyError, UnauthorizedError } from "../../domain/errors.js";
import rateLimitPlugin from "./rate-limit.js";

const store = vi.hoisted(() => ({ prune: null as null | (() => Promise<number>), ttl: 60_000 }));
vi.mock("../../services/rate-limit-store.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../services/rate-limit-store.js")>()),
  // One in-memory counter per database, as PostgreSQL's: hits per key in a window of `store.ttl` left.
  PostgresRateLimitCounter: class {
    readonly hits = new Map<string, number>();
    readonly keys: string[] = [];
    async hit(key: string) {
      this.keys.push(key);
      const hits = (this.hits.get(key) ?? 0) + 1;
      this.hits.set(key, hits);
      return { hits, ttl: store.ttl };
    }
    prune() {
      return store.prune ? store.prune() : Promise.resolve(0);
    }
  },
}));

const SETTINGS = { signIn: 3, writes: 2, apiToken: 4 };

/** The app with the plugin: `x-user` is the session's member; `Bearer good` a token of m-1, `Bearer none` none. */
async function build(routes: (app: FastifyInstance) => void) {
  const sessionLoads = { count: 0 };
  const app = Fastify();
  await app.register(fp(async (a) => void a.decorate("config", { rateLimit: SETTINGS } as never), { name: "config" }));
  await app.register(fp(async (a) => void a.decorate("database", { db: {} } as never), { name: "database" }));
  await app.register(
    fp(
      async (a) => {
        a.decorateRequest("currentUser", async function (this: { headers: Record<string, unknown> }) {
          sessionLoads.count += 1;
          const id = this.headers["x-user"];
          return typeof id === "string" ? ({ id } as never) : null;
        });
        a.decorateRequest("apiToken", async function (this: { headers: Record<string, unknown> }) {
          const authorization = this.headers.authorization;
          if (authorization === "Bearer good") return { viewer: { id: "m-1" } } as never;
          if (authorization === "Bearer none") return null;
          if (authorization === "Bearer broken") throw new Error("the database is gone");
          throw new InvalidApiTokenError();
        });
      },
      { name: "session" },
    ),
  );
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status =
      error instanceof TooManyError ? 429 : error instanceof UnauthorizedError ? 401 : (error.statusCode ?? 500);
    return reply.status(status).send({ message: error.message });
  });
  await app.register(rateLimitPlugin);
  routes(app);
  await app.ready();
  return { app, sessionLoads };
}

const ok = async () => ({ ok: true });
const limited = (app: FastifyInstance, method: "GET" | "POST", url: string, limit?: string) =>
  app.route({ method, url, handler: ok, ...(limit ? { config: { limit } as never } : {}) });
const headersOf = (response: { headers: Record<string, unknown> }) => ({
  limit: response.headers["x-ratelimit-limit"],
  remaining: response.headers["x-ratelimit-remaining"],
  reset: response.headers["x-ratelimit-reset"],
  retryAfter: response.headers["retry-after"],
});

let open: FastifyInstance | null = null;
afterEach(async () => {
  vi.useRealTimers();
  store.prune = null;
  store.ttl = 60_000;
  await open?.close();
  open = null;
});

describe("which requests count", () => {
  it("a session's or a visitor's read counts against nothing and loads no session", async () => {
    const { app, sessionLoads } = await build((a) => limited(a, "GET", "/api/read", "read"));
    open = app;
    for (const headers of [{}, { "x-user": "m-1" }]) {
      const response = await app.inject({ method: "GET", url: "/api/read", headers });
      expect(response.statusCode).toBe(200);
      expect(headersOf(response).limit).toBeUndefined();
    }
    expect(sessionLoads.count).toBe(0);
  });

  it("a read with a token counts against the member's token budget, with the budget's headers", async () => {
    const { app } = await build((a) => limited(a, "GET", "/api/read", "read"));
    open = app;
    const read = () => app.inject({ method: "GET", url: "/api/read", headers: { authorization: "Bearer good" } });
    expect(headersOf(await read())).toEqual({ limit: "4", remaining: "3", reset: "60", retryAfter: undefined });
    await read();
    await read();
    expect(headersOf(await read())).toMatchObject({ limit: "4", remaining: "0" });
    const refused = await read();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyRequests(60));
    expect(headersOf(refused)).toMatchObject({ remaining: "0", retryAfter: "60" });
    // A bearer that is no one's token (the session plugin's null) reads without a budget.
    const none = await app.inject({ method: "GET", url: "/api/read", headers: { authorization: "Bearer none" } });
    expect(none.statusCode).toBe(200);
    expect(headersOf(none).limit).toBeUndefined();
  });

  it("a token that is refused counts by address against the tokens' budget, and answers 401 without Retry-After", async () => {
    const { app } = await build((a) => limited(a, "GET", "/api/read", "read"));
    open = app;
    const bad = () => app.inject({ method: "GET", url: "/api/read", headers: { authorization: "Bearer bad" } });
    for (let i = 0; i < SETTINGS.apiToken; i++) {
      const response = await bad();
      expect(response.statusCode).toBe(401);
      expect(headersOf(response).retryAfter).toBeUndefined();
    }
    expect((await bad()).statusCode).toBe(429);
  });

  it("a token check that fails for another reason (a 500) counts against nothing", async () => {
    const { app } = await build((a) => limited(a, "GET", "/api/read", "read"));
    open = app;
    for (let i = 0; i <= SETTINGS.apiToken; i++) {
      const response = await app.inject({
        method: "GET",
        url: "/api/read",
        headers: { authorization: "Bearer broken" },
      });
      expect(response.statusCode).toBe(500);
    }
  });

  it("writes count per member (a session's) or per visitor address, and sign-ins per address without the session", async () => {
    const { app, sessionLoads } = await build((a) => {
      limited(a, "POST", "/api/write", "write");
      limited(a, "POST", "/api/sign-in", "signIn");
    });
    open = app;
    const write = (headers: Record<string, string>) => app.inject({ method: "POST", url: "/api/write", headers });
    expect(headersOf(await write({}))).toMatchObject({ limit: "2", remaining: "1" });
    expect(headersOf(await write({ "x-user": "m-9" }))).toMatchObject({ limit: "2", remaining: "1" });
    expect(headersOf(await write({}))).toMatchObject({ remaining: "0" });
    expect((await write({})).statusCode).toBe(429);
    expect((await write({ "x-user": "m-9" })).statusCode).toBe(200);
    const loads = sessionLoads.count;
    const signIn = await app.inject({ method: "POST", url: "/api/sign-in", headers: { "x-user": "m-9" } });
    expect(headersOf(signIn)).toMatchObject({ limit: "3", remaining: "2" });
    expect(sessionLoads.count).toBe(loads);
  });

  it("a hand-written /api write counts as a write; other routes count nothing", async () => {
    const own: onRequestHookHandler = async (_request, reply) => void reply.header("x-own", "1");
    const { app, sessionLoads } = await build((a) => {
      a.route({ method: "POST", url: "/api/hand", handler: ok });
      a.route({ method: ["GET", "POST"], url: "/api/both", handler: ok });
      a.route({ method: "POST", url: "/api/own", handler: ok, onRequest: own });
      a.route({ method: "POST", url: "/api/owns", handler: ok, onRequest: [own] });
      a.route({ method: "GET", url: "/api/plain", handler: ok });
      a.route({ method: "POST", url: "/go/hand", handler: ok });
    });
    open = app;
    // Each from its own address, so each starts its own write budget; a route's own onRequest hooks still run.
    for (const [i, url] of ["/api/hand", "/api/both", "/api/own", "/api/owns"].entries()) {
      const response = await app.inject({ method: "POST", url, remoteAddress: `192.0.2.${i + 1}` });
      expect(headersOf(response), url).toMatchObject({ limit: "2", remaining: "1" });
      expect(response.headers["x-own"], url).toBe(url.startsWith("/api/own") ? "1" : undefined);
    }
    const loads = sessionLoads.count;
    for (const [method, url] of [
      ["GET", "/api/plain"],
      ["POST", "/go/hand"],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(200);
      expect(headersOf(response).limit, url).toBeUndefined();
    }
    expect(sessionLoads.count).toBe(loads);
  });

  it("a route with its own config.rateLimit is counted by @fastify/rate-limit alone, with the one 429 message", async () => {
    store.ttl = 12_500;
    const { app } = await build((a) =>
      a.route({
        method: "POST",
        url: "/api/own-limit",
        handler: ok,
        config: { rateLimit: { max: 3, timeWindow: 60_000 } },
      }),
    );
    open = app;
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ method: "POST", url: "/api/own-limit" })).statusCode).toBe(200);
    const refused = await app.inject({ method: "POST", url: "/api/own-limit" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyRequests(13));
  });
});

describe("the counter's clean-up", () => {
  it("prunes ended windows each minute, logs a failure, and stops when the app closes", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const prune = vi.fn(() => Promise.reject(new Error("database gone")));
    store.prune = prune;
    const { app } = await build(() => {});
    const warn = vi.spyOn(app.log, "warn");
    vi.advanceTimersByTime(60_000);
    expect(prune).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: "database gone" }) },
        "rate-limit clean-up failed",
      ),
    );
    await app.close();
    vi.advanceTimersByTime(180_000);
    expect(prune).toHaveBeenCalledTimes(1);
  });
});
