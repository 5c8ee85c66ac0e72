import { RAIL_MIN, RAIL_SIZE, RAIL_SORTS, type RailId } from "@gallery/schema";
import type { Deps } from "../deps.js";
import type { Viewer } from "../policy.js";
import { listingPage } from "./queries.js";
import type { ListedChatbot } from "./read-model.js";

export interface Rail {
  id: RailId;
  items: ListedChatbot[];
}

/**
 * How many listings each rail's order is read for: enough for the last rail to find RAIL_SIZE of its own when
 * every rail before it took RAIL_SIZE of its first ones (on a quiet gallery the orders tie, and so agree).
 */
const RAIL_SCAN = RAIL_SIZE * RAIL_SORTS.length;

/**
 * The discovery rails above the plain gallery (packages/schema rails.ts), as this viewer may see them (the
 * gallery's own read, each order's first listings). No listing is in two rails: each rail, in turn, shows the
 * first RAIL_SIZE of its order that no rail before it shows, so on a quiet gallery, where trending, popular and
 * most saved all tie, the three rails show three different sets of ten instead of the same ten three times. A
 * rail left with fewer than RAIL_MIN of its own (a gallery of a dozen listings) shows its order's first listings,
 * repeats and all: every rail is always there (its placeholder holds its place while the page loads).
 */
export async function discoveryRails(deps: Deps, viewer: Viewer): Promise<Rail[]> {
  const orders = await Promise.all(
    RAIL_SORTS.map((sort) => listingPage(deps.db, viewer, { sort, limit: RAIL_SCAN }).then((page) => page.items)),
  );
  const shown = new Set<string>();
  return RAIL_SORTS.map((id, index) => {
    const order = orders[index] ?? [];
    const own = order.filter((listing) => !shown.has(listing.id)).slice(0, RAIL_SIZE);
    const items = own.length >= RAIL_MIN ? own : order.slice(0, RAIL_SIZE);
    for (const listing of items) shown.add(listing.id);
    return { id, items };
  });
}
