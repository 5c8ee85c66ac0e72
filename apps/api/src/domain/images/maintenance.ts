import type { ChatbotRow, Database } from "@gallery/db";
import { type Kysely, sql } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import { InvalidError } from "../errors.js";
import { isVariantKey, listingImageKeys } from "./keys.js";
import { type LocalImageSources, parseLegacyUrl } from "./maintenance-sources.js";
import { moveImagesToRatingKeys } from "./rating-keys.js";
import { isReferenced, releaseImages } from "./references.js";
import { storeChatbotImage } from "./variants.js";

/**
 * The super admin's image tools, one row at a time (see docs/admin.md): each row is changed with
 * compare-and-set, so the tools can be interrupted at any point, run twice, or run while users edit
 * their listings (a user's concurrent change always wins). maintenance-jobs.ts walks them in batches.
 */

export interface MaintenanceDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  dataDir: string;
}

export type ImageColumns = Pick<ChatbotRow, "id" | "imageUrl" | "imageKey" | "thumbnailKey">;
/** Listings whose image is a legacy path or URL, or whose image has keys. */
export type RowSet = "legacy" | "keyed";

function rowSet(db: Kysely<Database>, set: RowSet) {
  const query = db.selectFrom("chatbots");
  return set === "legacy"
    ? query.where("imageKey", "is", null).where("imageUrl", "is not", null)
    : query.where((eb) => eb.or([eb("imageKey", "is not", null), eb("thumbnailKey", "is not", null)]));
}

/** Up to `limit` listings of a set after `after` in id order (keyset: rows changed meanwhile are not skipped). */
export function rowsAfter(
  db: Kysely<Database>,
  set: RowSet,
  after: string | null,
  limit: number,
): Promise<ImageColumns[]> {
  let query = rowSet(db, set).select(["id", "imageUrl", "imageKey", "thumbnailKey"]);
  if (after) query = query.where("id", ">", after);
  return query.orderBy("id").limit(limit).execute();
}

