import type { ChatbotRow } from "@gallery/db";
import type { Chatbot, ChatbotChanges, ChatbotValues } from "@gallery/schema";
import { sql } from "kysely";
import { brokeConstraint, type Deps } from "../deps.js";
import { ForbiddenError, InvalidError, LISTING_NOT_FOUND, NotFoundError, UnauthorizedError } from "../errors.js";
import { listingImageKeys } from "../images/keys.js";
import { placeForRating } from "../images/rating-keys.js";
import { releaseImages } from "../images/references.js";
import { type StoredListingImage, storeChatbotImage } from "../images/variants.js";
import { mayManageListing, requireModerator, requirePublisher, type Viewer } from "../policy.js";
import type { Upload } from "../upload.js";
import { toChatbot } from "./read-model.js";

/**
 * Listing changes. Inputs are validated at the edge (chatbotFieldsSchema / chatbotUpdateSchema);
 * here the rules: who may change what, and that a listing and its image exist together or not at all,
 * also when the listing or its owner is deleted meanwhile (a 404 or 401, never a 500).
 */

/** Moderation: a moderator may change any listing (admin panel). */
export interface ListingChangeOptions {
  asModerator?: boolean;
}

/** Field values as columns: absent fields stay unchanged. */
function toColumns(fields: ChatbotChanges) {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) columns[key] = value;
  return columns as Omit<Partial<ChatbotRow>, "withheld" | "ratingScore">;
}

const imageColumns = (stored: StoredListingImage) => ({
  imageUrl: stored.original.url,
  imageKey: stored.original.key,
  thumbnailKey: stored.thumbnail.key,
});

/**
 * Stores the image (under the keys of the listing's rating), then writes the row; if the row cannot be
 * written the new objects are released again, so a listing and its image exist together or not at all.
 */
async function withStoredImage<T>(
  deps: Deps,
  image: Upload | undefined,
  rating: { nsfw: boolean },
  write: (stored: StoredListingImage | null) => Promise<T>,
) {
  const stored = image ? await storeChatbotImage(deps.storage, image.bytes, rating) : null;
  try {
    return await write(stored);
  } catch (error) {
    if (stored) await releaseImages(deps.db, deps.storage, [stored.original.key, stored.thumbnail.key]).catch(() => {});
    throw error;
  }
}

/**
 * A new listing of the viewer (approved members). The image is required. The calls publish through
 * moderation/duplicates.ts `publishListing`, which also queues a possible duplicate.
 */
export async function createListing(
  deps: Deps,
  viewer: Viewer,
  input: { fields: ChatbotValues; image: Upload | undefined },
): Promise<Chatbot> {
  const owner = requirePublisher(viewer);
  const { image } = input;
  if (!image) throw new InvalidError("Please select an image file.");
  const chatbot = await withStoredImage(deps, image, { nsfw: input.fields.nsfw }, async (stored) => {
    try {
      const row = await deps.db
        .insertInto("chatbots")
        .values({
          ...input.fields,
          userId: owner.id,
          ...imageColumns(stored!),
          // A suspension committed since the caller was loaded still keeps the new listing out of sight.
          ownerSuspended: sql<boolean>`EXISTS (SELECT 1 FROM users WHERE id = ${owner.id} AND suspended_at IS NOT NULL)`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toChatbot(row);
    } catch (error) {
      // The owner was deleted meanwhile: their session is gone with them.
      if (brokeConstraint(error, "foreignKey")) throw new UnauthorizedError();
      throw error;
    }
  });
  return chatbot;
}

/** Loads a listing for a change; owners only, or any listing for a moderator acting as one. */
async function findForChange(deps: Deps, viewer: Viewer, id: string, options: ListingChangeOptions) {
  if (options.asModerator) requireModerator(viewer);
  else requirePublisher(viewer);
  const row = await deps.db.selectFrom("chatbots").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  if (!mayManageListing(viewer, row, options.asModerator)) {
    throw new ForbiddenError("You can only change your own chatbots");
  }
  return row;
}

/**
 * Writes the changes under the row's lock, its images (the new upload or the kept ones) placed under the
 * keys of the resulting rating. Returns the row and the keys it no longer uses (to release after commit).
 */
async function writeChanges(deps: Deps, id: string, fields: ChatbotChanges, stored: StoredListingImage | null) {
  let added: string[] = [];
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Locked and read again: `previous` is the image this update replaces, also when another edit changed
      // it (or the rating) since findForChange, so that edit's upload is released, not lost.
      const previous = await trx
        .selectFrom("chatbots")
        .select(["nsfw", "imageUrl", "imageKey", "thumbnailKey"])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      // Deleted meanwhile.
      if (!previous) throw new NotFoundError(LISTING_NOT_FOUND);
      const image = stored ? imageColumns(stored) : previous;
      const placed = await placeForRating(deps.storage, image, fields.nsfw ?? previous.nsfw);
      added = placed.added;
      const row = await trx
        .updateTable("chatbots")
        .set({ ...toColumns(fields), ...placed.image, updatedAt: new Date() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const kept = new Set(listingImageKeys(row));
      const replaced = [...listingImageKeys(previous), ...listingImageKeys(image)].filter(
        (key) => key && !kept.has(key),
      );
      return { row, replaced };
    });
  } catch (error) {
    await releaseImages(deps.db, deps.storage, added).catch(() => {});
    throw error;
  }
}

/**
 * Changes the given fields (and the image when a new one is sent). The images end up under the keys of the
 * listing's resulting rating (docs/listings.md, image keys and caches); the keys no longer used are released.
 */
export async function updateListing(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; fields: ChatbotChanges; image?: Upload | undefined },
  options: ListingChangeOptions = {},
): Promise<Chatbot> {
  const existing = await findForChange(deps, viewer, input.id, options);
  // An upload goes straight under the keys of the rating the listing will most likely have (moved if not).
  const rating = { nsfw: input.fields.nsfw ?? existing.nsfw };
  const { row, replaced } = await withStoredImage(deps, input.image, rating, (stored) =>
    writeChanges(deps, existing.id, input.fields, stored),
  );
  if (replaced.length > 0) await releaseImages(deps.db, deps.storage, replaced);
  return toChatbot(row);
}

/** Deletes a listing and releases its images. */
export async function deleteListing(
  deps: Deps,
  viewer: Viewer,
  input: { id: string },
  options: ListingChangeOptions = {},
): Promise<{ success: true }> {
  const existing = await findForChange(deps, viewer, input.id, options);
  const deleted = await deps.db
    .deleteFrom("chatbots")
    .where("id", "=", existing.id)
    .returning(["imageKey", "thumbnailKey"])
    .executeTakeFirst();
  // Deleted meanwhile (by another request): the outcome the caller wanted, but not their doing.
  if (!deleted) throw new NotFoundError(LISTING_NOT_FOUND);
  await releaseImages(deps.db, deps.storage, listingImageKeys(deleted));
  return { success: true };
}
