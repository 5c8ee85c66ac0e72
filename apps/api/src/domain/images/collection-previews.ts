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
  const rows = await db
    .selectFrom("collectionItems as ci")
    .innerJoin("chatbots as c", "c.id", "ci.chatbotId")
    .select(sql<string>`COALESCE(NULLIF(c.thumbnail_key, ''), c.image_key)`.as("key"))
    .where("ci.collectionId", "=", collectionId)
    .where("c.nsfw", "=", false)
    .where("c.withheld", "=", false)
    .where(sql<boolean>`COALESCE(NULLIF(c.thumbnail_key, ''), c.image_key) ~ ${PUBLIC_PICTURE.source}`)
    .orderBy("ci.position")
    .limit(MOSAIC_PICTURES)
    .execute();
  return rows.map((row) => row.key);
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
