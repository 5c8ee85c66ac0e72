import { createHash } from "node:crypto";
import type { ChatbotRow, UserRow } from "@gallery/db";

/**
 * The stored image keys: `<folder>/<sha256 of the bytes>.webp`. Content-addressed, so the same bytes
 * always get the same key and objects are never overwritten with other content.
 *
 * NSFW listings' images live under their own namespace, `<folder>/nsfw-<sha256>.webp`, which GET /images/*
 * never serves publicly: bytes under it were never in a shared cache (CDN, proxy). A listing whose rating
 * changes moves its images to the other namespace (`rating-keys.ts`). Avatars are always public.
 */
export const IMAGE_FOLDERS = ["chatbots", "thumbnails", "avatars"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];
type ListingFolder = Exclude<ImageFolder, "avatars">;

const NSFW_PREFIX = "nsfw-";
const LISTING_KEY = /^(chatbots|thumbnails)\/(nsfw-)?([a-f0-9]{64})\.webp$/;
const AVATAR_KEY = /^avatars\/([a-f0-9]{64})\.webp$/;

/**
 * A blurred copy of an NSFW listing's card image, for members whose NSFW display is Blur: always in the NSFW
 * namespace, named by its source's content hash (`blurred/nsfw-<sha256 of the source>.webp`), made from the
 * card variant (else the original) on first request and stored (variants.ts `storeBlurred`). It lives as long
 * as a listing uses its source (references.ts), and the orphan sweep removes it after.
 */
export const BLURRED_FOLDER = "blurred";
const BLURRED_KEY = /^blurred\/nsfw-([a-f0-9]{64})\.webp$/;

/**
 * A listing's share preview (og:image, twitter:image): its picture on the brand background with its title, a
 * 1200x630 JPEG. Made only from a public original (`chatbots/<sha256>.webp`, never the NSFW namespace), named by
 * that original's content hash and a hash of the title (and of the design, `PREVIEW_DESIGN`), so a new picture or
 * title is a new key; made on first request and stored (previews.ts `storePreview`). A listing uses it while it is
 * SFW with that original and title (references.ts); the orphan sweep removes it after.
 */
export const PREVIEWS_FOLDER = "previews";
const PREVIEW_KEY = /^previews\/([a-f0-9]{64})-([a-f0-9]{16})\.jpg$/;
/** Bumped when the preview's look changes, so stored previews of the old look are not served again. */
const PREVIEW_DESIGN = "1";

/**
 * A public collection's share preview (issue 38 §2): a 1200x630 JPEG mosaic of the pictures of its first four SFW
 * listings, named by the collection and a hash of those pictures' keys (and of the design, `MOSAIC_DESIGN`), so a
 * change of its first four is a new key; made on first request and stored (collection-previews.ts). A collection
 * uses it while it is public and those are its first four SFW pictures; the orphan sweep removes it after.
 */
export const MOSAICS_FOLDER = "mosaics";
const MOSAIC_KEY = /^mosaics\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([a-f0-9]{16})\.jpg$/;
/** Bumped when the mosaic's look changes. */
const MOSAIC_DESIGN = "1";

export const isCollectionPreviewKey = (key: string): boolean => MOSAIC_KEY.test(key);

/** The mosaic's key of a collection whose first SFW pictures are these keys (in order); undefined for none. */
export function collectionPreviewKeyOf(collectionId: string, pictureKeys: string[]): string | undefined {
  if (pictureKeys.length === 0) return undefined;
  const hash = createHash("sha256")
    .update([MOSAIC_DESIGN, ...pictureKeys].join("\n"))
    .digest("hex")
    .slice(0, 16);
  return `${MOSAICS_FOLDER}/${collectionId}-${hash}.jpg`;
}

/** The collection a mosaic's key names, else undefined. */
export const collectionOfPreviewKey = (key: string): string | undefined => MOSAIC_KEY.exec(key)?.[1];

/** Whether a text is a key this app makes (anything else is never read from storage). */
export const isImageKey = (key: string): boolean =>
  LISTING_KEY.test(key) ||
  AVATAR_KEY.test(key) ||
  isBlurredKey(key) ||
  isPreviewKey(key) ||
  isCollectionPreviewKey(key);

export const isPreviewKey = (key: string): boolean => PREVIEW_KEY.test(key);

