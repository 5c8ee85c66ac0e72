import { MODERATION_MESSAGES, type ModerationAction, REVIEW_MESSAGES, REVIEW_OUTCOMES } from "@gallery/schema";
import { recordAudit } from "../audit/record.js";
import type { Db, Deps } from "../deps.js";
import { ConflictError, InvalidError, NotFoundError } from "../errors.js";
import { type Member, requireModerator, type Viewer } from "../policy.js";
import { authorName } from "../reviews/reviews.js";
import { closeReports } from "./open-report.js";

/** The actions a review takes from the queue: hide, restore, delete, or dismiss its reports. */
export const REVIEW_ACTIONS = ["hide", "restore", "delete", "dismiss"] as const satisfies readonly ModerationAction[];
type ReviewAction = (typeof REVIEW_ACTIONS)[number];
const isReviewAction = (action: ModerationAction): action is ReviewAction =>
  (REVIEW_ACTIONS as readonly string[]).includes(action);

/** The actions that would change something on a review now, the suggested one first (the queue's `actions`). */
export const reviewActions = (review: { hidden: boolean }): ModerationAction[] =>
  review.hidden ? ["restore", "delete", "dismiss"] : ["hide", "delete", "dismiss"];

/**
 * A moderator's action on a review (from the queue: moderation.act with `targetKind: "review"`): the change, its
 * audit entry and the closing of the review's open reports, in one transaction, the listing's row locked first
 * (its score changes with the review: the triggers on reviews). Hiding takes the review out of sight
 * and out of the average until restored; deleting removes it with its helpful marks. An action that would change
 * nothing (hide a hidden review, restore a shown one, dismiss no reports) is 409 "Nothing to change", written nowhere.
 */
export async function moderateReview(
  deps: Deps,
  viewer: Viewer,
  input: { targetId: string; action: ModerationAction; reason?: string | undefined },
): Promise<{ closedReports: number; outcome: string }> {
  const moderator = requireModerator(viewer);
  const { action } = input;
  if (!isReviewAction(action)) throw new InvalidError("This action does not apply to reviews");
  const outcome = action === "dismiss" ? "dismissed" : REVIEW_OUTCOMES[action];
  const reason = input.reason ?? null;
  return deps.db.transaction().execute(async (trx) => {
    const review = await lockReview(trx, input.targetId);
    const label = `${review.rating}★ review by ${authorName(review)} of ${review.title}`;
    const target = { kind: "review", id: review.id, label } as const;
    let changed = true;
    if (action === "hide" || action === "restore") {
      const hide = action === "hide";
      if ((review.hiddenAt !== null) === hide) throw new ConflictError(MODERATION_MESSAGES.nothingToChange);
      await trx
        .updateTable("reviews")
        .set(hide ? { hiddenAt: new Date(), hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
        .where("id", "=", review.id)
        .execute();
      await recordAudit(trx, {
        action: hide ? "review.hide" : "review.restore",
        moderator,
        target,
        before: { hidden: !hide },
        after: { hidden: hide, ...(reason ? { reason } : {}) },
      });
    } else if (action === "delete") {
      await trx.deleteFrom("reviews").where("id", "=", review.id).execute();
      await recordAudit(trx, {
        action: "review.delete",
        moderator,
        target,
        before: { rating: review.rating, text: review.body },
        after: reason ? { reason } : null,
      });
    } else {
      changed = false;
    }
    const closedReports = await closeReports(trx, { targetKind: "review", targetId: review.id }, outcome);
    if (!changed && closedReports === 0) throw new ConflictError(MODERATION_MESSAGES.nothingToChange);
    if (closedReports > 0) await recordClosed(trx, moderator, action, target, { closedReports, outcome, reason });
    return { closedReports, outcome };
  });
}

/** Reports closed: `report.dismiss` when dismissed, else `report.resolve` beside the action's own entry. */
async function recordClosed(
  trx: Db,
  moderator: Member,
  action: ReviewAction,
  target: { kind: "review"; id: string; label: string },
  closed: { closedReports: number; outcome: string; reason: string | null },
): Promise<void> {
  await recordAudit(trx, {
    action: action === "dismiss" ? "report.dismiss" : "report.resolve",
    moderator,
    target,
    after:
      action === "dismiss"
        ? { closedReports: closed.closedReports, ...(closed.reason ? { reason: closed.reason } : {}) }
        : { outcome: closed.outcome, closedReports: closed.closedReports },
  });
}

/** The review under its lock, its listing's row locked before it (404 when either is gone). */
async function lockReview(trx: Db, reviewId: string) {
  const found = await trx.selectFrom("reviews").select("chatbotId").where("id", "=", reviewId).executeTakeFirst();
  if (!found) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  await trx.selectFrom("chatbots").select("id").where("id", "=", found.chatbotId).forUpdate().execute();
  const review = await trx
    .selectFrom("reviews as r")
    .innerJoin("users as u", "u.id", "r.userId")
    .innerJoin("chatbots as c", "c.id", "r.chatbotId")
    .select(["r.id", "r.rating", "r.body", "r.hiddenAt", "u.nickname", "u.firstName", "u.lastName", "c.title"])
    .where("r.id", "=", reviewId)
    .forUpdate("r")
    .executeTakeFirst();
  if (!review) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return review;
}
