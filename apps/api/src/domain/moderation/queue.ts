import {
  type AdminChatbot,
  creatorDisplayName,
  type ListingState,
  type ModerationAction,
  type QueueItem,
  type QueueReason,
  reasonCountsSchema,
} from "@gallery/schema";
import { sql } from "kysely";
import type { Db, Deps } from "../deps.js";
import { InvalidError } from "../errors.js";
import { chatbotJsonSql, parseChatbotJson } from "../listings/read-model.js";
import { decodeCursor, encodeCursor, type Page, type PageInput } from "../paging.js";
import { ignoringSafetySettings, type Member, requireMaySuspend, requireModerator, type Viewer } from "../policy.js";
import { reviewPreviews } from "../reviews/reviews.js";
import { reviewActions } from "./review-actions.js";

/** How many of a target's newest reports the queue shows. */
const LATEST_REPORTS = 5;

/**
 * The moderation queue: targets with open reports, the most recently reported first, a page at a time
 * (keyset over `report_targets`, one row per target, so the first page costs the same with a million
 * reports); per target its counts by reason, its newest reports, what it is, whether its reports may be one
 * person's (possiblyCoordinated), for an appeal the decision appealed with the creator's message, and the actions
 * that would change something, the suggested one first (the web offers those, one as the primary).
 */
