import { type Chatbot, cidField, PLATFORMS } from "@gallery/schema";
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { createListing, updateListing } from "../listings/commands.js";
import { openReport } from "./open-report.js";

/**
 * Publishes a listing (listings/commands.ts `createListing`); one listed by another creator under the same
 * platform identifier is published as before and also enters the queue. The calls publish through here.
 */
export async function publishListing(...call: Parameters<typeof createListing>): Promise<Chatbot> {
  const [deps] = call;
  const chatbot = await createListing(...call);
  await flagPossibleDuplicate(deps.db, chatbot.id);
  return chatbot;
}

/** Changes a listing (listings/commands.ts `updateListing`); a platform identifier it sets is checked as on publishing. */
export async function changeListing(...call: Parameters<typeof updateListing>): Promise<Chatbot> {
  const [deps, , input] = call;
  const chatbot = await updateListing(...call);
  if (PLATFORMS.some((platform) => input.fields[cidField(platform)])) await flagPossibleDuplicate(deps.db, chatbot.id);
  return chatbot;
}

/**
 * A listing whose platform identifier another creator already listed is published as before and enters
 * the queue as a possible duplicate of the earliest such listing (once while that item is open).
 */
export async function flagPossibleDuplicate(db: Db, listingId: string): Promise<void> {
  const same = PLATFORMS.map((platform) => {
    const [mine, other] = [sql.ref(`mine.${cidField(platform)}`), sql.ref(`other.${cidField(platform)}`)];
    return sql<boolean>`(${mine} IS NOT NULL AND ${other} = ${mine})`;
  });
  const other = await db
    .selectFrom(sql`chatbots`.as("mine"))
    .innerJoin(sql`chatbots`.as("other"), (join) =>
      join.on(sql<boolean>`other.user_id <> mine.user_id AND (${sql.join(same, sql` OR `)})`),
    )
    .select(sql<string>`other.id`.as("id"))
    .where(sql<boolean>`mine.id = ${listingId}`)
    .orderBy(sql`other.created_at`)
    .limit(1)
    .executeTakeFirst();
  if (!other) return;
  await db.transaction().execute((trx) =>
    openReport(trx, {
      targetKind: "listing",
      targetId: listingId,
      reporter: "system:duplicate",
      reason: "duplicate",
      relatedId: other.id,
    }),
  );
}
