import type { Database } from "@gallery/db";
import { type Kysely, sql } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import { isMinor, maySeeWithheld, mayViewNsfw, type Viewer } from "../policy.js";
import {
  blurredKeyOf,
  blurSourceKeys,
  isAvatarKey,
  isBlurredKey,
  isImageKey,
  isNsfwKey,
  listingImageKeys,
  userImageKeys,
} from "./keys.js";

/**
 * The keys among these that a row (a listing's image or card variant, a user's avatar) still uses; a
 * blurred copy is used while its source is.
 */
async function referencedKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const asked = [...new Set(keys.flatMap((key) => (isBlurredKey(key) ? blurSourceKeys(key) : [key])))];
  const [chatbotImages, thumbnails, avatars] = await Promise.all([
    db.selectFrom("chatbots").select("imageKey as key").where("imageKey", "in", asked).execute(),
    db.selectFrom("chatbots").select("thumbnailKey as key").where("thumbnailKey", "in", asked).execute(),
    db.selectFrom("users").select("avatarKey as key").where("avatarKey", "in", asked).execute(),
  ]);
  const used = new Set([...chatbotImages, ...thumbnails, ...avatars].map((row) => row.key as string));
  for (const key of keys) {
    if (isBlurredKey(key) && blurSourceKeys(key).some((source) => used.has(source))) used.add(key);
  }
  return used;
}

/** Whether any row refers to this key. */
export async function isReferenced(db: Kysely<Database>, key: string): Promise<boolean> {
  return (await referencedKeys(db, [key])).has(key);
}

/**
 * Removes stored objects that no row refers to any more. Keys are shared when two uploads
 * have the same bytes, so a key is only deleted once nothing uses it.
 */
export async function releaseImages(
  db: Kysely<Database>,
  storage: ObjectStorage,
  keys: Array<string | null | undefined>,
): Promise<void> {
  const given = keys.filter((key): key is string => Boolean(key));
  // A released image's blurred copy (if one was made) goes with it.
  const blurred = given.flatMap((key) => (isNsfwKey(key) ? (blurredKeyOf(key) ?? []) : []));
  const candidates = [...new Set([...given, ...blurred])];
  if (candidates.length === 0) return;
  const used = await referencedKeys(db, candidates);
  const unused = candidates.filter((key) => !used.has(key));
  if (unused.length > 0) await storage.remove(unused);
}

/**
 * Who may see a stored image: `missing` (not a key of ours, or no listing uses it: 404), `hidden` (the viewer
 * may not see NSFW images: 401), else visible, `shared` when the same for everyone (public cache headers).
 * A key in the NSFW namespace is never shared; a public key is hidden too while only NSFW listings use it
 * (rows the repair has not moved yet), and one only withheld listings use is for their creator and moderators.
 * Avatars are public. The viewer is loaded lazily, only when it matters.
 */
export type ImageAccess = "missing" | "hidden" | { shared: boolean };

export async function imageAccess(
  db: Kysely<Database>,
  key: string,
  viewer: () => Promise<Viewer>,
): Promise<ImageAccess> {
  if (!isImageKey(key)) return "missing";
  if (isAvatarKey(key)) return { shared: true };
  // A blurred copy is there for as long as a listing uses its source.
  const sources = isBlurredKey(key) ? blurSourceKeys(key) : [key];
  const usage = await sql<{ nsfwOnly: boolean | null; withheldOnly: boolean | null; owners: string[] | null }>`
    SELECT bool_and(nsfw) AS nsfw_only, bool_and(withheld) AS withheld_only, array_agg(DISTINCT user_id) AS owners
    FROM chatbots
    WHERE image_key = ANY(${sources}::text[]) OR thumbnail_key = ANY(${sources}::text[])`
    .execute(db)
    .then((result) => result.rows[0]);
  if (!usage || usage.nsfwOnly === null) return "missing";
  // Only listings withheld by moderation use it: their creator and moderators only, never a shared copy.
  if (usage.withheldOnly) {
    const asking = await viewer();
    return (usage.owners ?? []).some((owner) => maySeeWithheld(asking, owner)) ? { shared: false } : "hidden";
  }
  if (!usage.nsfwOnly && !isNsfwKey(key)) return { shared: true };
  const asking = await viewer();
  return mayViewNsfw(asking) && !isMinor(asking) ? { shared: false } : "hidden";
}

/** Every key a user's rows use: their listings' images and their avatar (released after the user is deleted). */
export async function imageKeysOfUser(db: Kysely<Database>, userId: string): Promise<Array<string | null>> {
  const [listings, user] = await Promise.all([
    db.selectFrom("chatbots").select(["imageKey", "thumbnailKey"]).where("userId", "=", userId).execute(),
    db.selectFrom("users").select("avatarKey").where("id", "=", userId).executeTakeFirst(),
  ]);
  return [...listings.flatMap(listingImageKeys), ...(user ? userImageKeys(user) : [])];
}
