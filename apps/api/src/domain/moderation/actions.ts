import { MODERATION_MESSAGES, type ModerationAction, type ReportTargetKind } from "@gallery/schema";
import { recordAudit } from "../audit/record.js";
import type { Db, Deps } from "../deps.js";
import { ConflictError, InvalidError, LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { moveImagesToRatingKeys } from "../images/rating-keys.js";
import { deleteListing } from "../listings/commands.js";
import { lockListings } from "../listings/row-locks.js";
import { type Member, requireMaySuspend, requireModerator, type Viewer } from "../policy.js";
import { lockUser } from "../users/profile.js";
import { recordDecision } from "./decisions.js";
import { closeReports } from "./open-report.js";
import { moderateReview } from "./review-actions.js";

export interface ModerationInput {
  targetKind: ReportTargetKind;
  targetId: string;
  action: ModerationAction;
  reason?: string | undefined;
}

/** What each action's outcome says on the closed reports (and in the answer). */
const OUTCOMES: Record<ModerationAction, string> = {
  dismiss: "dismissed",
  markNsfw: "marked NSFW",
  hide: "hidden",
  restore: "restored",
  delete: "deleted",
  suspend: "creator suspended",
  lift: "suspension lifted",
};

const LISTING_ONLY: readonly ModerationAction[] = ["markNsfw", "hide", "restore", "delete"];

/** The answer to an action that would leave its target as it is: 409, nothing written (no audit entry). */
const nothingToChange = () => new ConflictError(MODERATION_MESSAGES.nothingToChange);

/**
 * A moderator's decision on a queue item (or any listing or creator): the change, the creator's notice, the
 * audit entry and the closing of every open report on the target with the outcome, in one transaction (the
 * listing row locked first, so two moderators acting at once are served one after the other: the second
 * finds the first's result, or a 404 after a delete). An action that would change nothing (restore a shown
 * listing, hide a hidden one, lift no suspension, dismiss no reports, so also the second of two moderators doing
 * the same at once) is refused with a ConflictError "Nothing to change" and writes nothing. Deleting goes through
 * the listing command (it releases the images); marking NSFW moves the images to NSFW keys once recorded.
 */
export async function moderate(
  deps: Deps,
  viewer: Viewer,
  input: ModerationInput,
): Promise<{ closedReports: number; outcome: string }> {
  // A review's actions are its own (review-actions.ts: hide, restore, delete, dismiss).
  if (input.targetKind === "review") return moderateReview(deps, viewer, input);
  const moderator = requireModerator(viewer);
  if (input.targetKind === "profile" && LISTING_ONLY.includes(input.action)) {
    throw new InvalidError("This action applies to listings only");
  }
  const outcome = OUTCOMES[input.action];
  if (input.action === "delete") {
    const title = await listingTitle(deps.db, input.targetId);
    await deleteListing(deps, moderator, { id: input.targetId }, { asModerator: true });
    return deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        action: "listing.delete",
        moderator,
        target: { kind: "listing", id: input.targetId, label: title },
        before: { title },
        after: input.reason ? { reason: input.reason } : null,
      });
      const closedReports = await closeReports(trx, input, outcome);
      if (closedReports > 0) await recordResolved(trx, moderator, input, { closedReports, outcome, label: title });
      return { closedReports, outcome };
    });
  }
  const result = await deps.db.transaction().execute(async (trx) => {
    const changed = await applyAction(trx, moderator, input);
    const closedReports = await closeReports(trx, input, outcome);
    // Dismissing changes something when it closes reports (or ends a review); thrown here, its entry is undone.
    if (!changed && closedReports === 0) throw nothingToChange();
    if (input.action !== "dismiss" && closedReports > 0) {
      await recordResolved(trx, moderator, input, { closedReports, outcome, label: await labelOf(trx, input) });
    }
    return { closedReports, outcome };
  });
  // Marked NSFW: its pictures move under the NSFW keys (under the row's lock; a no-op when they are there).
  if (input.action === "markNsfw") await moveImagesToRatingKeys(deps, input.targetId);
  return result;
}

/**
 * Reports closed by acting on their target (anything but dismissing them, which is `report.dismiss`): one
 * `report.resolve` entry beside the action's own, saying how many reports it closed and with what outcome, so
 * the log's "Resolved reports" lists every time a moderator acted on reports (called only when it closed some:
 * acting on a target nobody reported resolves nothing).
 */
async function recordResolved(
  trx: Db,
  moderator: Member,
  input: ModerationInput,
  resolved: { closedReports: number; outcome: string; label: string },
): Promise<void> {
  await recordAudit(trx, {
    action: "report.resolve",
    moderator,
    target: { kind: input.targetKind === "listing" ? "listing" : "user", id: input.targetId, label: resolved.label },
    after: { outcome: resolved.outcome, closedReports: resolved.closedReports },
  });
}

async function listingTitle(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom("chatbots").select("title").where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  return row.title;
}

