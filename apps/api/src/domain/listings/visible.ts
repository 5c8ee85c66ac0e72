import type { Db } from "../deps.js";
import { DomainError, LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { requireMayViewListing, type Viewer } from "../policy.js";

/** What a listing's callers read of it here: who owns it, its title, and what the viewer policy decides on. */
export interface ListingFacts {
  id: string;
  userId: string;
  title: string;
  nsfw: boolean;
  withheld: boolean;
}

/**
 * The listing, if the viewer may see it; otherwise the refusal its page answers (policy.requireMayViewListing):
 * NOT_FOUND for an unknown or withheld one, UNAUTHORIZED for NSFW to a visitor, the age rule's refusal.
 */
export async function requireViewableListing(db: Db, viewer: Viewer, id: string): Promise<ListingFacts> {
  const listing = await db
    .selectFrom("chatbots")
    .select(["id", "userId", "title", "nsfw", "withheld"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!listing) throw new NotFoundError(LISTING_NOT_FOUND);
  requireMayViewListing(viewer, listing);
  return listing;
}

/**
 * The same, but any refusal is the unknown listing's NOT_FOUND: reviews and collections never say why a listing
 * is hidden from the caller.
 */
export async function requireVisibleListing(db: Db, viewer: Viewer, id: string): Promise<ListingFacts> {
  try {
    return await requireViewableListing(db, viewer, id);
  } catch (error) {
    if (error instanceof DomainError) throw new NotFoundError(LISTING_NOT_FOUND);
    throw error;
  }
}