export async function countRows(db: Kysely<Database>, set: RowSet) {
  const { count } = await rowSet(db, set)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Writes new image columns only if the row's image is still what we read (else a user changed it: theirs wins). */
async function compareAndSet(db: Kysely<Database>, row: ImageColumns, next: Partial<ImageColumns>) {
  const result = await db
    .updateTable("chatbots")
    .set(next)
    .where("id", "=", row.id)
    .where(sql<boolean>`image_url IS NOT DISTINCT FROM ${row.imageUrl}`)
    .where(sql<boolean>`image_key IS NOT DISTINCT FROM ${row.imageKey}`)
    .where(sql<boolean>`thumbnail_key IS NOT DISTINCT FROM ${row.thumbnailKey}`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Stores bytes as the row's image (a fresh original and card variant, or only the card variant)
 * and releases whatever is no longer used. False when the bytes are not an image or the row changed.
 */
async function storeForRow(deps: MaintenanceDeps, row: ImageColumns, bytes: Buffer, keepOriginal = false) {
  let stored: Awaited<ReturnType<typeof storeChatbotImage>>;
  try {
    stored = await storeChatbotImage(deps.storage, bytes);
  } catch (error) {
    if (error instanceof InvalidError) return false;
    throw error;
  }
  const next = keepOriginal
    ? { thumbnailKey: stored.thumbnail.key }
    : { imageUrl: stored.original.url, imageKey: stored.original.key, thumbnailKey: stored.thumbnail.key };
  const written = await compareAndSet(deps.db, row, next);
  // Only keys in key columns are ever released, so a legacy file or URL is left as it was.
  await releaseImages(deps.db, deps.storage, [
    stored.original.key,
    stored.thumbnail.key,
    ...(written ? listingImageKeys(row) : []),
  ]);
  // Stored under public keys: an NSFW listing's images move to its own.
  if (written) await moveImagesToRatingKeys(deps, row.id);
  return written;
}

/** A legacy row (old local path, no key) into object storage; false when no copy of its file survives. */
export async function moveLegacyRow(deps: MaintenanceDeps, sources: LocalImageSources, row: ImageColumns) {
  const reference = row.imageUrl ? parseLegacyUrl(row.imageUrl) : null;
  if (!reference) return false;
  const bytes = await sources.readLegacy(reference);
  return bytes ? storeForRow(deps, row, bytes) : false;
}

/**
 * An object a row refers to that only exists in the embedded storage's folder (the app ran embedded
 * before S3_ENDPOINT was set): copied under the same content-addressed key, so no row changes. True
 * when an image (not a card variant, which travels with its image) was copied.
 */
export async function copyEmbeddedObject(deps: MaintenanceDeps, sources: LocalImageSources, key: string) {
  if ((await deps.storage.exists(key)) || !(await isReferenced(deps.db, key))) return false;
  const bytes = await sources.readEmbedded(key);
  if (!bytes) return false;
  await deps.storage.put(key, bytes, "image/webp");
  return !isVariantKey(key);
}

/** Whether a key is in storage; remembered for the run (content-addressed keys are shared). */
export function existenceCache(storage: ObjectStorage) {
  const known = new Map<string, Promise<boolean>>();
  return (key: string) => {
    let result = known.get(key);
    if (!result) {
      result = storage.exists(key);
      known.set(key, result);
    }
    return result;
  };
}

/** Puts the embedded run's copy of a key back under the same key; false when there is none. */
async function restoreSameKey(storage: ObjectStorage, sources: LocalImageSources, key: string) {
  const bytes = await sources.readEmbedded(key);
  if (!bytes) return false;
  await storage.put(key, bytes, "image/webp");
  return true;
}

export type Repair = "healthy" | "repaired" | "cleared" | "skipped";

/** One keyed listing: restores a missing original or card variant from a surviving copy, else clears it. */
export async function repairKeyedRow(
  deps: MaintenanceDeps,
  sources: LocalImageSources,
  exists: (key: string) => Promise<boolean>,
  row: ImageColumns,
): Promise<Repair> {
  let hasOriginal = row.imageKey ? await exists(row.imageKey) : false;
  let hasThumbnail = row.thumbnailKey ? await exists(row.thumbnailKey) : false;
  if (hasOriginal && hasThumbnail) return "healthy";

  if (!hasOriginal && row.imageKey) hasOriginal = await restoreSameKey(deps.storage, sources, row.imageKey);
  if (!hasThumbnail && row.thumbnailKey) hasThumbnail = await restoreSameKey(deps.storage, sources, row.thumbnailKey);
  if (hasOriginal && hasThumbnail) return "repaired";

  if (hasOriginal && row.imageKey) {
    // A card variant made again from the original.
    const bytes = await sources.readStored(row.imageKey);
    if (bytes && (await storeForRow(deps, row, bytes, true))) return "repaired";
  } else if (hasThumbnail && row.thumbnailKey) {
    // Only the card variant survives: it becomes the image (smaller, but better than a placeholder).
    const bytes = await sources.readStored(row.thumbnailKey);
    if (bytes && (await storeForRow(deps, row, bytes))) return "repaired";
  }
  return clearImage(deps, row);
}

/** A keyed row's repair, then its images moved under the keys its rating requires (rows from before NSFW keys): that repairs it too. */
export async function repairKeyedRowAndRatingKeys(
  deps: MaintenanceDeps,
  sources: LocalImageSources,
  exists: (key: string) => Promise<boolean>,
  row: ImageColumns,
): Promise<Repair> {
  const outcome = await repairKeyedRow(deps, sources, exists, row);
  return (await moveImagesToRatingKeys(deps, row.id)) && outcome === "healthy" ? "repaired" : outcome;
}

/** No copy survives: empty image columns, so the placeholder shows instead of a broken image. */
export async function clearImage(deps: MaintenanceDeps, row: ImageColumns): Promise<Repair> {
  const cleared = await compareAndSet(deps.db, row, { imageUrl: null, imageKey: null, thumbnailKey: null });
  if (!cleared) return "skipped";
  await releaseImages(deps.db, deps.storage, listingImageKeys(row));
  return "cleared";
}

/** A legacy path is never served by this app, so such a listing's image is broken: moved if a copy survives, else cleared. */
export async function repairLegacyRow(
  deps: MaintenanceDeps,
  sources: LocalImageSources,
  row: ImageColumns,
): Promise<Repair> {
  if (!row.imageUrl || !parseLegacyUrl(row.imageUrl)) return "healthy";
  return (await moveLegacyRow(deps, sources, row)) ? "repaired" : clearImage(deps, row);
}
