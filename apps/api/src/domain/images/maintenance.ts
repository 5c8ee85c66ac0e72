import type { ChatbotRow, Database } from "@gallery/db";
import type { ImageMigrationResult, ImageRepairResult } from "@gallery/schema";
import { type Kysely, sql } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import type { Deps } from "../deps.js";
import { InvalidError } from "../errors.js";
import { requireSuperAdmin, type Viewer } from "../policy.js";
import { isVariantKey, listingImageKeys } from "./keys.js";
import { LocalImageSources, parseLegacyUrl } from "./maintenance-sources.js";
import { moveImagesToRatingKeys } from "./rating-keys.js";
import { isReferenced, releaseImages } from "./references.js";
import { storeChatbotImage } from "./variants.js";

/**
 * The super admin's image tools (see docs/admin.md). Both walk the listings in small batches and
 * change one row at a time with compare-and-set, so they can be interrupted at any point, run
 * twice, or run while users edit their listings (a user's concurrent change always wins).
 */

export interface MaintenanceDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  dataDir: string;
}

const toMaintenanceDeps = (deps: Deps): MaintenanceDeps => ({
  db: deps.db,
  storage: deps.storage,
  dataDir: deps.config.dataDir,
});

const BATCH = 25;
type ImageColumns = Pick<ChatbotRow, "id" | "imageUrl" | "imageKey" | "thumbnailKey">;

/** Listings matching `where`, BATCH rows at a time in id order (keyset, so rows changed meanwhile are not skipped). */
async function* batches(db: Kysely<Database>, kind: "legacy" | "keyed") {
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom("chatbots").select(["id", "imageUrl", "imageKey", "thumbnailKey"]);
    query =
      kind === "legacy"
        ? query.where("imageKey", "is", null).where("imageUrl", "is not", null)
        : query.where((eb) => eb.or([eb("imageKey", "is not", null), eb("thumbnailKey", "is not", null)]));
    if (after) query = query.where("id", ">", after);
    const rows: ImageColumns[] = await query.orderBy("id").limit(BATCH).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
  }
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
async function moveLegacyRow(deps: MaintenanceDeps, sources: LocalImageSources, row: ImageColumns) {
  const reference = row.imageUrl ? parseLegacyUrl(row.imageUrl) : null;
  if (!reference) return false;
  const bytes = await sources.readLegacy(reference);
  return bytes ? storeForRow(deps, row, bytes) : false;
}

/**
 * Objects a row refers to that only exist in the embedded storage's folder (the app ran embedded
 * before S3_ENDPOINT was set): copied under the same content-addressed key, so no row changes.
 * Counts images (originals and avatars); a card variant travels with its image.
 */
async function copyEmbeddedObjects(deps: MaintenanceDeps, sources: LocalImageSources) {
  let copied = 0;
  for await (const key of sources.embeddedKeys()) {
    if ((await deps.storage.exists(key)) || !(await isReferenced(deps.db, key))) continue;
    const bytes = await sources.readEmbedded(key);
    if (!bytes) continue;
    await deps.storage.put(key, bytes, "image/webp");
    if (!isVariantKey(key)) copied++;
  }
  return copied;
}

/** Moves legacy images into object storage (super admins only; see docs/admin.md). */
export async function migrateImages(deps: Deps, viewer: Viewer): Promise<ImageMigrationResult> {
  requireSuperAdmin(viewer);
  return runMigration(toMaintenanceDeps(deps));
}

async function runMigration(deps: MaintenanceDeps): Promise<ImageMigrationResult> {
  await deps.storage.ping();
  const sources = new LocalImageSources(deps.dataDir, deps.storage);
  let migrated = await copyEmbeddedObjects(deps, sources);
  for await (const rows of batches(deps.db, "legacy")) {
    for (const row of rows) if (await moveLegacyRow(deps, sources, row)) migrated++;
  }
  return { migrated };
}

/** Whether a key is in storage; remembered for the run (content-addressed keys are shared). */
function existenceCache(storage: ObjectStorage) {
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

type Repair = "healthy" | "repaired" | "cleared" | "skipped";

/** One keyed listing: restores a missing original or card variant from a surviving copy, else clears it. */
async function repairKeyedRow(
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

/** No copy survives: empty image columns, so the placeholder shows instead of a broken image. */
async function clearImage(deps: MaintenanceDeps, row: ImageColumns): Promise<Repair> {
  const cleared = await compareAndSet(deps.db, row, { imageUrl: null, imageKey: null, thumbnailKey: null });
  if (!cleared) return "skipped";
  await releaseImages(deps.db, deps.storage, listingImageKeys(row));
  return "cleared";
}

/** Restores or clears listings' missing images (super admins only; see docs/admin.md). */
export async function repairImages(deps: Deps, viewer: Viewer): Promise<ImageRepairResult> {
  requireSuperAdmin(viewer);
  return runRepair(toMaintenanceDeps(deps));
}

async function runRepair(deps: MaintenanceDeps): Promise<ImageRepairResult> {
  await deps.storage.ping();
  const sources = new LocalImageSources(deps.dataDir, deps.storage);
  const exists = existenceCache(deps.storage);
  let repaired = 0;
  let total = 0;
  const count = (outcome: Repair) => {
    if (outcome === "healthy" || outcome === "skipped") return;
    total++;
    if (outcome === "repaired") repaired++;
  };
  for await (const rows of batches(deps.db, "keyed")) {
    // A few rows at once: storage round trips dominate.
    const outcomes = rows.map(async (row) => {
      const outcome = await repairKeyedRow(deps, sources, exists, row);
      // Images under the other rating's keys (rows from before NSFW keys) move: that repairs them too.
      return (await moveImagesToRatingKeys(deps, row.id)) && outcome === "healthy" ? "repaired" : outcome;
    });
    for (const outcome of await Promise.all(outcomes)) count(outcome);
  }
  // Old local paths are never served by this app, so such a listing's image is broken too.
  for await (const rows of batches(deps.db, "legacy")) {
    for (const row of rows) {
      if (!row.imageUrl || !parseLegacyUrl(row.imageUrl)) continue;
      count((await moveLegacyRow(deps, sources, row)) ? "repaired" : await clearImage(deps, row));
    }
  }
  return { repaired, total };
}
