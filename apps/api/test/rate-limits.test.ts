// Rate limits shared through the database by every api instance, and the client address they count:
// taken from X-Forwarded-For only when the request comes from a configured proxy. Real sockets, so the
// server sees real peer addresses (127.0.0.2 and 127.0.0.3 are loopback addresses too on Linux).
import { request } from "node:http";
import { sql } from "kysely";
import { describe } from "vitest";
import { PostgresRateLimitCounter } from "../src/services/rate-limit-store.js";
import { createTestApp } from "./support/app.js";
import { expect, test } from "./support/fixtures.js";
import { listeningOrigin } from "./support/requests.js";

const LIMIT = 3;
const PROXY = "127.0.0.2";
const NOT_A_PROXY = "127.0.0.3";

test.override("appEnv", { RATE_LIMIT_SIGNIN: String(LIMIT), TRUST_PROXY: PROXY });

/** A sign-in attempt (rate limited per client address) sent from `from`; resolves to the status. */
function signIn(base: string, options: { from?: string; forwardedFor?: string } = {}) {
  const body = JSON.stringify({ idToken: "not-a-token" });
  return new Promise<number>((resolve, reject) => {
    const req = request(
      `${base}/api/auth/verify`,
      {
        method: "POST",
        localAddress: options.from ?? "127.0.0.1",
        // A new connection per request, so each one really comes from `from`.
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const limited = (statuses: number[]) => statuses.filter((status) => status === 429).length;

describe("rate limits shared by every instance", () => {
  test("two instances on one database together grant no more than the limit", async ({ harness }) => {
    expect(harness.config.databaseUrl, "the test run's PostgreSQL").toBeDefined();
    const first = await listeningOrigin(harness.app);
    const other = await createTestApp({ RATE_LIMIT_SIGNIN: String(LIMIT), DATABASE_URL: harness.config.databaseUrl! });
    try {
      const second = await listeningOrigin(other.app);
      // All at once, spread over both instances: 4 times the limit from one client.
      const statuses = await Promise.all(
        Array.from({ length: LIMIT * 4 }, (_, i) => signIn(i % 2 === 0 ? first : second)),
      );
      expect(statuses.length - limited(statuses)).toBe(LIMIT);
      // Either instance goes on refusing the same client.
      expect(await signIn(first)).toBe(429);
      expect(await signIn(second)).toBe(429);
    } finally {
      await other.close();
    }
  });

  test("concurrent hits on one key are all counted", async ({ app }) => {
    const counter = new PostgresRateLimitCounter(app.database.db);
    const hits = await Promise.all(Array.from({ length: 40 }, () => counter.hit("test:concurrent", 60_000)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(0);
  });

  test("an ended window starts again at one, and its row is cleaned up", async ({ app }) => {
    const counter = new PostgresRateLimitCounter(app.database.db);
    await counter.hit("test:ended", 60_000);
    expect((await counter.hit("test:ended", 60_000)).hits).toBe(2);
    const endWindow = sql`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'test:ended'`;
    await endWindow.execute(app.database.db);
    expect((await counter.peek("test:ended")).hits).toBe(0);
    expect((await counter.hit("test:ended", 60_000)).hits).toBe(1);

    await endWindow.execute(app.database.db);
    expect(await counter.prune()).toBeGreaterThanOrEqual(1);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'test:ended'`.execute(
      app.database.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe("the client address behind a proxy", () => {
  test("X-Forwarded-For from an address that is not a configured proxy changes nothing", async ({ app }) => {
    const base = await listeningOrigin(app);
    // Each attempt claims another address; they are all the one client 127.0.0.3.
    const statuses = [];
    for (let i = 1; i <= LIMIT + 1; i++)
      statuses.push(await signIn(base, { from: NOT_A_PROXY, forwardedFor: `198.51.100.${i}` }));
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  test("X-Forwarded-For from the configured proxy is the client address", async ({ app }) => {
    const url = await listeningOrigin(app);
    // Different clients behind the proxy have their own limits...
    const clients = [];
    for (let i = 1; i <= LIMIT + 2; i++)
      clients.push(await signIn(url, { from: PROXY, forwardedFor: `203.0.113.${i}` }));
    expect(clients).not.toContain(429);
    // ...and one client is limited, whatever it put in front of the address the proxy appended.
    const one = [];
    for (let i = 1; i <= LIMIT + 1; i++)
      one.push(await signIn(url, { from: PROXY, forwardedFor: `10.9.9.${i}, 192.0.2.50` }));
    expect(one.slice(0, LIMIT)).not.toContain(429);
    expect(one.at(-1)).toBe(429);
  });
});

describe("on the embedded database", () => {
  test("the limit holds on PGlite too", async () => {
    const embedded = await createTestApp({ DATABASE_URL: "", RATE_LIMIT_SIGNIN: "2" });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await embedded.app.inject({ method: "POST", url: "/api/auth/verify", payload: { idToken: "not-a-token" } }))
            .statusCode,
        );
      expect(embedded.app.database.kind).toBe("pglite");
      expect(limited(statuses)).toBe(1);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await embedded.close();
    }
  });
});
