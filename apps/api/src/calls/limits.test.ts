// Which budget a call counts against (issue 41, against the mutation run's mutants): the facts a client cannot choose
// (its proven member, its address) decide it, never its token or transport. The counting itself (PostgreSQL, the
// 429s and headers) is tested through the app in test/rate-limits.test.ts and test/abuse/token-multiplied-limits.
import { describe, expect, it } from "vitest";
import { TooManyError } from "../domain/errors.js";
import { badTokenBudget, budgetOf, type Caller, RateLimitedError, tooManyRequests } from "./limits.js";

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
