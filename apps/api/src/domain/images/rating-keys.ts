import { buffer } from "node:stream/consumers";
import type { ChatbotRow, Database } from "@gallery/db";
import type { Kysely } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import { imageUrl, isNsfwKey, keyForRating, listingImageKeys } from "./keys.js";
import { releaseImages } from "./references.js";

/**
 * A listing's images live under the key namespace of its rating (`keys.ts`): public keys for SFW
 * listings, `nsfw-` keys that were never served publicly for NSFW ones. When the rating changes the
 * images move, so bytes a shared cache stored while the listing was SFW are never its NSFW image's URL
 * (and the old key is released, so revalidating caches get a 404). See docs/listings.md.
 */

export type ListingImage = Pick<ChatbotRow, "imageUrl" | "imageKey" | "thumbnailKey">;
type RatedListingImage = ListingImage & Pick<ChatbotRow, "nsfw">;

/** Whether every image key of a listing is in the namespace its rating requires. */
export const keysMatchRating = (row: RatedListingImage): boolean =>
  listingImageKeys(row).every((key) => !key || isNsfwKey(key) === row.nsfw);

/**
 * Puts the object of `from` under `to` (same bytes, so same hash). False when there is nothing to put
 * there: `from` is missing and `to` does not exist yet (a broken image, left to the repair).
 */
async function copyObject(storage: ObjectStorage, from: string, to: string) {
  const object = await storage.get(from);
  if (!object) return storage.exists(to);
  await storage.put(to, await buffer(object.stream), object.contentType);
  return true;
}

/**
 * The image columns a listing rated `nsfw` must have, each key's object copied to that rating's
 * namespace when it is not there yet. Storage only: the caller writes the row under its lock, then
 * releases the keys the row no longer uses, or, when the row is not written, the `added` keys.
 */
export async function placeForRating(
  storage: ObjectStorage,
  image: ListingImage,
  nsfw: boolean,
): Promise<{ image: ListingImage; added: string[] }> {
  const added: string[] = [];
  const place = async (key: string | null) => {
    if (!key) return key;
    const target = keyForRating(key, nsfw);
    if (target === key || !(await copyObject(storage, key, target))) return key;
    added.push(target);
    return target;
  };
  const [imageKey, thumbnailKey] = await Promise.all([place(image.imageKey), place(image.thumbnailKey)]);
  return {
    image: { imageKey, thumbnailKey, imageUrl: imageKey ? imageUrl(imageKey) : image.imageUrl },
    added,
  };
}

/**
 * Moves one listing's images to the keys its rating requires, under the row's lock (an edit changing
 * the rating meanwhile waits and then sees the moved keys). True when it moved something. The repair
 * runs it for every listing (rows from before NSFW keys); the listing update does the same step
 * inside its own transaction.
 */
export async function moveImagesToRatingKeys(
  deps: { db: Kysely<Database>; storage: ObjectStorage },
  listingId: string,
): Promise<boolean> {
  const columns = ["nsfw", "imageUrl", "imageKey", "thumbnailKey"] as const;
  const current = await deps.db.selectFrom("chatbots").select(columns).where("id", "=", listingId).executeTakeFirst();
  if (!current || keysMatchRating(current)) return false;

  let added: string[] = [];
  let previous: ListingImage | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("chatbots")
        .select(columns)
        .where("id", "=", listingId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || keysMatchRating(row)) return;
      const placed = await placeForRating(deps.storage, row, row.nsfw);
      added = placed.added;
      if (added.length === 0) return;
      await trx.updateTable("chatbots").set(placed.image).where("id", "=", listingId).execute();
      previous = row;
    });
  } catch (error) {
    await releaseImages(deps.db, deps.storage, added).catch(() => {});
    throw error;
  }
  if (!previous) return false;
  await releaseImages(deps.db, deps.storage, listingImageKeys(previous));
  return true;
}
