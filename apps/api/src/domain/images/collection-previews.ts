import type { Database } from "@gallery/db";
import { type Kysely, sql } from "kysely";
import sharp from "sharp";
import type { ObjectStorage } from "../../services/storage.js";
import { mayViewProfile } from "../policy.js";
import { collectionOfPreviewKey, collectionPreviewKeyOf, imageUrl } from "./keys.js";
import { PREVIEW_CONTENT_TYPE, PREVIEW_SIZE } from "./preview-design.js";
import { readAll } from "./variants.js";

// A public collection's share preview (keys.ts `collectionPreviewKeyOf`): a mosaic of the pictures of its first four
// listings a visitor may see (SFW, not withheld) with a public picture, side by side. Only a public collection whose
// owner a visitor may see has one; its key changes when those four change, so a stored mosaic is never stale.

/** How many pictures the mosaic shows. */
export const MOSAIC_PICTURES = 4;

/** A stored public listing picture: the card variant, else the original (never the NSFW namespace). */
const PUBLIC_PICTURE = /^(chatbots|thumbnails)\/[a-f0-9]{64}\.webp$/;

/**
 * The keys of the pictures a public collection's mosaic is made of (its first four SFW, visible listings with a
 * public picture, in hand order), or null when the collection is not one a visitor may open.
 */
export async function collectionPreviewPictures(db: Kysely<Database>, collectionId: string): Promise<string[] | null> {
  const owner = await db
    .selectFrom("collections as k")
    .innerJoin("users as u", "u.id", "k.userId")
    .select(["u.id", "u.isApproved", "u.suspendedAt"])
    .where("k.id", "=", collectionId)
    .where("k.isPublic", "=", true)
    .executeTakeFirst();
  if (!owner || !mayViewProfile(null, owner)) return null;
  const rows = await mosaicItems(db)
    .where("ci.collectionId", "=", collectionId)
    .orderBy("ci.position")
    .limit(MOSAIC_PICTURES)
    .execute();
  return rows.map((row) => row.key);
}

const PICTURE_KEY = sql<string>`COALESCE(NULLIF(c.thumbnail_key, ''), c.image_key)`;

/** Items a mosaic may show (SFW, not withheld, a public picture), with their picture's key. */
const mosaicItems = (db: Kysely<Database>) =>
  db
    .selectFrom("collectionItems as ci")
    .innerJoin("chatbots as c", "c.id", "ci.chatbotId")
    .select(PICTURE_KEY.as("key"))
    .where("c.nsfw", "=", false)
    .where("c.withheld", "=", false)
    .where(sql<boolean>`${PICTURE_KEY} ~ ${PUBLIC_PICTURE.source}`);

/**
 * The mosaics' addresses of several collections at once (a profile's list of collections): for each public one whose
 * owner a visitor may see and that has a picture to show, its current mosaic's path; the others have none. One query.
 */
export async function collectionPreviewUrls(
  db: Kysely<Database>,
  collections: Array<{
    id: string;
    isPublic: boolean;
    owner: { id: string; isApproved: boolean; suspendedAt: Date | null };
  }>,
): Promise<Map<string, string>> {
  const ids = collections
    .filter((collection) => collection.isPublic && mayViewProfile(null, collection.owner))
    .map((collection) => collection.id);
  const urls = new Map<string, string>();
  if (ids.length === 0) return urls;
  const ranked = mosaicItems(db)
    .select([
      "ci.collectionId",
      "ci.position",
      sql<number>`row_number() OVER (PARTITION BY ci.collection_id ORDER BY ci.position)`.as("n"),
    ])
    .where("ci.collectionId", "in", ids);
  const rows = await db
    .selectFrom(ranked.as("r"))
    .select(["r.collectionId", sql<string[]>`array_agg(r.key ORDER BY r.position)`.as("keys")])
    .where("r.n", "<=", MOSAIC_PICTURES)
    .groupBy("r.collectionId")
    .execute();
  for (const row of rows) {
    const key = collectionPreviewKeyOf(row.collectionId, row.keys);
    if (key) urls.set(row.collectionId, imageUrl(key));
  }
  return urls;
}

/** The mosaic's current key of a collection, if it has one. */
async function currentKey(db: Kysely<Database>, collectionId: string): Promise<string | undefined> {
  const pictures = await collectionPreviewPictures(db, collectionId);
  return pictures ? collectionPreviewKeyOf(collectionId, pictures) : undefined;
}

/** The share preview of a collection page's head (its path and format), or null (the neutral image then). */
export async function collectionSharePreview(db: Kysely<Database>, collectionId: string) {
  const key = await currentKey(db, collectionId);
  return key ? { path: imageUrl(key), ...PREVIEW_SIZE, type: PREVIEW_CONTENT_TYPE } : null;
}

/** Whether a mosaic's key is its collection's current one (public, those first four): used, and public. */
export async function isCollectionPreviewInUse(db: Kysely<Database>, key: string): Promise<boolean> {
  const collectionId = collectionOfPreviewKey(key);
  return collectionId !== undefined && (await currentKey(db, collectionId)) === key;
}

/**
 * The mosaic: the pictures side by side in equal columns across 1200x630, each filling its column (cropped at the
 * sides, kept to its upper part where a portrait's face usually is), a JPEG.
 */
export async function renderMosaic(pictures: Buffer[]): Promise<Buffer> {
  const { width, height } = PREVIEW_SIZE;
  const columns = pictures.length;
  const edges = Array.from({ length: columns + 1 }, (_, i) => Math.round((i * width) / columns));
  const cells = await Promise.all(
    pictures.map((picture, i) =>
      sharp(picture)
        .resize(edges[i + 1]! - edges[i]!, height, { fit: "cover", position: "top" })
        .removeAlpha()
        .png({ compressionLevel: 0 })
        .toBuffer(),
    ),
  );
  return sharp({ create: { width, height, channels: 3, background: "#4d1d95" } })
    .composite(cells.map((input, i) => ({ input, left: edges[i]!, top: 0 })))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Makes and stores the mosaic named by this key when it is its collection's current one; false when it is not (or
 * a picture is not stored). Called by GET /images/* on the first request for it (two at once write the same bytes).
 */
export async function storeCollectionPreview(
  db: Kysely<Database>,
  storage: ObjectStorage,
  key: string,
): Promise<boolean> {
  const collectionId = collectionOfPreviewKey(key);
  const pictures = collectionId ? await collectionPreviewPictures(db, collectionId) : null;
  if (!collectionId || !pictures || collectionPreviewKeyOf(collectionId, pictures) !== key) return false;
  const objects = await Promise.all(pictures.map((picture) => storage.get(picture)));
  if (objects.some((object) => !object)) return false;
  const bytes = await Promise.all(objects.map((object) => readAll(object!.stream)));
  await storage.put(key, await renderMosaic(bytes), PREVIEW_CONTENT_TYPE);
  return true;
}
