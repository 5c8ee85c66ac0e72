import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import { TooManyError } from "../domain/errors.js";
import { addressOf } from "../domain/stats/visitor.js";
import { PostgresRateLimitCounter } from "../services/rate-limit-store.js";
import type { Limit } from "./call.js";

/** Every limit counts calls a minute (a fixed window from a key's first hit). */
export const LIMIT_WINDOW_MS = 60_000;

/** The one 429 message, REST and tRPC alike (and the routes limited by @fastify/rate-limit). */
export const tooManyRequests = (seconds: number) => `Too many requests, please try again in ${seconds} seconds`;

/** 429 / TOO_MANY_REQUESTS with how long to wait, which each edge also sends as Retry-After. */
export class RateLimitedError extends TooManyError {
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyRequests(retryAfterSeconds));
  }
}

/** The calls a minute each limit grants (config.rateLimit). */
export interface LimitSettings {
  signIn: number;
  writes: number;
  apiToken: number;
}

/** Who makes a call, as facts only: the proven member (a session's or a token's) and the client address. */
export interface Caller {
  /** The signed-in member's id, whether they came with their session cookie or any of their tokens; null for a visitor. */
  member: string | null;
  /** Made with a (valid) personal API token. */
  withToken: boolean;
  /** request.ip, as TRUST_PROXY resolves it (counted as `addressOf` takes it). */
  address: string;
}

export interface Budget {
  key: string;
  max: number;
}

/**
 * The budget one call counts against, or null when it counts against none. One key per member (`member:<id>`),
 * never per token or per transport, so a member's session and all of their tokens share it, on REST and tRPC; a
 * visitor's is their address's. Sign-in is per address whoever asks. An address is one person's as the visitor
 * counts take it (`addressOf`: an IPv6 /64 as one), so a client cannot rotate through its own block.
 */
export function budgetOf(limit: Limit, caller: Caller, settings: LimitSettings): Budget | null {
  const address = `address:${addressOf(caller.address)}`;
  const who = caller.member ? `member:${caller.member}` : address;
  switch (limit) {
    case "signIn":
      return { key: `sign-in ${address}`, max: settings.signIn };
    case "write":
      return { key: `writes ${who}`, max: settings.writes };
    case "read":
      return caller.withToken ? { key: `token-reads ${who}`, max: settings.apiToken } : null;
  }
}

/** A request whose token is no one's counts by its address against the tokens' budget (then answers 401). */
export const badTokenBudget = (address: string, settings: LimitSettings): Budget => ({
  key: `token-reads address:${addressOf(address)}`,
  max: settings.apiToken,
});

const counters = new WeakMap<Kysely<Database>, PostgresRateLimitCounter>();

/** The one counter of a database (rows of `rate_limits`, shared by every instance on it). */
export function counterOf(db: Kysely<Database>): PostgresRateLimitCounter {
  let counter = counters.get(db);
  if (!counter) {
    counter = new PostgresRateLimitCounter(db);
    counters.set(db, counter);
  }
  return counter;
}

/** What is left of a budget after a call: REST sends it as X-RateLimit-Limit, -Remaining and -Reset (seconds). */
export interface Quota {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Counts one request against a budget: RateLimitedError once over it, until its window ends; else what is left. */
export async function spend(db: Kysely<Database>, budget: Budget): Promise<Quota> {
  const { hits, ttl } = await counterOf(db).hit(budget.key, LIMIT_WINDOW_MS);
  const resetSeconds = Math.max(1, Math.ceil(ttl / 1000));
  if (hits > budget.max) throw new RateLimitedError(resetSeconds);
  return { limit: budget.max, remaining: budget.max - hits, resetSeconds };
}

/** Counts one call of a declared limit for its caller (nothing for a session's or a visitor's read). */
export async function countCall(
  db: Kysely<Database>,
  settings: LimitSettings,
  limit: Limit,
  caller: Caller,
): Promise<Quota | null> {
  const budget = budgetOf(limit, caller, settings);
  return budget ? await spend(db, budget) : null;
}
