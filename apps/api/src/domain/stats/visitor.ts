import { createHmac, randomBytes } from "node:crypto";
import type { StatKind } from "@gallery/db";
import ipaddr from "ipaddr.js";
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

/** IPv4 as its octets (an IPv4-mapped IPv6 address too), IPv6 as its eight groups, or null if it is no address. */
function parseAddress(ip: string): { v4: number[] } | { v6: number[] } | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  return address.kind() === "ipv4" ? { v4: (address as ipaddr.IPv4).octets } : { v6: (address as ipaddr.IPv6).parts };
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
