import type { Database, UserRow } from "@gallery/db";
import { type AdminChatbot, type AdminStats, creatorDisplayName } from "@gallery/schema";
import { TRPCError } from "@trpc/server";
import { type Kysely, sql } from "kysely";
import type { IdentityProvider } from "../services/identity.js";
import { releaseImages } from "../services/images.js";
import type { ObjectStorage } from "../services/storage.js";
import { imageKeysOfUser, listChatbots } from "./chatbots.js";
import { toUser } from "./users.js";

interface AdminDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  identity: IdentityProvider;
}

export async function adminStats(db: Kysely<Database>): Promise<AdminStats> {
  const [users, chatbots] = await Promise.all([
    db
      .selectFrom("users")
      .select([
        sql<number>`count(*) FILTER (WHERE NOT is_approved)::int`.as("pending"),
        sql<number>`count(*) FILTER (WHERE is_approved)::int`.as("approved"),
        sql<number>`count(*)::int`.as("total"),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom("chatbots").select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    pendingUsers: users.pending,
    approvedUsers: users.approved,
    totalChatbots: chatbots.total,
    totalUsers: users.total,
  };
}

/** Pending (isApproved false) or approved users, newest first. */
export async function usersByApproval(db: Kysely<Database>, approved: boolean) {
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .where("isApproved", "=", approved)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toUser);
}

/** Every listing (SFW and NSFW), a page at a time, with the creator's display name and e-mail. */
export async function adminChatbots(
  db: Kysely<Database>,
  admin: UserRow,
  page: { limit: number; cursor?: string | undefined },
) {
  // The admin is the viewer, so NSFW listings and creators' e-mails are included.
  const result = await listChatbots(db, admin, { limit: page.limit, cursor: page.cursor });
  const items: AdminChatbot[] = result.items.map((chatbot) => ({
    ...chatbot,
    userName: creatorDisplayName(chatbot.user),
    userEmail: chatbot.user?.email ?? null,
  }));
  return { items, nextCursor: result.nextCursor };
}

async function findUser(db: Kysely<Database>, id: string) {
  const user = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "User not found" });
  return user;
}

export async function approveUser(db: Kysely<Database>, id: string) {
  await findUser(db, id);
  const row = await db
    .updateTable("users")
    .set({ isApproved: true, updatedAt: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Deletes a user with everything that is theirs. Order, so that a failure at any step leaves
 * nothing that matters half-done and the same call can simply be repeated:
 *  1. checks (not oneself, never a super admin; reject: only a pending user);
 *  2. the identity-provider account: idempotent, and done first so a deleted user cannot sign
 *     back in and silently get a fresh account if a later step fails;
 *  3. one transaction: their sessions and their row (listings go with it by ON DELETE CASCADE);
 *  4. after commit, their stored images (listing images and avatar) nothing else uses. A failure
 *     here only leaves unreferenced objects, which the orphan sweeper removes later.
 */
export async function deleteUser(deps: AdminDeps, actor: UserRow, id: string, options: { pendingOnly?: boolean } = {}) {
  const target = await findUser(deps.db, id);
  if (target.id === actor.id) throw new TRPCError({ code: "FORBIDDEN", message: "You cannot delete your own account" });
  if (target.isSuperAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "A super admin cannot be deleted" });
  if (options.pendingOnly && target.isApproved) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "This user is not waiting for approval" });
  }

  if (target.firebaseUid) await deps.identity.deleteUser(target.firebaseUid);

  const imageKeys = await deps.db.transaction().execute(async (trx) => {
    const keys = [...(await imageKeysOfUser(trx, id)), target.avatarKey];
    await trx.deleteFrom("session").where(sql<boolean>`sess::jsonb ->> 'userId' = ${id}`).execute();
    // Re-checked in the statement: a role granted meanwhile still protects the user.
    const deleted = await trx.deleteFrom("users").where("id", "=", id).where("isSuperAdmin", "=", false).execute();
    if (deleted[0]?.numDeletedRows === 0n) throw new TRPCError({ code: "NOT_FOUND", message: "User not found" });
    return keys;
  });

  await releaseImages(deps.db, deps.storage, imageKeys);
  return { success: true };
}

/** Grants or removes admin rights (super admins only); a super admin's rights are never changed here. */
export async function setAdmin(db: Kysely<Database>, id: string, isAdmin: boolean) {
  const target = await findUser(db, id);
  if (target.isSuperAdmin) {
    throw new TRPCError({ code: "FORBIDDEN", message: "A super admin's rights cannot be changed" });
  }
  const row = await db
    .updateTable("users")
    .set({ isAdmin, updatedAt: new Date() })
    .where("id", "=", id)
    .where("isSuperAdmin", "=", false)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}
