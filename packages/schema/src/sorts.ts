/**
 * The gallery's orders: the ONE registry. The web's sort select and address validation, the input
 * schemas and their message, and the REST description read it; what each order sorts by is the api's
 * (`domain/listings/orders.ts`, keyed by these keys). Adding a sort: an entry here and one there.
 */
export const SORT_REGISTRY = {
  newest: { label: "Newest", description: "newest first" },
  popular: { label: "Popular", description: "unique click-outs of the last 30 days" },
  trending: { label: "Trending", description: "the last 7 days against the 7 before" },
  az: { label: "A–Z", description: "by title" },
  saved: { label: "Most saved", description: "most saved" },
} as const satisfies Record<string, { label: string; description: string }>;

export type GallerySort = keyof typeof SORT_REGISTRY;
/** Every order, in the order the sort select lists them. */
export const GALLERY_SORTS = Object.keys(SORT_REGISTRY) as [GallerySort, ...GallerySort[]];
export const DEFAULT_SORT = "newest" satisfies GallerySort;

/** The `sort` parameter as the REST description says it. */
export const SORTS_DESCRIPTION = `${GALLERY_SORTS.map(
  (sort) => `${sort}${sort === DEFAULT_SORT ? " (default)" : ""}: ${SORT_REGISTRY[sort].description}`,
).join("; ")}. Every order pages with the Link header's cursor.`;
