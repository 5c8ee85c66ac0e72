import { PAGE_SIZE_DEFAULT } from "@gallery/schema/constants";
import type { TRPC } from "../../lib/trpc";

/** /saved?show=hidden: the member asked to see the saves their own settings hide ("Show them"). */
export interface SavedSearch {
  show?: "hidden";
}

export const validateSavedSearch = (raw: Record<string, unknown>): SavedSearch =>
  raw.show === "hidden" ? { show: "hidden" } : {};

/** The Saved page's pages (newest saved first), also started by its route's loader. */
export const savedQuery = (trpc: TRPC, search: SavedSearch = {}) =>
  trpc.favorites.list.infiniteQueryOptions(
    { limit: PAGE_SIZE_DEFAULT, ...(search.show === "hidden" ? { showHidden: true } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
