import type { ReviewSort } from "@gallery/schema/reviews-texts";

/** /chatbots/{id}/{slug}?reviews=helpful: the order of the listing page's reviews (newest by default). */
export interface ListingSearch {
  reviews?: Exclude<ReviewSort, "newest">;
}

export const validateListingSearch = (raw: Record<string, unknown>): ListingSearch =>
  raw.reviews === "helpful" ? { reviews: "helpful" } : {};

export const sortOf = (search: ListingSearch): ReviewSort => search.reviews ?? "newest";
