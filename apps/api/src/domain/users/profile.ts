import type { UserRow } from "@gallery/db";
import type { Profile, SocialLinks, User } from "@gallery/schema";
import { brokeConstraint, type Db, type Deps } from "../deps.js";
import { ConflictError, InvalidError, NotFoundError, UnauthorizedError } from "../errors.js";
import { userImageKeys } from "../images/keys.js";
import { releaseImages } from "../images/references.js";
import { storeAvatar } from "../images/variants.js";
import { mayViewPrivateProfile, mayViewProfile, requireMember, type Viewer } from "../policy.js";
import type { Upload } from "../upload.js";
import { toPublicProfile, toUser } from "./to-user.js";

export const USER_NOT_FOUND = "User not found";

/** A user's row if the viewer may see their profile; NOT_FOUND otherwise (a pending user is not public). */
export async function findVisibleProfile(db: Db, viewer: Viewer, userId: string): Promise<UserRow> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!row || !mayViewProfile(viewer, row)) throw new NotFoundError(USER_NOT_FOUND);
  return row;
}

/**
 * A user's row, locked until the caller's transaction ends, so writers of their row (a decision, a role, a
 * suspension) queue behind it; an unknown id is NOT_FOUND.
 */
export async function lockUser(trx: Db, id: string): Promise<UserRow> {
  const row = await trx.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  return row;
}

/** A profile: whole for its owner and moderators, the public fields for everyone else (viewer policy). */
export async function readProfile(deps: Deps, viewer: Viewer, input: { userId: string }): Promise<Profile> {
  const row = await findVisibleProfile(deps.db, viewer, input.userId);
  return mayViewPrivateProfile(viewer, row) ? toUser(row) : toPublicProfile(row, viewer);
}
/** Members may be its owner or a moderator, or see e-mails: only the visitors' answer is shared. */

/**
 * Changes the viewer's own row; a viewer deleted meanwhile is no longer signed in (401). Also answers the
 * avatar the row had just before (locked and read in the same statement), which a new avatar replaces.
 */
async function updateOwn(deps: Deps, viewer: Viewer, changes: Partial<UserRow>) {
  const member = requireMember(viewer);
  const result = await deps.db
    .with("previous", (db) =>
      db.selectFrom("users").select(["id", "avatarKey"]).where("id", "=", member.id).forUpdate(),
    )
    .updateTable("users")
    .from("previous")
    .set({ ...changes, updatedAt: new Date() })
    .whereRef("users.id", "=", "previous.id")
    .returningAll("users")
    .returning("previous.avatarKey as previousAvatarKey")
    .executeTakeFirst();
  if (!result) throw new UnauthorizedError();
  const { previousAvatarKey, ...row } = result;
  return Object.assign(row as UserRow, { previousAvatarKey });
}

export async function updateNickname(deps: Deps, viewer: Viewer, input: { nickname: string }): Promise<User> {
  try {
    return toUser(await updateOwn(deps, viewer, { nickname: input.nickname }));
  } catch (error) {
    // Nicknames are unique regardless of case (a unique index on lower(nickname)).
    if (brokeConstraint(error, "unique")) {
      throw new ConflictError("This nickname is already taken");
    }
    throw error;
  }
}

/** Whether signed-in members see the caller's e-mail (on by default). */
export async function updateEmailVisibility(deps: Deps, viewer: Viewer, input: { showEmail: boolean }): Promise<User> {
  return toUser(await updateOwn(deps, viewer, { showEmail: input.showEmail }));
}

export async function updateAbout(deps: Deps, viewer: Viewer, input: { about: string }): Promise<User> {
  return toUser(await updateOwn(deps, viewer, { about: input.about.trim() === "" ? null : input.about }));
}

/** Every link is replaced: an empty or missing one is removed. */
export async function updateSocialLinks(deps: Deps, viewer: Viewer, links: SocialLinks): Promise<User> {
  const value = (url: string | undefined) => (url ? url : null);
  return toUser(
    await updateOwn(deps, viewer, {
      instagramUrl: value(links.instagramUrl),
      blueskyUrl: value(links.blueskyUrl),
      facebookUrl: value(links.facebookUrl),
      twitterUrl: value(links.twitterUrl),
      kofiUrl: value(links.kofiUrl),
      patreonUrl: value(links.patreonUrl),
    }),
  );
}

/** Stores the re-encoded avatar, points the viewer at it, then releases the previous one. */
export async function updateAvatar(deps: Deps, viewer: Viewer, input: { avatar: Upload | undefined }): Promise<User> {
  const member = requireMember(viewer);
  if (!input.avatar) throw new InvalidError("Please select a JPEG, PNG, or WebP image.");
  const stored = await storeAvatar(deps.storage, input.avatar.bytes);
  let row: Awaited<ReturnType<typeof updateOwn>>;
  try {
    row = await updateOwn(deps, member, { avatarUrl: stored.url, avatarKey: stored.key });
  } catch (error) {
    await releaseImages(deps.db, deps.storage, [stored.key]).catch(() => {});
    throw error;
  }
  if (row.previousAvatarKey !== stored.key) {
    await releaseImages(deps.db, deps.storage, userImageKeys({ avatarKey: row.previousAvatarKey }));
  }
  return toUser(row);
}
