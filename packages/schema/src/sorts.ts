/**
 * The gallery's orders: the ONE registry. The web's sort select and address validation, the input
 * schemas and their message, and the REST description read it; what each order sorts by is the api's
 * (`domain/listings/orders.ts`, keyed by these keys). Adding a sort: an entry here and one there.
 */
export const SORT_REGISTRY = {
  // Only with a search term, and then the default (issue 39): the api's search.ts says how it ranks.
  relevance: {
    label: "Best match",
    description:
      "with a search term, the default: title over tags over creator over tagline over description, exact words over prefixes over near spellings, then popularity (without a term: popularity)",
    needsSearch: true,
  },
  newest: { label: "Newest", description: "newest first" },
  popular: { label: "Popular", description: "unique click-outs of the last 30 days" },
  trending: { label: "Trending", description: "the last 7 days against the 7 before" },
  az: { label: "A–Z", description: "by title" },
  saved: { label: "Most saved", description: "most saved" },
  rated: {
    label: "Top rated",
    description: "members' stars as a Bayesian average (each listing's reviews with 5 more at 3.5 stars), best first",
  },
} as const satisfies Record<string, { label: string; description: string; needsSearch?: true }>;

export type GallerySort = keyof typeof SORT_REGISTRY;
/** Every order, in the order the sort select lists them. */
export const GALLERY_SORTS = Object.keys(SORT_REGISTRY) as [GallerySort, ...GallerySort[]];
export const DEFAULT_SORT = "newest" satisfies GallerySort;
/** The order while a search term is set and none was asked for. */
export const DEFAULT_SEARCH_SORT = "relevance" satisfies GallerySort;

/** The order a gallery request gets when it names none: Best match with a term, else newest. */
export const defaultSortFor = (search: string | undefined): GallerySort =>
  search?.trim() ? DEFAULT_SEARCH_SORT : DEFAULT_SORT;

/** The orders a sort select offers: Best match only while a term is set. */
export const sortsFor = (search: string | undefined): GallerySort[] =>
  GALLERY_SORTS.filter((sort) => !("needsSearch" in SORT_REGISTRY[sort]) || Boolean(search?.trim()));

/** The `sort` parameter as the REST description says it. */
export const SORTS_DESCRIPTION = `${GALLERY_SORTS.map(
  (sort) => `${sort}${sort === DEFAULT_SORT ? " (default without a search)" : ""}: ${SORT_REGISTRY[sort].description}`,
).join("; ")}. Every order pages with the Link header's cursor.`;
