// Which budget a call counts against (issue 41, against the mutation run's mutants): the facts a client cannot choose
// (its proven member, its address) decide it, never its token or transport. The counting itself (PostgreSQL, the
// 429s and headers) is tested through the app in test/rate-limits.test.ts and test/abuse/token-multiplied-limits.
import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { TooManyError } from "../domain/errors.js";
import {
  badTokenBudget,
  budgetOf,
  type Caller,
  countCall,
  counterOf,
  RateLimitedError,
  spend,
  tooManyRequests,
} from "./limits.js";

// The counter's answer (hits in the window, milliseconds left of it) is chosen by each test: what `spend` makes of
// it is the rule here; the counter itself is PostgreSQL's (test/rate-limits.test.ts).
const counter = vi.hoisted(() => ({ answer: { hits: 1, ttl: 60_000 }, made: 0, keys: [] as string[] }));
vi.mock("../services/rate-limit-store.js", () => ({
  PostgresRateLimitCounter: class {
    constructor() {
      counter.made += 1;
    }
    async hit(key: string) {
      counter.keys.push(key);
      return counter.answer;
    }
  },
}));
const fakeDb = () => ({}) as Kysely<Database>;

const SETTINGS = { signIn: 5, writes: 30, apiToken: 120 };
const visitor: Caller = { member: null, withToken: false, address: "203.0.113.7" };
const member: Caller = { member: "m-1", withToken: false, address: "203.0.113.7" };
const token: Caller = { member: "m-1", withToken: true, address: "198.51.100.1" };

describe("budgetOf", () => {
  it("counts sign-ins per address, whoever asks", () => {
    expect(budgetOf("signIn", visitor, SETTINGS)).toEqual({ key: "sign-in address:203.0.113.7", max: 5 });
    expect(budgetOf("signIn", member, SETTINGS)).toEqual({ key: "sign-in address:203.0.113.7", max: 5 });
  });

  it("counts a member's writes once for their session and every token, a visitor's by address", () => {
    expect(budgetOf("write", member, SETTINGS)).toEqual({ key: "writes member:m-1", max: 30 });
    expect(budgetOf("write", token, SETTINGS)).toEqual({ key: "writes member:m-1", max: 30 });
    expect(budgetOf("write", visitor, SETTINGS)).toEqual({ key: "writes address:203.0.113.7", max: 30 });
  });

  it("counts reads made with a token only, per member", () => {
    expect(budgetOf("read", token, SETTINGS)).toEqual({ key: "token-reads member:m-1", max: 120 });
    expect(budgetOf("read", member, SETTINGS)).toBeNull();
    expect(budgetOf("read", visitor, SETTINGS)).toBeNull();
  });

  it("takes an IPv6 /64 as one address, so a client cannot rotate through its block", () => {
    const a = budgetOf("write", { ...visitor, address: "2001:db8:1:2::1" }, SETTINGS);
    const b = budgetOf("write", { ...visitor, address: "2001:db8:1:2:ffff::9" }, SETTINGS);
    expect(a).toEqual({ key: "writes address:2001:db8:1:2::/64", max: 30 });
    expect(b).toEqual(a);
    expect(budgetOf("signIn", { ...visitor, address: "2001:db8:1:2::1" }, SETTINGS)?.key).toBe(
      "sign-in address:2001:db8:1:2::/64",
    );
  });
});

describe("badTokenBudget", () => {
  it("counts a token that is no one's by its address, against the tokens' budget", () => {
    expect(badTokenBudget("2001:db8:1:2::1", SETTINGS)).toEqual({
      key: "token-reads address:2001:db8:1:2::/64",
      max: 120,
    });
  });
});

describe("the 429", () => {
  it("says how long to wait, and carries it for Retry-After", () => {
    expect(tooManyRequests(7)).toBe("Too many requests, please try again in 7 seconds");
    const error = new RateLimitedError(12);
    expect(error).toBeInstanceOf(TooManyError);
    expect(error.retryAfterSeconds).toBe(12);
    expect(error.message).toBe("Too many requests, please try again in 12 seconds");
  });
});

describe("spend", () => {
  it("answers what is left of the budget and the whole seconds until its window ends", async () => {
    counter.answer = { hits: 2, ttl: 59_001 };
    expect(await spend(fakeDb(), { key: "k", max: 5 })).toEqual({ limit: 5, remaining: 3, resetSeconds: 60 });
    counter.answer = { hits: 5, ttl: 1_001 };
    expect(await spend(fakeDb(), { key: "k", max: 5 })).toEqual({ limit: 5, remaining: 0, resetSeconds: 2 });
    // A window about to end still says 1 second, never 0.
    counter.answer = { hits: 1, ttl: 0 };
    expect((await spend(fakeDb(), { key: "k", max: 5 })).resetSeconds).toBe(1);
  });

  it("refuses the call past the budget, saying how long to wait", async () => {
    counter.answer = { hits: 6, ttl: 30_500 };
    const refused = await spend(fakeDb(), { key: "k", max: 5 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(31);
  });
});

describe("counterOf and countCall", () => {
  it("keeps one counter per database", () => {
    const db = fakeDb();
    const before = counter.made;
    const first = counterOf(db);
    expect(counterOf(db)).toBe(first);
    expect(counter.made).toBe(before + 1);
    expect(counterOf(fakeDb())).not.toBe(first);
  });

  it("counts a call against its caller's budget, and nothing for a session's read", async () => {
    counter.answer = { hits: 1, ttl: 60_000 };
    counter.keys = [];
    expect(await countCall(fakeDb(), SETTINGS, "read", member)).toBeNull();
    expect(counter.keys).toEqual([]);
    expect(await countCall(fakeDb(), SETTINGS, "write", member)).toEqual({
      limit: 30,
      remaining: 29,
      resetSeconds: 60,
    });
    expect(counter.keys).toEqual(["writes member:m-1"]);
  });
});
