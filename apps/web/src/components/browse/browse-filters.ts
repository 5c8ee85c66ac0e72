import type { Platform } from "@gallery/schema/constants";

export type PlatformFilter = "all" | Platform;
/** All Content (nsfw omitted), SFW Only (nsfw false), NSFW Included (nsfw true: NSFW listings only). */
export type ContentFilter = "all" | "sfw" | "nsfw";

export interface BrowseFilters {
  search: string;
  platform: PlatformFilter;
  content: ContentFilter;
}

export const DEFAULT_FILTERS: Omit<BrowseFilters, "search"> = { platform: "all", content: "all" };

/**
 * The gallery query of spec section 7: empty or 'all' values are omitted. Visitors send no content
 * filter: the server shows them SFW listings only, whatever they ask for.
 */
export function toListInput(filters: BrowseFilters, signedIn: boolean) {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.platform !== "all" ? { platform: filters.platform } : {}),
    ...(signedIn && filters.content !== "all" ? { nsfw: filters.content === "nsfw" } : {}),
  };
}

/** Whether anything differs from the unfiltered gallery (the Clear button's state). */
export const hasActiveFilters = (filters: BrowseFilters) =>
  filters.search.trim() !== "" || filters.platform !== "all" || filters.content !== "all";

/** 'N bots' (singular for one); 'N+ bots' when the server stopped counting at its cap. */
export const botCountLabel = ({ count, capped }: { count: number; capped: boolean }) =>
  `${count}${capped ? "+" : ""} ${count === 1 && !capped ? "bot" : "bots"}`;
