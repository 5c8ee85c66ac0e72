import type { ListingActions } from "@gallery/schema";
import type { Deps } from "../deps.js";
import { LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { listingActions, requireMayViewListing, type Viewer } from "../policy.js";

/**
 * What the viewer may do with one listing (a card's menu asks when it opens): 404 and 401 as its page answers
 * (a withheld listing is its owner's and moderators', an NSFW one is for members), then the policy's listingActions.
 */
export async function findListingActions(
  deps: Pick<Deps, "db">,
  viewer: Viewer,
  input: { id: string },
): Promise<ListingActions> {
  const row = await deps.db
    .selectFrom("chatbots")
    .select(["nsfw", "withheld", "userId"])
    .where("id", "=", input.id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  requireMayViewListing(viewer, row);
  return listingActions(viewer, row);
}
