import type { ListingActions } from "@gallery/schema";
import type { Deps } from "../deps.js";
import { listingActions, type Viewer } from "../policy.js";
import { requireViewableListing } from "./visible.js";

/**
 * What the viewer may do with one listing (a card's menu asks when it opens): 404 and 401 as its page answers
 * (a withheld listing is its owner's and moderators', an NSFW one is for members), then the policy's listingActions.
 */
export async function findListingActions(
  deps: Pick<Deps, "db">,
  viewer: Viewer,
  input: { id: string },
): Promise<ListingActions> {
  return listingActions(viewer, await requireViewableListing(deps.db, viewer, input.id));
}
