import { REPORT_CONFIRMATION, REPORT_MESSAGES, type ReportReason, type ReportTargetKind } from "@gallery/schema";
import { sql } from "kysely";
import { recordAudit } from "../audit/record.js";
import type { Db, Deps } from "../deps.js";
import { ConflictError, InvalidError, LISTING_NOT_FOUND, NotFoundError, TooManyError } from "../errors.js";
import { reporterWeight, requireMayViewListing, type Viewer } from "../policy.js";
import { daySalt, utcDay, type Visitor, visitorHash } from "../stats/visitor.js";
import { findVisibleProfile } from "../users/profile.js";
import { recordDecision } from "./decisions.js";
import { openReport } from "./open-report.js";

export interface ReportValues {
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  details?: string | undefined;
  originalUrl?: string | undefined;
}

/** Why a listing was hidden before review (the creator reads it). */
export const AUTO_HIDE_REASON = "Reported as mislabelled (NSFW shown as SFW) by several people";

/**
 * Who reports: a member by their id; a visitor by the day's keyed mark click-outs use (visitor.ts), so no
 * address is stored, and the same visitor is one reporter for the day.
 */
async function reporterOf(db: Db, viewer: Viewer, visitor: Visitor): Promise<string> {
  if (viewer) return `member:${viewer.id}`;
  const day = utcDay();
  return `visitor:${visitorHash(await daySalt(db, day), visitor).toString("hex")}`;
}

/** The target as the reporter may reach it (404 otherwise), never their own. */
async function checkTarget(db: Db, viewer: Viewer, input: ReportValues): Promise<void> {
  if (input.targetKind === "listing") {
    const listing = await db
      .selectFrom("chatbots")
      .select(["nsfw", "withheld", "userId"])
      .where("id", "=", input.targetId)
      .executeTakeFirst();
    if (!listing) throw new NotFoundError(LISTING_NOT_FOUND);
    requireMayViewListing(viewer, listing);
    if (viewer?.id === listing.userId) throw new InvalidError(REPORT_MESSAGES.ownListing);
  } else {
    await findVisibleProfile(db, viewer, input.targetId);
    if (viewer?.id === input.targetId) throw new InvalidError(REPORT_MESSAGES.ownProfile);
  }
}

/**
 * A visitor's or member's report of a listing or profile. One open report per reporter and target (409),
 * at most `reports.perHour` an hour per reporter (429); an SFW listing reported as mislabelled by enough
 * distinct reporters is hidden at once, pending review.
 */
export async function createReport(
  deps: Deps,
  viewer: Viewer,
  input: ReportValues,
  visitor: Visitor,
): Promise<{ id: string; message: string }> {
  await checkTarget(deps.db, viewer, input);
  const reporter = await reporterOf(deps.db, viewer, visitor);
  return deps.db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom("reports")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("reporter", "=", reporter)
      .where("createdAt", ">", sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (recent.count >= deps.config.reports.perHour) throw new TooManyError(REPORT_MESSAGES.tooMany);
    const opened = await openReport(trx, {
      targetKind: input.targetKind,
      targetId: input.targetId,
      reporter,
      weight: reporterWeight(viewer),
      reason: input.reason,
      details: input.details,
      originalUrl: input.reason === "stolen" ? input.originalUrl : undefined,
    });
    if (!opened) throw new ConflictError(REPORT_MESSAGES.duplicate);
    if (input.targetKind === "listing" && input.reason === "mislabelled") {
      await hideBeforeReview(trx, input.targetId, deps.config.reports.autoHideThreshold);
    }
    const report = await trx
      .selectFrom("reports")
      .select("id")
      .where("targetId", "=", input.targetId)
      .where("reporter", "=", reporter)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    return { id: report.id, message: REPORT_CONFIRMATION };
  });
}

/**
 * Protection before review: once the open "mislabelled" reports of an SFW listing weigh `threshold` (distinct
 * reporters: one open report each; a member 2, a visitor 1), it is withheld (`review_pending`) in this
 * transaction, which drops every shared copy that held it; the creator is told why and the log says so.
 */
async function hideBeforeReview(trx: Db, chatbotId: string, threshold: number): Promise<void> {
  const { weight } = await trx
    .selectFrom("reports")
    .select(sql<number>`COALESCE(sum(reporter_weight), 0)::int`.as("weight"))
    .where("targetKind", "=", "listing")
    .where("targetId", "=", chatbotId)
    .where("status", "=", "open")
    .where("reason", "=", "mislabelled")
    .executeTakeFirstOrThrow();
  if (weight < threshold) return;
  const hidden = await trx
    .updateTable("chatbots")
    .set({ reviewPending: true })
    .where("id", "=", chatbotId)
    .where("nsfw", "=", false)
    .where("reviewPending", "=", false)
    .where("hiddenAt", "is", null)
    .returning(["userId", "title"])
    .executeTakeFirst();
  if (!hidden) return;
  await recordDecision(trx, { userId: hidden.userId, chatbotId, kind: "autoHidden", reason: AUTO_HIDE_REASON });
  await recordAudit(trx, {
    action: "listing.hide",
    moderator: null,
    moderatorName: "system (reports)",
    target: { kind: "listing", id: chatbotId, label: hidden.title },
    before: { reviewPending: false },
    after: { reviewPending: true, reason: AUTO_HIDE_REASON },
  });
}