const titleHash = (title: string) =>
  createHash("sha256").update(`${PREVIEW_DESIGN}\n${title}`).digest("hex").slice(0, 16);

/** The share preview's key of a listing with this original and title; undefined for an NSFW-namespace original. */
export function previewKeyOf(originalKey: string, title: string): string | undefined {
  const match = LISTING_KEY.exec(originalKey);
  if (match?.[1] !== "chatbots" || match[2]) return undefined;
  return `${PREVIEWS_FOLDER}/${match[3]}-${titleHash(title)}.jpg`;
}

/** The original a share preview is made from (a public key), else undefined. */
export function previewSourceKey(previewKey: string): string | undefined {
  const hash = PREVIEW_KEY.exec(previewKey)?.[1];
  return hash && listingKey("chatbots", hash, false);
}

export const isBlurredKey = (key: string): boolean => BLURRED_KEY.test(key);

/** The blurred copy's key of a listing image (its card variant or original), else undefined. */
export function blurredKeyOf(key: string): string | undefined {
  const hash = LISTING_KEY.exec(key)?.[3];
  return hash && `${BLURRED_FOLDER}/${NSFW_PREFIX}${hash}.webp`;
}

/** The keys a blurred copy may be made from, best first: the card variant, then the original, either namespace. */
export function blurSourceKeys(blurredKey: string): string[] {
  const hash = BLURRED_KEY.exec(blurredKey)?.[1];
  if (!hash) return [];
  return (["thumbnails", "chatbots"] as const).flatMap((folder) => [
    listingKey(folder, hash, true),
    listingKey(folder, hash, false),
  ]);
}

/** The same in SQL: the blurred copy's URL of a listing row (`c`), from its card variant, else its original. */
export const BLURRED_URL_SQL = `'/images/${BLURRED_FOLDER}/${NSFW_PREFIX}' || substring(COALESCE(NULLIF(c.thumbnail_key, ''), c.image_key) from '([a-f0-9]{64})\\.webp$') || '.webp'`;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The key of these (re-encoded WebP) bytes in a folder; listing images of an NSFW listing in its namespace. */
export function imageKey(folder: ImageFolder, bytes: Buffer, rating: { nsfw?: boolean } = {}): string {
  return folder === "avatars" ? `avatars/${sha256(bytes)}.webp` : listingKey(folder, sha256(bytes), rating.nsfw);
}

const listingKey = (folder: ListingFolder, hash: string, nsfw = false) =>
  `${folder}/${nsfw ? NSFW_PREFIX : ""}${hash}.webp`;

/** Public URL of a stored object; images are served by the api from object storage (GET /images/*). */
export const imageUrl = (key: string): string => `/images/${key}`;

/** Avatars are public; listing images follow their listings' visibility. */
export const isAvatarKey = (key: string): boolean => key.startsWith("avatars/");

/** A key in the NSFW namespace: never served to visitors, never with shared cache headers. */
export const isNsfwKey = (key: string): boolean => LISTING_KEY.exec(key)?.[2] === NSFW_PREFIX || isBlurredKey(key);

/** The same content's key in the namespace a listing of this rating uses (anything else unchanged). */
export function keyForRating(key: string, nsfw: boolean): string {
  const match = LISTING_KEY.exec(key);
  return match ? listingKey(match[1] as ListingFolder, match[3]!, nsfw) : key;
}

/** The content hash a key names: a strong validator (ETag) for its bytes. */
export const contentHash = (key: string): string | undefined =>
  (LISTING_KEY.exec(key) ?? AVATAR_KEY.exec(key))?.at(-1) ??
  BLURRED_KEY.exec(key)?.[1] ??
  PREVIEW_KEY.exec(key)?.slice(1).join("-") ??
  MOSAIC_KEY.exec(key)?.slice(1).join("-");

/** A card-size variant travels with its image (counted once by the maintenance tools). */
export const isVariantKey = (key: string): boolean => key.startsWith("thumbnails/");

/** The keys a listing row uses (its original and card variant). */
export const listingImageKeys = (row: Pick<ChatbotRow, "imageKey" | "thumbnailKey">) => [
  row.imageKey,
  row.thumbnailKey,
];

/** The keys a user row uses (the avatar). */
export const userImageKeys = (row: Pick<UserRow, "avatarKey">) => [row.avatarKey];
