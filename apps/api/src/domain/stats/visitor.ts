import { createHmac, randomBytes } from "node:crypto";
import type { StatKind } from "@gallery/db";
import { isbot } from "isbot";
import type { Db } from "../deps.js";

/** Who asked, as the edge saw them: used for one keyed hash, never stored. */
export interface Visitor {
  ip: string;
  userAgent: string | undefined;
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

/**
 * The visitor's mark for one day: HMAC-SHA256(the day's salt, address and user agent), cut to 16
 * bytes. Once the day's salt is deleted it cannot be recomputed from an address.
 */
export function visitorHash(salt: Buffer, visitor: Visitor): Buffer {
  return createHmac("sha256", salt)
    .update(`${visitor.ip}\n${visitor.userAgent ?? ""}`)
    .digest()
    .subarray(0, 16);
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