export async function listQueue(deps: Deps, viewer: Viewer, input: PageInput): Promise<Page<QueueItem>> {
  const moderator = ignoringSafetySettings(requireModerator(viewer));
  let query = deps.db
    .selectFrom("reportTargets")
    .select(["targetKind", "targetId", "openCount", "lastReportAt"])
    // As text: the database client's camel-casing would rename the reasons inside the JSON (broken_link).
    .select(sql<string>`reason_counts::text`.as("reasonCountsJson"))
    .select(sql<string>`last_report_at::text`.as("cursorAt"));
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, "newest", "timestamptz");
    if (!cursor) throw new InvalidError("Invalid cursor");
    query = query.where(sql<boolean>`(last_report_at, target_id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await query
    .orderBy("lastReportAt", "desc")
    .orderBy("targetId", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const ids = page.map((row) => row.targetId);
  const [latest, duplicates, coordinated, appeals] = await Promise.all([
    latestReports(deps.db, ids),
    duplicatePairs(deps.db, ids),
    possiblyCoordinated(deps.db, ids),
    appealsOf(deps.db, ids),
  ]);
  const listingIds = [
    ...page.filter((row) => row.targetKind === "listing").map((row) => row.targetId),
    ...duplicates.values(),
  ];
  const listings = await listingPreviews(deps.db, moderator, listingIds);
  const userIds = [
    ...page.filter((row) => row.targetKind === "profile").map((row) => row.targetId),
    ...[...listings.values()].map((listing) => listing.userId),
  ];
  const [profiles, reviews] = await Promise.all([
    profilePreviews(deps.db, moderator, userIds),
    reviewPreviews(
      deps.db,
      page.filter((row) => row.targetKind === "review").map((row) => row.targetId),
    ),
  ]);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const listing = row.targetKind === "listing" ? (listings.get(row.targetId) ?? null) : null;
      const duplicateId = duplicates.get(row.targetId);
      const { state: _, ...duplicateOf } = (duplicateId && listings.get(duplicateId)) || { state: null };
      const profileId = row.targetKind === "profile" ? row.targetId : listing?.userId;
      const reasonCounts = reasonCountsSchema.parse(JSON.parse(row.reasonCountsJson));
      const preview = (profileId && profiles.get(profileId)) || null;
      const appeal = appeals.get(row.targetId) ?? null;
      const review = row.targetKind === "review" ? (reviews.get(row.targetId) ?? null) : null;
      return {
        targetKind: row.targetKind,
        targetId: row.targetId,
        openCount: row.openCount,
        reasonCounts,
        lastReportAt: row.lastReportAt.toISOString(),
        isAppeal: Boolean(reasonCounts.appeal),
        possiblyCoordinated: coordinated.has(row.targetId),
        latest: latest.get(row.targetId) ?? [],
        listing,
        duplicateOf: duplicateId && "id" in duplicateOf ? (duplicateOf as AdminChatbot) : null,
        profile: preview && profileOf(preview),
        appeal,
        review,
        actions: review
          ? reviewActions(review)
          : actionsOf({
              targetKind: row.targetKind,
              listing,
              profile: preview,
              isAppeal: appeal !== null || Boolean(reasonCounts.appeal),
              topReason: topReasonOf(reasonCounts),
            }),
      };
    }),
    nextCursor:
      rows.length > input.limit && last
        ? encodeCursor({ sort: "newest", key: last.cursorAt, id: last.targetId })
        : null,
  };
}

/**
 * What a moderator may do with a queue item that would change something (the rest answer 409 "Nothing to
 * change"), the suggested one first: for an appeal, undoing the decision (restore, lift); otherwise dismissing
 * the reports. Deleting and suspending stay after the others.
 */
export function actionsOf(item: {
  targetKind: QueueItem["targetKind"];
  listing: { nsfw: boolean; state: ListingState } | null;
  profile: { suspended: boolean; maySuspend: boolean } | null;
  isAppeal: boolean;
  /** The reports' most given reason: "mislabelled" on an SFW listing suggests marking it NSFW. */
  topReason?: QueueReason | undefined;
}): ModerationAction[] {
  const { listing, profile } = item;
  const undo: ModerationAction[] = [];
  const rest: ModerationAction[] = ["dismiss"];
  if (item.targetKind === "listing") {
    if (!listing) return rest;
    if (listing.state.hidden || listing.state.reviewPending) undo.push("restore");
    if (!listing.nsfw || listing.state.reviewPending) {
      if (item.topReason === "mislabelled" && !item.isAppeal) rest.unshift("markNsfw");
      else rest.push("markNsfw");
    }
    if (!listing.state.hidden) rest.push("hide");
    rest.push("delete");
  }
  if (profile?.suspended) undo.push("lift");
  else if (profile?.maySuspend) rest.push("suspend");
  // An appeal asks for the decision to be undone; new reports on a hidden listing or a suspended creator do not.
  return item.isAppeal ? [...undo, ...rest] : [...rest, ...undo];
}

/** The reason given most often (the first listed of equals). */
export function topReasonOf(counts: Partial<Record<QueueReason, number>>): QueueReason | undefined {
  let top: [QueueReason, number] | undefined;
  for (const [reason, count] of Object.entries(counts) as Array<[QueueReason, number]>) {
    if (!top || count > top[1]) top = [reason, count];
  }
  return top?.[0];
}

/** For each target with an open appeal: the decision appealed (what, by whom, when, why) and the creator's message. */
async function appealsOf(db: Db, ids: string[]) {
  const byTarget = new Map<string, NonNullable<QueueItem["appeal"]>>();
  if (ids.length === 0) return byTarget;
  const rows = await db
    .selectFrom("reports as r")
    .innerJoin("moderationDecisions as d", "d.id", "r.relatedId")
    .select(["r.targetId", "d.kind", "d.reason", "d.createdAt", "d.decidedBy", "d.appealMessage", "d.appealedAt"])
    .where("r.targetId", "in", ids)
    .where("r.reason", "=", "appeal")
    .where("r.status", "=", "open")
    .orderBy("r.createdAt", "desc")
    .execute();
  for (const row of rows) {
    if (byTarget.has(row.targetId)) continue;
    byTarget.set(row.targetId, {
      decision: {
        kind: row.kind,
        reason: row.reason,
        decidedAt: row.createdAt.toISOString(),
        decidedBy: row.decidedBy,
      },
      message: row.appealMessage,
      appealedAt: (row.appealedAt ?? row.createdAt).toISOString(),
    });
  }
  return byTarget;
}

const reporterKind = (reporter: string) =>
  reporter.slice(0, reporter.indexOf(":")) as QueueItem["latest"][number]["reporterKind"];

/** Each target's newest open reports (one index range per target). */
async function latestReports(db: Db, ids: string[]) {
  const byTarget = new Map<string, QueueItem["latest"]>();
  if (ids.length === 0) return byTarget;
  const rows = await db
    .selectFrom(sql<{ id: string }>`unnest(${ids}::uuid[])`.as("t"))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("reports")
          .select(["reason", "details", "originalUrl", "reporter", "createdAt"])
          .whereRef("reports.targetId", "=", sql.ref("t.t"))
          .where("status", "=", "open")
          .orderBy("createdAt", "desc")
          .limit(LATEST_REPORTS)
          .as("r"),
      (join) => join.onTrue(),
    )
    .select([sql<string>`t.t`.as("targetId"), "r.reason", "r.details", "r.originalUrl", "r.reporter", "r.createdAt"])
    .execute();
  for (const row of rows) {
    const list = byTarget.get(row.targetId) ?? [];
    list.push({
      reason: row.reason as QueueReason,
      details: row.details,
      originalUrl: row.originalUrl,
      reporterKind: reporterKind(row.reporter),
      createdAt: row.createdAt.toISOString(),
    });
    byTarget.set(row.targetId, list);
  }
  return byTarget;
}

/**
 * The targets among these whose open reports came from two or more reporters on one network (one address with it)
 * on the same day, by the keyed hashes kept on each report: several accounts, or a visitor and an account, that
 * may be one person. Reports kept without hashes (from before, or the system's) are never counted.
 */
async function possiblyCoordinated(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("reports")
    .select("targetId")
    .distinct()
    .where("targetId", "in", ids)
    .where("status", "=", "open")
    .where("reporterNetwork", "is not", null)
    .groupBy(["targetId", "reporterNetwork"])
    .having(sql<number>`count(DISTINCT reporter)`, ">", 1)
    .execute();
  return new Set(rows.map((row) => row.targetId));
}

/** For targets queued as possible duplicates: the other listing. */
async function duplicatePairs(db: Db, ids: string[]) {
  const pairs = new Map<string, string>();
  if (ids.length === 0) return pairs;
  const rows = await db
    .selectFrom("reports")
    .select(["targetId", "relatedId"])
    .where("targetId", "in", ids)
    .where("reason", "=", "duplicate")
    .where("status", "=", "open")
    .where("relatedId", "is not", null)
    .execute();
  for (const row of rows) pairs.set(row.targetId, row.relatedId!);
  return pairs;
}

type ListingPreview = AdminChatbot & { state: ListingState };

/** Listings as the admin table shows them, with their moderation state. */
async function listingPreviews(db: Db, moderator: Member, ids: string[]) {
  const previews = new Map<string, ListingPreview>();
  if (ids.length === 0) return previews;
  const rows = await db
    .selectFrom("chatbots as c")
    .select([
      chatbotJsonSql(moderator).as("json"),
      "c.hiddenAt",
      "c.hiddenReason",
      "c.reviewPending",
      "c.ownerSuspended",
    ])
    .where("c.id", "in", ids)
    .execute();
  for (const row of rows) {
    const chatbot = parseChatbotJson(row.json);
    previews.set(chatbot.id, {
      ...chatbot,
      userName: creatorDisplayName(chatbot.user),
      userEmail: chatbot.user?.email ?? null,
      state: listingState(row),
    });
  }
  return previews;
}

/** The state columns as the api shows them. */
export function listingState(row: {
  hiddenAt: Date | null;
  hiddenReason: string | null;
  reviewPending: boolean;
  ownerSuspended: boolean;
}): ListingState {
  return {
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason,
    reviewPending: row.reviewPending,
    ownerSuspended: row.ownerSuspended,
  };
}

/** Whether the policy lets this moderator suspend this member (never themselves or another moderator). */
function maySuspend(moderator: Member, target: Parameters<typeof requireMaySuspend>[1]): boolean {
  try {
    requireMaySuspend(moderator, target);
    return true;
  } catch {
    return false;
  }
}

type ProfilePreview = NonNullable<QueueItem["profile"]> & { maySuspend: boolean };

/** A profile as the queue shows it (without what only decides its actions). */
const profileOf = ({ maySuspend: _, ...profile }: ProfilePreview): NonNullable<QueueItem["profile"]> => profile;

async function profilePreviews(db: Db, moderator: Member, ids: string[]) {
  const previews = new Map<string, ProfilePreview>();
  if (ids.length === 0) return previews;
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
  for (const row of rows) {
    previews.set(row.id, {
      id: row.id,
      name: creatorDisplayName(row),
      avatarUrl: row.avatarUrl,
      suspended: row.suspendedAt !== null,
      suspensionReason: row.suspensionReason,
      maySuspend: maySuspend(moderator, row),
    });
  }
  return previews;
}

/** Targets in the queue, for the panel's statistics. */
export async function openReportTargets(db: Db): Promise<number> {
  const row = await db
    .selectFrom("reportTargets")
    .select(sql<number>`count(*)::int`.as("count"))
    .executeTakeFirstOrThrow();
  return row.count;
}
