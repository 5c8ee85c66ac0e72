import { REPORT_CONFIRMATION, REPORT_MESSAGES, type ReportReason, type ReportTargetKind } from "@gallery/schema";
import { sql } from "kysely";
import { recordAudit } from "../audit/record.js";
import type { Db, Deps } from "../deps.js";
import { ConflictError, InvalidError, TooManyError } from "../errors.js";
import { requireViewableListing } from "../listings/visible.js";
import { ownsListing, reporterWeight, requireMayReport, type Viewer } from "../policy.js";
import { requireReportableReview } from "../reviews/reviews.js";
import { daySalt, networkHash, utcDay, type Visitor, visitorHash } from "../stats/visitor.js";
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

/** Who reports, and from where, as keyed hashes: no address is stored. */
interface Reporter {
  /** `member:<id>`, or `visitor:<the day's mark of the address>` (one reporter a day per address, whatever it sends). */
  id: string;
  /** The day's keyed hash of the address (click-outs' mark, visitor.ts) and of its network (/24, /48). */
  address: Buffer;
  network: Buffer;
  /** The address's marks of the last hour (today's, and yesterday's in the day's first hour), for the hourly cap. */
  addressesThisHour: Buffer[];
}

async function reporterOf(db: Db, viewer: Viewer, visitor: Visitor): Promise<Reporter> {
  const now = Date.now();
  const day = utcDay(new Date(now));
  const salt = await daySalt(db, day);
  const address = visitorHash(salt, visitor);
  const hourAgo = utcDay(new Date(now - 3_600_000));
  const addressesThisHour = hourAgo === day ? [address] : [address, visitorHash(await daySalt(db, hourAgo), visitor)];
  return {
    id: viewer ? `member:${viewer.id}` : `visitor:${address.toString("hex")}`,
    address,
    network: networkHash(salt, visitor),
    addressesThisHour,
  };
}

/**
 * At most `perHour` reports an hour per reporter and per address (429), both counted: a visitor changing user
 * agents, and one address holding many accounts, are each one sender. Two reports at once of one sender wait for
 * each other (a transaction-scoped lock on each key), so a burst cannot slip past the count.
 */
async function requireUnderHourlyCap(trx: Db, reporter: Reporter, perHour: number): Promise<void> {
  const keys = [reporter.id, `address:${reporter.address.toString("hex")}`].sort();
  for (const key of keys) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 36))`.execute(trx);
  const recent = await trx
    .selectFrom("reports")
    .select(sql<number>`count(*)::int`.as("count"))
    .where((eb) => eb.or([eb("reporter", "=", reporter.id), eb("reporterAddress", "in", reporter.addressesThisHour)]))
    .where("createdAt", ">", sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (recent.count >= perHour) throw new TooManyError(REPORT_MESSAGES.tooMany);
}

/** The target as the reporter may reach it (404 otherwise), never their own. */
async function checkTarget(db: Db, viewer: Viewer, input: ReportValues): Promise<void> {
  if (input.targetKind === "listing") {
    const listing = await requireViewableListing(db, viewer, input.targetId);
    if (ownsListing(viewer, listing)) throw new InvalidError(REPORT_MESSAGES.ownListing);
  } else if (input.targetKind === "review") {
    await requireReportableReview(db, viewer, input.targetId);
  } else {
    await findVisibleProfile(db, viewer, input.targetId);
    if (viewer?.id === input.targetId) throw new InvalidError(REPORT_MESSAGES.ownProfile);
  }
}

/**
 * A visitor's or member's report of a listing or profile. A suspended member may not report (403). One open
 * report per reporter and target (409), at most `reports.perHour` an hour per reporter and per address (429). An
 * SFW listing reported as mislabelled by enough trusted members from distinct networks is hidden at once, pending
 * review; a visitor's report, or a new or unverified account's, reaches the queue but hides nothing.
 */
export async function createReport(
  deps: Deps,
  viewer: Viewer,
  input: ReportValues,
  visitor: Visitor,
): Promise<{ id: string; message: string }> {
  requireMayReport(viewer);
  await checkTarget(deps.db, viewer, input);
  const reporter = await reporterOf(deps.db, viewer, visitor);
  return deps.db.transaction().execute(async (trx) => {
    await requireUnderHourlyCap(trx, reporter, deps.config.reports.perHour);
    const opened = await openReport(trx, {
      targetKind: input.targetKind,
      targetId: input.targetId,
      reporter: reporter.id,
      address: reporter.address,
      network: reporter.network,
      weight: reporterWeight(viewer, deps.config.reports.minAccountAgeDays),
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
      .where("reporter", "=", reporter.id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    return { id: report.id, message: REPORT_CONFIRMATION };
  });
}

/**
 * Protection before review: once the open "mislabelled" reports of an SFW listing weigh `threshold`, it is withheld
 * (`review_pending`) in this transaction, which drops every shared copy that held it; the creator is told why and
 * the log says so. Each report weighs as its reporter did when sending it (policy.reporterWeight: a trusted member
 * 2, anyone else 0), one open report per reporter, and one network (one address with it) weighs at most as its
 * heaviest reporter: several accounts on one address or network are one voice. Reports from before the networks
 * were kept count as one network each.
 */
async function hideBeforeReview(trx: Db, chatbotId: string, threshold: number): Promise<void> {
  const perNetwork = trx
    .selectFrom("reports")
    .select(sql<number>`max(reporter_weight)`.as("weight"))
    .where("targetKind", "=", "listing")
    .where("targetId", "=", chatbotId)
    .where("status", "=", "open")
    .where("reason", "=", "mislabelled")
    .where("reporterWeight", ">", 0)
    .groupBy(sql`COALESCE(encode(reporter_network, 'hex'), id::text)`)
    .as("n");
  const { weight } = await trx
    .selectFrom(perNetwork)
    .select(sql<number>`COALESCE(sum(n.weight), 0)::int`.as("weight"))
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
  await recordDecision(trx, {
    userId: hidden.userId,
    chatbotId,
    kind: "autoHidden",
    reason: AUTO_HIDE_REASON,
    moderator: null,
  });
  await recordAudit(trx, {
    action: "listing.hide",
    moderator: null,
    moderatorName: "system (reports)",
    target: { kind: "listing", id: chatbotId, label: hidden.title },
    before: { reviewPending: false },
    after: { reviewPending: true, reason: AUTO_HIDE_REASON },
  });
}
