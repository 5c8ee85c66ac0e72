import type { Database } from "@gallery/db";
import { type Kysely, sql } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import { isMinor, maySeeWithheld, mayViewNsfw, type Viewer } from "../policy.js";
import { isCollectionPreviewInUse } from "./collection-previews.js";
import {
  blurredKeyOf,
  blurSourceKeys,
  isAvatarKey,
  isBlurredKey,
  isCollectionPreviewKey,
  isImageKey,
  isNsfwKey,
  isPreviewKey,
  listingImageKeys,
  userImageKeys,
} from "./keys.js";
import { listingsOfPreviews } from "./previews.js";

/**
 * The keys among these that a row (a listing's image or card variant, a user's avatar) still uses; a
 * blurred copy is used while its source is, a share preview while an SFW listing has its original and title.
 */
async function referencedKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const previews = keys.filter(isPreviewKey);
  const mosaics = keys.filter(isCollectionPreviewKey);
  const asked = [
    ...new Set(
      keys
        .filter((key) => !isPreviewKey(key) && !isCollectionPreviewKey(key))
        .flatMap((key) => (isBlurredKey(key) ? blurSourceKeys(key) : [key])),
    ),
  ];
  const usedBy = (query: Promise<Array<{ key: string | null }>>) => (asked.length > 0 ? query : Promise.resolve([]));
  const [chatbotImages, thumbnails, avatars, previewed] = await Promise.all([
    usedBy(db.selectFrom("chatbots").select("imageKey as key").where("imageKey", "in", asked).execute()),
    usedBy(db.selectFrom("chatbots").select("thumbnailKey as key").where("thumbnailKey", "in", asked).execute()),
    usedBy(db.selectFrom("users").select("avatarKey as key").where("avatarKey", "in", asked).execute()),
    listingsOfPreviews(db, previews),
  ]);
  const used = new Set([...chatbotImages, ...thumbnails, ...avatars, ...previewed].map((row) => row.key as string));
  for (const key of keys) {
    if (isBlurredKey(key) && blurSourceKeys(key).some((source) => used.has(source))) used.add(key);
  }
  // A collection's mosaic is used while it is its collection's current one (public, those first four pictures).
  for (const key of mosaics) if (await isCollectionPreviewInUse(db, key)) used.add(key);
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

/** Whether only NSFW listings, only withheld ones use a key (null: none does), and their creators. */
interface KeyUsage {
  nsfwOnly: boolean | null;
  withheldOnly: boolean | null;
  owners: string[] | null;
}

/** The listings using a listing image; a blurred copy is there for as long as a listing uses its source. */
async function listingUsage(db: Kysely<Database>, key: string): Promise<KeyUsage | undefined> {
  const sources = isBlurredKey(key) ? blurSourceKeys(key) : [key];
  const result = await sql<KeyUsage>`
    SELECT bool_and(nsfw) AS nsfw_only, bool_and(withheld) AS withheld_only, array_agg(DISTINCT user_id) AS owners
    FROM chatbots
    WHERE image_key = ANY(${sources}::text[]) OR thumbnail_key = ANY(${sources}::text[])`.execute(db);
  return result.rows[0];
}

/** The listings a share preview is for: SFW ones only (a preview is never of an NSFW listing). */
async function previewUsage(db: Kysely<Database>, key: string): Promise<KeyUsage> {
  const listings = await listingsOfPreviews(db, [key]);
  if (listings.length === 0) return { nsfwOnly: null, withheldOnly: null, owners: null };
  const owners = [...new Set(listings.map((listing) => listing.userId))];
  return { nsfwOnly: false, withheldOnly: listings.every((listing) => listing.withheld), owners };
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
  // A public collection's current mosaic is made of SFW pictures visitors see: public; any other is gone.
  if (isCollectionPreviewKey(key)) return (await isCollectionPreviewInUse(db, key)) ? { shared: true } : "missing";
  const usage = isPreviewKey(key) ? await previewUsage(db, key) : await listingUsage(db, key);
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
