import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { StatKind } from "@gallery/db";
import { isbot } from "isbot";
import type { Db } from "../deps.js";

/**
 * Who asked, as the edge saw them: used for keyed hashes, never stored. Only the address (request.ip, as
 * TRUST_PROXY resolves it) and a signed-in member's id are facts; the user agent is the client's choice, so it
 * only tells bots apart (isAutomated) and never who someone is.
 */
export interface Visitor {
  ip: string;
  userAgent: string | undefined;
  /** The signed-in member, when the request carries a session (a member counts once, whatever their address). */
  memberId?: string | null | undefined;
}

/** One thing to count: a listing page view or a click-out to a platform. */
export interface StatEvent {
  chatbotId: string;
  kind: StatKind;
  visitor: Visitor;
}

/** The UTC day of a moment, as PostgreSQL's date text (YYYY-MM-DD). */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

/** Crawlers, link previews and scripts (no user agent at all) are not people choosing a bot. */
export const isAutomated = (userAgent: string | undefined) => !userAgent?.trim() || isbot(userAgent);

/** An IPv6 address's eight 16-bit groups (an IPv4 tail and a zone allowed), or null if it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split("%")[0] ?? "";
  if (!isIPv6(text)) return null;
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array(8 - headGroups.length - restGroups.length).fill("0");
  const groups = [...headGroups, ...zeros, ...restGroups].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/** IPv4 as itself (an IPv4-mapped IPv6 address too), IPv6 as its groups, anything else as given. */
function parseAddress(ip: string): { v4: number[] } | { v6: number[] } | null {
  if (isIPv4(ip)) return { v4: ip.split(".").map(Number) };
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return { v4: [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff] };
  return { v6: groups };
}

const v6Prefix = (groups: number[], count: number, bits: number) =>
  `${groups
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(":")}::/${bits}`;

/**
 * The address one person holds: an IPv4 address itself, an IPv6 address's /64 (a home or a phone is given a
 * whole /64, so its 2^64 addresses are one visitor, not one each).
 */
export function addressOf(ip: string): string {
  const parsed = parseAddress(ip);
  if (!parsed) return ip;
  return "v4" in parsed ? parsed.v4.join(".") : v6Prefix(parsed.v6, 4, 64);
}

/** The network the address belongs to: its IPv4 /24, its IPv6 /48. */
export function networkOf(ip: string): string {
  const parsed = parseAddress(ip);
  if (!parsed) return ip;
  return "v4" in parsed ? `${parsed.v4.slice(0, 3).join(".")}.0/24` : v6Prefix(parsed.v6, 3, 48);
}

/** A keyed mark for one day: HMAC-SHA256(the day's salt, what and which), cut to 16 bytes. */
function mark(salt: Buffer, what: "address" | "network" | "member", which: string): Buffer {
  return createHmac("sha256", salt).update(`${what}\n${which}`).digest().subarray(0, 16);
}

/**
 * The visitor's mark for one day: the keyed hash of their address (addressOf) alone, whatever user agent they
 * send. Once the day's salt is deleted it cannot be recomputed from an address.
 */
export function visitorHash(salt: Buffer, visitor: Pick<Visitor, "ip">): Buffer {
  return mark(salt, "address", addressOf(visitor.ip));
}

/** The day's keyed hash of the visitor's network (networkOf): reports from one network are told apart with it. */
export function networkHash(salt: Buffer, visitor: Pick<Visitor, "ip">): Buffer {
  return mark(salt, "network", networkOf(visitor.ip));
}

/** A member's mark for one day, in the same table as address marks (no address can read "member\n..."). */
export function memberHash(salt: Buffer, memberId: string): Buffer {
  return mark(salt, "member", memberId);
}

/** The day's salt, made by whichever replica asks first (all replicas then hash alike). */
export async function daySalt(db: Db, day: string): Promise<Buffer> {
  await db
    .insertInto("listingStatsSalts")
    .values({ day, salt: randomBytes(32) })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("listingStatsSalts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}