/** The listing under its row lock (404 when it is gone). */
async function lockListing(trx: Db, id: string) {
  const row = await trx
    .selectFrom("chatbots")
    .select(["id", "userId", "title", "nsfw", "hiddenAt", "hiddenReason", "reviewPending"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  return row;
}

/** The creator a suspension is about: the profile reported, or the listing's creator. */
async function creatorOf(trx: Db, input: ModerationInput): Promise<string> {
  if (input.targetKind === "profile") return input.targetId;
  return (await lockListing(trx, input.targetId)).userId;
}

/**
 * Makes the action's change and records it; answers whether the target changed (only dismissing may change
 * nothing here and still close reports; every other action that would change nothing throws "Nothing to change").
 */
async function applyAction(trx: Db, moderator: Member, input: ModerationInput): Promise<boolean> {
  const reason = input.reason ?? null;
  switch (input.action) {
    case "dismiss": {
      // The reports were unfounded: a listing hidden by them until review is shown again.
      let changed = false;
      if (input.targetKind === "listing") {
        const listing = await lockListing(trx, input.targetId);
        if (listing.reviewPending) {
          await setListingState(trx, moderator, listing, { reviewPending: false }, "restored");
          changed = true;
        }
      }
      await recordAudit(trx, {
        action: "report.dismiss",
        moderator,
        target: {
          kind: input.targetKind === "listing" ? "listing" : "user",
          id: input.targetId,
          label: await labelOf(trx, input),
        },
        after: reason ? { reason } : null,
      });
      return changed;
    }
    case "markNsfw": {
      const listing = await lockListing(trx, input.targetId);
      if (listing.nsfw && !listing.reviewPending) throw nothingToChange();
      await trx
        .updateTable("chatbots")
        .set({ nsfw: true, reviewPending: false, updatedAt: new Date() })
        .where("id", "=", listing.id)
        .execute();
      await recordDecision(trx, {
        userId: listing.userId,
        chatbotId: listing.id,
        kind: "markedNsfw",
        reason,
        moderator,
      });
      await recordAudit(trx, {
        action: "listing.markNsfw",
        moderator,
        target: { kind: "listing", id: listing.id, label: listing.title },
        before: { nsfw: listing.nsfw, ...(listing.reviewPending ? { reviewPending: true } : {}) },
        after: {
          nsfw: true,
          ...(listing.reviewPending ? { reviewPending: false } : {}),
          ...(reason ? { reason } : {}),
        },
      });
      return true;
    }
    case "hide": {
      const listing = await lockListing(trx, input.targetId);
      if (listing.hiddenAt !== null) throw nothingToChange();
      await setListingState(
        trx,
        moderator,
        listing,
        { hiddenAt: new Date(), hiddenReason: reason, reviewPending: false },
        "hidden",
      );
      return true;
    }
    case "restore": {
      const listing = await lockListing(trx, input.targetId);
      if (listing.hiddenAt === null && !listing.reviewPending) throw nothingToChange();
      await setListingState(
        trx,
        moderator,
        listing,
        { hiddenAt: null, hiddenReason: null, reviewPending: false },
        "restored",
      );
      return true;
    }
    case "suspend":
    case "lift": {
      const userId = await creatorOf(trx, input);
      await setSuspension(trx, moderator, userId, input.action === "suspend" ? reason : null);
      return true;
    }
    // "delete" is done by moderate() itself, before this.
    default:
      return false;
  }
}

async function labelOf(trx: Db, input: ModerationInput): Promise<string> {
  if (input.targetKind === "listing") return (await lockListing(trx, input.targetId)).title;
  const user = await trx
    .selectFrom("users")
    .select(["nickname", "email"])
    .where("id", "=", input.targetId)
    .executeTakeFirst();
  if (!user) return "deleted user";
  return user.nickname ?? user.email ?? "user";
}

type LockedListing = Awaited<ReturnType<typeof lockListing>>;

/** Hides or shows a listing, tells its creator and logs it. */
async function setListingState(
  trx: Db,
  moderator: Member,
  listing: LockedListing,
  state: { hiddenAt?: Date | null; hiddenReason?: string | null; reviewPending: boolean },
  kind: "hidden" | "restored",
): Promise<void> {
  await trx.updateTable("chatbots").set(state).where("id", "=", listing.id).execute();
  await recordDecision(trx, {
    userId: listing.userId,
    chatbotId: listing.id,
    kind,
    reason: state.hiddenReason ?? null,
    moderator,
  });
  await recordAudit(trx, {
    action: kind === "hidden" ? "listing.hide" : "listing.restore",
    moderator,
    target: { kind: "listing", id: listing.id, label: listing.title },
    before: {
      hidden: listing.hiddenAt !== null,
      hiddenReason: listing.hiddenReason,
      reviewPending: listing.reviewPending,
    },
    after: {
      hidden: state.hiddenAt != null,
      hiddenReason: state.hiddenReason ?? null,
      reviewPending: state.reviewPending,
    },
  });
}

/**
 * Suspends a creator (a reason) or lifts it (null): their account row and, in the same transaction, every
 * listing of theirs (`owner_suspended`, so the public reads leave them out without a join).
 */
async function setSuspension(trx: Db, moderator: Member, userId: string, reason: string | null): Promise<void> {
  const target = await lockUser(trx, userId);
  requireMaySuspend(moderator, target);
  const suspend = reason !== null;
  if ((target.suspendedAt !== null) === suspend) throw nothingToChange();
  await trx
    .updateTable("users")
    .set({ suspendedAt: suspend ? new Date() : null, suspensionReason: reason })
    .where("id", "=", userId)
    .execute();
  // Their listings locked in id order first (a new one cannot come: its insert waits for the creator's row).
  await lockListings(trx, (eb) => eb("userId", "=", userId));
  await trx.updateTable("chatbots").set({ ownerSuspended: suspend }).where("userId", "=", userId).execute();
  await recordDecision(trx, { userId, chatbotId: null, kind: suspend ? "suspended" : "lifted", reason, moderator });
  await recordAudit(trx, {
    action: suspend ? "user.suspend" : "user.lift",
    moderator,
    target: { kind: "user", id: userId, label: target.nickname ?? target.email ?? "user" },
    before: { suspended: target.suspendedAt !== null, reason: target.suspensionReason },
    after: { suspended: suspend, reason },
  });
}
