import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Database } from "@gallery/db";
import { type Kysely, sql } from "kysely";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the library passes to a store's constructor and `child` (its typings leave these out). */
interface LimiterOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

interface Counter {
  hits: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts requests in the `rate_limits` table, so every api instance on the same
 * database shares one count per key. A key gets a fixed window that starts at its first hit; the
 * database clock decides, so instances whose clocks differ still agree.
 */
export class PostgresRateLimitCounter {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<Database>) {
    // Counters are not gallery data: without the api's write observer, a counted request does not drop the
    // shared response copies. Raw SQL, so without the camelCase mapping as well.
    this.#db = db.withoutPlugins() as Kysely<unknown>;
  }

  /**
   * One atomic upsert: a new key or an ended window starts at 1, otherwise the count goes up by one.
   * Concurrent hits on one key queue on its row lock, so none is lost.
   */
  async hit(key: string, windowMs: number): Promise<Counter> {
    const { rows } = await sql<{ hits: number; ttl: number }>`
      INSERT INTO rate_limits AS r (key, hits, expires_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
        expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
      RETURNING hits, greatest(0, ceil(extract(epoch FROM r.expires_at - now()) * 1000))::integer AS ttl`.execute(
      this.#db,
    );
    return rows[0] as Counter;
  }

  /** The current count without counting (0 when the window has ended). */
  async peek(key: string): Promise<Counter> {
    const { rows } = await sql<{ hits: number; ttl: number }>`
      SELECT hits, ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS ttl
      FROM rate_limits WHERE key = ${key} AND expires_at > now()`.execute(this.#db);
    return rows[0] ?? { hits: 0, ttl: 0 };
  }

  /** Removes the rows of ended windows (indexed on expires_at, so it reads only those). */
  async prune(): Promise<number> {
    const result = await sql`DELETE FROM rate_limits WHERE expires_at < now()`.execute(this.#db);
    return Number(result.numAffectedRows ?? 0);
  }
}

/**
 * The store class @fastify/rate-limit instantiates (its `store` option), bound to one counter. Each
 * route gets a child whose keys start with the route's method and URL, as the library's own stores do.
 */
export function postgresRateLimitStore(counter: PostgresRateLimitCounter): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(settings: object, prefix = "") {
      const options = settings as LimiterOptions;
      // Both would need the window moved on every hit over the limit; this app does not use them.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error("the PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff");
      this.#prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counter.hit(this.#prefix + key, timeWindow).then(
        ({ hits, ttl }) => callback(null, { current: hits, ttl }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      counter.peek(this.#prefix + key).then(
        ({ hits, ttl }) => callback(null, { current: hits, ttl }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      const { method, url } = (routeOptions as LimiterOptions).routeInfo ?? {};
      const route = `${[method ?? ""].flat().join(",")} ${url ?? ""} `;
      return new PostgresRateLimitStore(routeOptions, this.#prefix + route);
    }
  };
}
