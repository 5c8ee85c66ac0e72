import { creatorDisplayName, idSchema } from "@gallery/schema";
import type { Deps } from "./deps.js";
import { NotFoundError } from "./errors.js";
import { listCreatorListings, listGallery } from "./listings/queries.js";
import type { ListedChatbot } from "./listings/read-model.js";
import { readProfile, USER_NOT_FOUND } from "./users/profile.js";

/**
 * What the Atom feeds carry: the newest listings a visitor sees, the gallery's or one creator's. Always a
 * visitor's view, whoever asks (a feed is a public document that feed readers and shared caches keep), read
 * through the gallery's own list queries, so NSFW, hidden or withheld listings and suspended creators' never
 * appear (viewer policy, applyFilters).
 */

/** How many of the newest listings a feed holds. */
export const FEED_ENTRIES = 30;
const VISITOR = null;
/** The lists' newest order (also their default), named so the feeds stay the newest whatever the default. */
const NEWEST_FIRST = { limit: FEED_ENTRIES, sort: "newest" as const };

export interface FeedCreator {
  id: string;
  name: string;
  /** When their account was made: the feed's `updated` while it holds no listing. */
  createdAt: string;
}

/** The gallery's newest listings, as a visitor's gallery lists them. */
export async function newestListings(deps: Deps): Promise<ListedChatbot[]> {
  return (await listGallery(deps, VISITOR, NEWEST_FIRST)).items;
}

/**
 * One creator's newest listings, as a visitor's profile page lists them; NOT_FOUND 'User not found' when a
 * visitor may not see the profile (unknown, pending approval, suspended) or the id is not one.
 */
export async function creatorListings(
  deps: Deps,
  userId: string,
): Promise<{ creator: FeedCreator; listings: ListedChatbot[] }> {
  if (!idSchema.safeParse(userId).success) throw new NotFoundError(USER_NOT_FOUND);
  const profile = await readProfile(deps, VISITOR, { userId });
  const page = await listCreatorListings(deps, VISITOR, { userId, ...NEWEST_FIRST });
  return {
    creator: { id: profile.id, name: creatorDisplayName(profile), createdAt: profile.createdAt },
    listings: page.items,
  };
}
