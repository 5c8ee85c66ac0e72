import type { GallerySort } from "./sorts.js";

/**
 * The discovery rails above the plain gallery (spec section 2 leaves the home gallery's screen logic open): which
 * rails there are, how many cards each shows, and their texts. The api decides what each rail holds
 * (apps/api domain/listings/rails.ts: no two rails repeat a listing); the web draws them (discovery-rails.tsx).
 * No zod here: the web's first download reads these texts.
 */

/** The rails every viewer sees, in this order, each the gallery's first listings in one order. */
export const RAIL_SORTS = ["trending", "popular", "saved"] as const satisfies readonly GallerySort[];
export type RailId = (typeof RAIL_SORTS)[number];

/** How many listings a rail shows. */
export const RAIL_SIZE = 10;
/** A rail left with fewer listings than this once the rails before it took theirs shows its own first ones, repeats and all. */
export const RAIL_MIN = 4;

export const RAIL_TEXTS = {
  titles: {
    trending: "Trending this week",
    popular: "Popular this month",
    saved: "Most saved",
    following: "From creators you follow",
  } satisfies Record<RailId | "following", string>,
  seeAll: "See all",
  seeAllOf: (title: string) => `See all: ${title}`,
  previous: (title: string) => `Previous: ${title}`,
  next: (title: string) => `Next: ${title}`,
  /** The home page's first Tab stop: past the rails' links, to the gallery. */
  skipToGallery: "Skip to the gallery",
  empty: "Nothing here yet.",
  emptyFollowing: "Follow creators from their profile or chatbot pages: their new chatbots will appear here.",
} as const;
