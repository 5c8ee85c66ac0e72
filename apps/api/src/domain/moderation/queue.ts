import {
  type AdminChatbot,
  creatorDisplayName,
  type ListingState,
  type QueueItem,
  type QueueReason,
  reasonCountsSchema,
} from "@gallery/schema";
import { sql } from "kysely";
import type { Db, Deps } from "../deps.js";
import { InvalidError } from "../errors.js";
import { chatbotJsonSql, parseChatbotJson } from "../listings/read-model.js";
import { decodeCursor, encodeCursor, type Page, type PageInput } from "../paging.js";
import { ignoringSafetySettings, type Member, requireModerator, type Viewer } from "../policy.js";

/** How many of a target's newest reports the queue shows. */
const LATEST_REPORTS = 5;

/**
 * The moderation queue: targets with open reports, the most recently reported first, a page at a time
 * (keyset over `report_targets`, one row per target, so the first page costs the same with a million
 * reports); per target its counts by reason, its newest reports, what it is, and whether its reports may be one
 * person's (possiblyCoordinated).
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
  const [latest, duplicates, coordinated] = await Promise.all([
    latestReports(deps.db, ids),
    duplicatePairs(deps.db, ids),
    possiblyCoordinated(deps.db, ids),
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
  const profiles = await profilePreviews(deps.db, userIds);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const listing = row.targetKind === "listing" ? (listings.get(row.targetId) ?? null) : null;
      const duplicateId = duplicates.get(row.targetId);
      const { state: _, ...duplicateOf } = (duplicateId && listings.get(duplicateId)) || { state: null };
      const profileId = row.targetKind === "profile" ? row.targetId : listing?.userId;
      const reasonCounts = reasonCountsSchema.parse(JSON.parse(row.reasonCountsJson));
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
        profile: (profileId && profiles.get(profileId)) || null,
      };
    }),
    nextCursor:
      rows.length > input.limit && last
        ? encodeCursor({ sort: "newest", key: last.cursorAt, id: last.targetId })
        : null,
  };
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

async function profilePreviews(db: Db, ids: string[]) {
  const previews = new Map<string, NonNullable<QueueItem["profile"]>>();
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
