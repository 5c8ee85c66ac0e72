import type { NotificationKind } from "@gallery/db";
import {
  listingPath,
  NOTIFICATION_KEEP_DAYS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationItem,
  type NotificationSettings,
  notificationText,
} from "@gallery/schema";
import { sql } from "kysely";
import type { Db, Deps } from "../deps.js";
import { InvalidError, NotFoundError } from "../errors.js";
import { requireMember, type Viewer } from "../policy.js";

/**
 * A member's notifications (issue 38 §3). They are written by the database's triggers in the transaction of what they
 * tell of (written by triggers: a new listing of a followed creator, a review, a reply, a report's, appeal's or
 * verification request's outcome, a moderation decision on one's listing), never for the actor's own act and never
 * of a kind the recipient turned off. Here: reading them, marking them read, the per-kind settings and the purge.
 * Every read and change is the caller's own: another member's notification is 404, as an unknown one.
 */

/** How an actor is named: their nickname, else their full name, never their e-mail (as a review's author). */
function actorName(actor: { nickname: string | null; firstName: string | null; lastName: string | null }): string {
  if (actor.nickname) return actor.nickname;
  if (actor.firstName && actor.lastName) return `${actor.firstName} ${actor.lastName}`;
  return NOTIFICATION_TEXTS.unknownMember;
}

/** A member's unread count: a count over the partial index of their unread rows. */
export async function countUnread(db: Db, recipientId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("recipientId", "=", recipientId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function unreadCount(deps: Deps, viewer: Viewer): Promise<{ unread: number }> {
  const member = requireMember(viewer);
  return { unread: await countUnread(deps.db, member.id) };
}

/** Where a notification leads in the app: the listing's page, else the dashboard (a verification's outcome). */
function linkOf(kind: NotificationKind, listing: { id: string; title: string } | null): string | null {
  if (listing) return listingPath(listing);
  return kind === "verificationOutcome" || kind === "appealOutcome" ? "/dashboard" : null;
}

/** The caller's notifications, newest first, a page at a time (keyset on id: `cursor` is the last one's id). */
export async function listNotifications(
  deps: Deps,
  viewer: Viewer,
  input: { limit: number; cursor?: string | undefined },
): Promise<{ items: NotificationItem[]; nextCursor: string | null }> {
  const member = requireMember(viewer);
  let query = deps.db
    .selectFrom("notifications as n")
    .leftJoin("users as a", "a.id", "n.actorId")
    .leftJoin("chatbots as c", "c.id", "n.listingId")
    .select([
      "n.id",
      "n.kind",
      "n.createdAt",
      "n.readAt",
      "n.actorId",
      "n.listingId",
      "n.reviewId",
      "n.outcome",
      "a.nickname",
      "a.firstName",
      "a.lastName",
      "c.title",
    ])
    .where("n.recipientId", "=", member.id)
    .orderBy("n.id", "desc")
    .limit(input.limit + 1);
  if (input.cursor) query = query.where("n.id", "<", input.cursor);
  const rows = await query.execute();
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => {
      const listing = row.listingId && row.title !== null ? { id: row.listingId, title: row.title } : null;
      const actor = row.actorId ? { id: row.actorId, name: actorName(row) } : null;
      return {
        id: String(row.id),
        kind: row.kind,
        text: notificationText({
          kind: row.kind,
          actor: actor?.name ?? null,
          listing: listing?.title ?? null,
          outcome: row.outcome,
        }),
        link: linkOf(row.kind, listing),
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
        actor,
        listingId: listing?.id ?? null,
        reviewId: row.reviewId,
        outcome: row.outcome,
      };
    }),
    nextCursor: rows.length > input.limit ? String(page[page.length - 1]?.id) : null,
  };
}

/** Marks one of the caller's notifications read (idempotent); another member's or an unknown one is 404. */
export async function markRead(deps: Deps, viewer: Viewer, input: { id: string }): Promise<{ unread: number }> {
  const member = requireMember(viewer);
  const mine = await deps.db
    .updateTable("notifications")
    .set({ readAt: sql`coalesce(read_at, now())` })
    .where("id", "=", input.id)
    .where("recipientId", "=", member.id)
    .returning("id")
    .executeTakeFirst();
  if (!mine) throw new NotFoundError(NOTIFICATION_TEXTS.notFound);
  return { unread: await countUnread(deps.db, member.id) };
}

/** Marks every unread notification of the caller read. */
export async function markAllRead(deps: Deps, viewer: Viewer): Promise<{ unread: number }> {
  const member = requireMember(viewer);
  await deps.db
    .updateTable("notifications")
    .set({ readAt: sql`now()` })
    .where("recipientId", "=", member.id)
    .where("readAt", "is", null)
    .execute();
  return { unread: await countUnread(deps.db, member.id) };
}

async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const off = await db.selectFrom("notificationOptOuts").select("kind").where("userId", "=", userId).execute();
  const offKinds = new Set(off.map((row) => row.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !offKinds.has(kind)])) as NotificationSettings;
}

/** Which kinds the caller receives (all on until turned off). */
export async function notificationSettings(deps: Deps, viewer: Viewer): Promise<NotificationSettings> {
  return settingsOf(deps.db, requireMember(viewer).id);
}

/** Turns kinds on or off (those left out stay as they are); answers the whole settings. */
export async function updateNotificationSettings(
  deps: Deps,
  viewer: Viewer,
  input: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const member = requireMember(viewer);
  const entries = Object.entries(input).filter(([, on]) => on !== undefined) as Array<[NotificationKind, boolean]>;
  if (entries.length === 0) throw new InvalidError(NOTIFICATION_TEXTS.nothingToChange);
  const off = entries.filter(([, on]) => !on).map(([kind]) => kind);
  const on = entries.filter(([, on]) => on).map(([kind]) => kind);
  await deps.db.transaction().execute(async (trx) => {
    if (on.length > 0)
      await trx.deleteFrom("notificationOptOuts").where("userId", "=", member.id).where("kind", "in", on).execute();
    if (off.length > 0)
      await trx
        .insertInto("notificationOptOuts")
        .values(off.map((kind) => ({ userId: member.id, kind })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
  });
  return settingsOf(deps.db, member.id);
}

/**
 * Deletes notifications older than NOTIFICATION_KEEP_DAYS, `batch` at a time (each a short statement through the
 * created_at index), at most `maxBatches` a run: a backlog is worked off over the next runs, never in one long one.
 */
export async function purgeOldNotifications(
  db: Db,
  options: { batch?: number; maxBatches?: number; now?: Date } = {},
): Promise<number> {
  const batch = options.batch ?? 5000;
  const before = new Date((options.now ?? new Date()).getTime() - NOTIFICATION_KEEP_DAYS * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (let run = 0; run < (options.maxBatches ?? 20); run++) {
    const result = await db
      .deleteFrom("notifications")
      .where(
        "id",
        "in",
        db
          .selectFrom("notifications")
          .select("id")
          .where("createdAt", "<", before)
          .orderBy("createdAt")
          .orderBy("id")
          .limit(batch),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < batch) break;
  }
  return deleted;
}
