import { type AdminChatbot, type AdminStats, type AdminUser, creatorDisplayName, type User } from "@gallery/schema";
import { sql } from "kysely";
import { recordAudit } from "../audit/record.js";
import type { Db, Deps } from "../deps.js";
import { InvalidError, NotFoundError } from "../errors.js";
import { imageKeysOfUser, releaseImages } from "../images/references.js";
import { listingPage } from "../listings/queries.js";
import { lockListings } from "../listings/row-locks.js";
import { openReportTargets } from "../moderation/queue.js";
import { type Page, type PageInput, timestampKeysetPage } from "../paging.js";
import {
  ignoringSafetySettings,
  requireMayChangeAdminRights,
  requireMayDeleteUser,
  requireModerator,
  requireSuperAdmin,
  userActions,
  type Viewer,
} from "../policy.js";
import { lockUser, USER_NOT_FOUND } from "../users/profile.js";
import { toUser } from "../users/to-user.js";

/** Moderation (spec section 6): admins and super admins; rights for super admins only. */

export async function adminStats(deps: Deps, viewer: Viewer): Promise<AdminStats> {
  requireModerator(viewer);
  const [users, chatbots, openReports] = await Promise.all([
    deps.db
      .selectFrom("users")
      .select([
        sql<number>`count(*) FILTER (WHERE NOT is_approved)::int`.as("pending"),
        sql<number>`count(*) FILTER (WHERE is_approved)::int`.as("approved"),
        sql<number>`count(*)::int`.as("total"),
      ])
      .executeTakeFirstOrThrow(),
    deps.db.selectFrom("chatbots").select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
    openReportTargets(deps.db),
  ]);
  return {
    pendingUsers: users.pending,
    approvedUsers: users.approved,
    totalChatbots: chatbots.total,
    totalUsers: users.total,
    openReports,
  };
}

/** The users of one approval state, newest first, a page at a time (keyset), each with what the viewer may do to them. */
async function usersByApproval(db: Db, viewer: Viewer, approved: boolean, input: PageInput): Promise<Page<AdminUser>> {
  const query = db
    .selectFrom("users")
    .selectAll()
    .select(sql<string>`created_at::text`.as("cursorCreatedAt"))
    .where("isApproved", "=", approved);
  return timestampKeysetPage(
    query,
    { at: "created_at", id: "id", direction: "desc", cursorAt: (row) => row.cursorCreatedAt },
    input,
    ({ cursorCreatedAt: _, ...row }) => ({ ...toUser(row), actions: userActions(viewer, row) }),
  );
}

/** Users waiting for approval, newest first. */
export function listPendingUsers(deps: Deps, viewer: Viewer, input: PageInput): Promise<Page<AdminUser>> {
  requireModerator(viewer);
  return usersByApproval(deps.db, viewer, false, input);
}

/** Approved users, newest first. */
export function listApprovedUsers(deps: Deps, viewer: Viewer, input: PageInput): Promise<Page<AdminUser>> {
  requireModerator(viewer);
  return usersByApproval(deps.db, viewer, true, input);
}

/** Every listing (SFW and NSFW), a page at a time, with the creator's display name and e-mail. */
export async function listAllListings(deps: Deps, viewer: Viewer, input: PageInput): Promise<Page<AdminChatbot>> {
  // The moderator is the viewer, so NSFW listings and creators' e-mails are included; their own safety
  // settings hide and blur nothing here.
  const moderator = ignoringSafetySettings(requireModerator(viewer));
  const result = await listingPage(deps.db, moderator, {
    limit: input.limit,
    cursor: input.cursor,
    includeWithheld: true,
  });
  const items: AdminChatbot[] = result.items.map((chatbot) => ({
    ...chatbot,
    userName: creatorDisplayName(chatbot.user),
    userEmail: chatbot.user?.email ?? null,
  }));
  return { items, nextCursor: result.nextCursor };
}

async function findUser(db: Db, id: string) {
  const user = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  return user;
}

export async function approveUser(deps: Deps, viewer: Viewer, input: { id: string }): Promise<User> {
  const moderator = requireModerator(viewer);
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockUser(trx, input.id);
    const row = await trx
      .updateTable("users")
      .set({ isApproved: true, updatedAt: new Date() })
      .where("id", "=", input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: "user.approve",
      moderator,
      target: userTarget(row),
      before: { isApproved: before.isApproved },
      after: { isApproved: true },
    });
    return toUser(row);
  });
}

/** A user as the audit log names them: their id and the name they have now. */
const userTarget = (row: Parameters<typeof creatorDisplayName>[0] & { id: string }) => ({
  kind: "user" as const,
  id: row.id,
  label: creatorDisplayName(row),
});

