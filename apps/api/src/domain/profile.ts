import type { Database, UserRow } from "@gallery/db";
import type { SocialLinks, User } from "@gallery/schema";
import { TRPCError } from "@trpc/server";
import type { Kysely } from "kysely";
import { InvalidImageError, releaseImages, storeAvatar } from "../services/images.js";
import type { ObjectStorage } from "../services/storage.js";
import type { UploadedFile } from "../trpc/upload.js";
import { toUser } from "./users.js";

const UNIQUE_VIOLATION = "23505";

/**
 * A profile as another person sees it: no date of birth or agreements, and the e-mail only for
 * signed-in members (as in listings). A pending user's profile is not public until approved.
 */
export async function publicProfile(db: Kysely<Database>, viewer: UserRow | null, userId: string): Promise<User> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  const isSelf = viewer?.id === userId;
  const isModerator = Boolean(viewer && (viewer.isAdmin || viewer.isSuperAdmin));
  if (!row || (!row.isApproved && !isSelf && !isModerator)) {
    throw new TRPCError({ code: "NOT_FOUND", message: "User not found" });
  }
  const user = toUser(row);
  if (isSelf) return user;
  return {
    ...user,
    email: viewer ? user.email : null,
    dateOfBirth: null,
    termsAccepted: false,
    privacyAccepted: false,
    ageVerified: false,
  };
}

async function update(db: Kysely<Database>, userId: string, changes: Partial<UserRow>) {
  const row = await db
    .updateTable("users")
    .set({ ...changes, updatedAt: new Date() })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export async function updateNickname(db: Kysely<Database>, userId: string, nickname: string) {
  try {
    return toUser(await update(db, userId, { nickname }));
  } catch (error) {
    // Nicknames are unique regardless of case (a unique index on lower(nickname)).
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new TRPCError({ code: "CONFLICT", message: "This nickname is already taken" });
    }
    throw error;
  }
}

export async function updateAbout(db: Kysely<Database>, userId: string, about: string) {
  return toUser(await update(db, userId, { about: about.trim() === "" ? null : about }));
}

/** Every link is replaced: an empty or missing one is removed. */
export async function updateSocialLinks(db: Kysely<Database>, userId: string, links: SocialLinks) {
  const value = (url: string | undefined) => (url ? url : null);
  return toUser(
    await update(db, userId, {
      instagramUrl: value(links.instagramUrl),
      blueskyUrl: value(links.blueskyUrl),
      facebookUrl: value(links.facebookUrl),
      twitterUrl: value(links.twitterUrl),
      kofiUrl: value(links.kofiUrl),
      patreonUrl: value(links.patreonUrl),
    }),
  );
}

/** Stores the re-encoded avatar, points the user at it, then releases the previous one. */
export async function updateAvatar(
  deps: { db: Kysely<Database>; storage: ObjectStorage },
  user: UserRow,
  file: UploadedFile,
) {
  let stored: Awaited<ReturnType<typeof storeAvatar>>;
  try {
    stored = await storeAvatar(deps.storage, file.buffer);
  } catch (error) {
    if (error instanceof InvalidImageError) throw new TRPCError({ code: "BAD_REQUEST", message: error.message });
    throw error;
  }
  let row: UserRow;
  try {
    row = await update(deps.db, user.id, { avatarUrl: stored.url, avatarKey: stored.key });
  } catch (error) {
    await releaseImages(deps.db, deps.storage, [stored.key]).catch(() => {});
    throw error;
  }
  if (user.avatarKey && user.avatarKey !== stored.key) await releaseImages(deps.db, deps.storage, [user.avatarKey]);
  return toUser(row);
}
