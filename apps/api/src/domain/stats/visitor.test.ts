// Who a visitor is, for counting and for the per-address limits (issue 36; issue 41: pinned against the mutation
// run's mutants). Pure functions: no app, no database (daySalt is read through click-stats.test.ts).
import { describe, expect, it } from "vitest";
import { addressOf, isAutomated, memberHash, networkHash, networkOf, utcDay, visitorHash } from "./visitor.js";

describe("utcDay", () => {
  it("is the UTC date of the moment, whatever the local time", () => {
    expect(utcDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
    expect(utcDay(new Date("2026-03-02T00:00:00+01:00"))).toBe("2026-03-01");
  });
  it("is today's by default", () => {
    expect(utcDay()).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("isAutomated", () => {
  it("counts a browser as a person", () => {
    expect(isAutomated("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(false);
  });
  it("takes crawlers, link previews and scripts without a user agent as automated", () => {
    expect(isAutomated("Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe(true);
    expect(isAutomated("curl/8.5.0")).toBe(true);
    expect(isAutomated(undefined)).toBe(true);
    expect(isAutomated("")).toBe(true);
    expect(isAutomated("   ")).toBe(true);
  });
});

describe("addressOf and networkOf: the address one person holds, and the network it belongs to", () => {
  it.each([
    // IPv4: the address itself and its /24; an IPv4-mapped IPv6 address as IPv4.
    ["203.0.113.7", "203.0.113.7", "203.0.113.0/24"],
    ["::ffff:203.0.113.7", "203.0.113.7", "203.0.113.0/24"],
    ["::ffff:203.0.113.250", "203.0.113.250", "203.0.113.0/24"],
    // IPv6: its /64 and its /48, in any notation.
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64", "2001:db8:1::/48"],
    ["2001:0DB8:0001:0002::ffff", "2001:db8:1:2::/64", "2001:db8:1::/48"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64", "2001:db8:1::/48"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64", "2001:db8:1::/48"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64", "2001:db8:1::/48"],
    ["2001:db8:1:ffff::1", "2001:db8:1:ffff::/64", "2001:db8:1::/48"],
    // What is no address, as it came.
    ["unknown", "unknown", "unknown"],
    ["", "", ""],
  ])("%j: the address %j, the network %j", (ip, address, network) => {
    expect(addressOf(ip)).toBe(address);
    expect(networkOf(ip)).toBe(network);
  });
});

describe("the day's keyed marks", () => {
  const salt = Buffer.alloc(32, 7);
  const otherSalt = Buffer.alloc(32, 8);
  /** The mark of `ip`: 16 bytes, the same for `same`, another for `other` and under another day's salt. */
  const expectMark = (hash: typeof visitorHash, ip: string, same: string, other: string) => {
    const mark = hash(salt, { ip });
    expect(mark).toHaveLength(16);
    expect(hash(salt, { ip: same })).toEqual(mark);
    expect(hash(salt, { ip: other })).not.toEqual(mark);
    expect(hash(otherSalt, { ip })).not.toEqual(mark);
    return mark;
  };

  it("are 16 bytes, the same for one address whatever its notation or user agent, different for another", () => {
    expectMark(visitorHash, "2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:3::1");
  });

  it("tell networks apart, and an address's mark from its network's and a member's", () => {
    const network = expectMark(networkHash, "203.0.113.7", "203.0.113.99", "203.0.114.7");
    // One text, three kinds of mark: none can stand for another.
    expect(visitorHash(salt, { ip: "203.0.113.0/24" })).not.toEqual(network);
    const member = memberHash(salt, "203.0.113.7");
    expect(member).toHaveLength(16);
    expect(member).not.toEqual(visitorHash(salt, { ip: "203.0.113.7" }));
    expect(memberHash(salt, "m-1")).toEqual(memberHash(salt, "m-1"));
    expect(memberHash(salt, "m-1")).not.toEqual(memberHash(salt, "m-2"));
    expect(memberHash(otherSalt, "m-1")).not.toEqual(memberHash(salt, "m-1"));
  });

  it("is HMAC-SHA256 of the kind and the text under the day's salt, cut to 16 bytes", async () => {
    const { createHmac } = await import("node:crypto");
    const expected = createHmac("sha256", salt).update("address\n203.0.113.7").digest().subarray(0, 16);
    expect(visitorHash(salt, { ip: "::ffff:203.0.113.7" })).toEqual(expected);
    const network = createHmac("sha256", salt).update("network\n203.0.113.0/24").digest().subarray(0, 16);
    expect(networkHash(salt, { ip: "203.0.113.7" })).toEqual(network);
    const member = createHmac("sha256", salt).update("member\nm-1").digest().subarray(0, 16);
    expect(memberHash(salt, "m-1")).toEqual(member);
  });
});