/**
 * Deletes a user with everything that is theirs. Order, so that a failure at any step leaves
 * nothing that matters half-done and the same call can simply be repeated:
 *  1. checks (not oneself, never a super admin; reject: only a pending user);
 *  2. the identity-provider account: idempotent, and done first so a deleted user cannot sign
 *     back in and silently get a fresh account if a later step fails;
 *  3. one transaction: their sessions and their row (listings go with it by ON DELETE CASCADE),
 *     the row locked first so writes for the user racing the deletion cannot slip in between, then the
 *     listings the delete writes (theirs, and those they saved) in id order;
 *  4. after commit, their stored images (listing images and avatar) nothing else uses. A failure
 *     here only leaves unreferenced objects, which the orphan sweeper removes later.
 */
export async function deleteUser(
  deps: Deps,
  viewer: Viewer,
  input: { id: string },
  options: { pendingOnly?: boolean } = {},
): Promise<{ success: true }> {
  const moderator = requireModerator(viewer);
  const target = await findUser(deps.db, input.id);
  requireMayDeleteUser(viewer, target);
  if (options.pendingOnly && target.isApproved) throw new InvalidError("This user is not waiting for approval");

  if (target.firebaseUid) await deps.identity.deleteUser(target.firebaseUid);

  const imageKeys = await deps.db.transaction().execute(async (trx) => {
    // Locks the row first: a listing or avatar being written for the user meanwhile is either already
    // committed (and its keys are read below) or waits, then finds the user gone (401), so no image of
    // theirs is left behind.
    await trx.selectFrom("users").select("id").where("id", "=", target.id).forUpdate().execute();
    // The delete cascades to their listings and takes the saved count of every listing they saved: those
    // rows are locked in id order first, in one go.
    await lockListings(trx, (eb) =>
      eb.or([
        eb("userId", "=", target.id),
        eb("id", "in", eb.selectFrom("favorites").select("chatbotId").where("favorites.userId", "=", target.id)),
      ]),
    );
    const keys = await imageKeysOfUser(trx, target.id);
    await trx.deleteFrom("session").where(sql<boolean>`sess::jsonb ->> 'userId' = ${target.id}`).execute();
    // Re-checked in the statement: a role granted meanwhile still protects the user.
    const deleted = await trx
      .deleteFrom("users")
      .where("id", "=", target.id)
      .where("isSuperAdmin", "=", false)
      .execute();
    if (deleted[0]?.numDeletedRows === 0n) throw new NotFoundError(USER_NOT_FOUND);
    // The name as it was: the entry outlives the account.
    await recordAudit(trx, {
      action: options.pendingOnly ? "user.reject" : "user.delete",
      moderator,
      target: userTarget(target),
      before: { email: target.email, isApproved: target.isApproved, isAdmin: target.isAdmin },
      after: null,
    });
    return keys;
  });

  await releaseImages(deps.db, deps.storage, imageKeys);
  return { success: true };
}

/** Rejecting is deleting a user who is still waiting for approval. */
export function rejectUser(deps: Deps, viewer: Viewer, input: { id: string }): Promise<{ success: true }> {
  return deleteUser(deps, viewer, input, { pendingOnly: true });
}

/** Grants or removes admin rights (super admins only); a super admin's rights are never changed here. */
async function setAdmin(deps: Deps, viewer: Viewer, id: string, isAdmin: boolean): Promise<User> {
  const superAdmin = requireSuperAdmin(viewer);
  requireMayChangeAdminRights(viewer, await findUser(deps.db, id));
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockUser(trx, id);
    const row = await trx
      .updateTable("users")
      .set({ isAdmin, updatedAt: new Date() })
      .where("id", "=", id)
      .where("isSuperAdmin", "=", false)
      .returningAll()
      .executeTakeFirst();
    // Made super admin meanwhile.
    if (!row) throw new NotFoundError(USER_NOT_FOUND);
    await recordAudit(trx, {
      action: isAdmin ? "user.makeAdmin" : "user.removeAdmin",
      moderator: superAdmin,
      target: userTarget(row),
      before: { isAdmin: before.isAdmin },
      after: { isAdmin },
    });
    return toUser(row);
  });
}

export function makeAdmin(deps: Deps, viewer: Viewer, input: { id: string }): Promise<User> {
  return setAdmin(deps, viewer, input.id, true);
}

export function removeAdmin(deps: Deps, viewer: Viewer, input: { id: string }): Promise<User> {
  return setAdmin(deps, viewer, input.id, false);
}
