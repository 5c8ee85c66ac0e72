import { PAGE_SIZE_DEFAULT, PLATFORMS, type Platform } from "@gallery/schema/constants";
import type { TRPC } from "../../lib/trpc";

/** SFW Only (nsfw false) or NSFW Included (nsfw true: NSFW listings only); absent: All Content. */
export type ContentFilter = "sfw" | "nsfw";

/**
 * The browse page's search params (/?search=&platform=&content=): every filtered view is a URL.
 * Absent means unfiltered, so the plain gallery is plain `/`.
 */
export interface BrowseSearch {
  search?: string;
  platform?: Platform;
  content?: ContentFilter;
}

/**
 * `validateSearch` of the browse route: keeps what is valid, drops the rest (a plain check keeps zod
 * out of the first download). A numeric term arrives parsed as a number: it is still a term.
 */
export function validateBrowseSearch(raw: Record<string, unknown>): BrowseSearch {
  const search = typeof raw.search === "number" ? String(raw.search) : raw.search;
  return {
    ...(typeof search === "string" && search.trim() ? { search } : {}),
    ...((PLATFORMS as readonly unknown[]).includes(raw.platform) ? { platform: raw.platform as Platform } : {}),
    ...(raw.content === "sfw" || raw.content === "nsfw" ? { content: raw.content } : {}),
  };
}

/**
 * The gallery query of spec section 7: unset values are omitted. The content filter is sent as it
 * is: the server decides what a visitor may see (SFW only, whatever is asked).
 */
export function toListInput(filters: BrowseSearch) {
  const search = filters.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.platform ? { platform: filters.platform } : {}),
    ...(filters.content ? { nsfw: filters.content === "nsfw" } : {}),
  };
}

/** The gallery's two reads for these filters: the pages of listings and the match count (also used by the loader). */
export function galleryQueries(trpc: TRPC, filters: BrowseSearch) {
  const input = toListInput(filters);
  return {
    list: trpc.chatbots.list.infiniteQueryOptions(
      { ...input, limit: PAGE_SIZE_DEFAULT },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    count: trpc.chatbots.count.queryOptions(input),
  };
}

/**
 * Whether anything differs from the unfiltered gallery (the Clear button's state). A visitor has no
 * content filter (and is shown SFW listings whatever the URL says, e.g. right after signing out with
 * 'NSFW Included' chosen): for them `content` is not a filter in effect.
 */
export const hasActiveFilters = (filters: BrowseSearch, viewer: "member" | "visitor" = "member") =>
  Boolean(filters.search?.trim() || filters.platform || (viewer === "member" && filters.content));

/** 'N bots' (singular for one); 'N+ bots' when the server stopped counting at its cap. */
export const botCountLabel = ({ count, capped }: { count: number; capped: boolean }) =>
  `${count}${capped ? "+" : ""} ${count === 1 && !capped ? "bot" : "bots"}`;
