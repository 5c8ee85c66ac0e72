import { PAGE_SIZE_DEFAULT } from "./constants.js";

/**
 * What the plain gallery (`/` with nothing in the address) reads first, for every viewer: the gallery's first
 * page, its count and tag facets, and the discovery rails' first pages. The web's route loader asks for exactly
 * these (apps/web browse-filters.ts `galleryQueries`); the server answers them inside the page it serves for `/`
 * (apps/api plugins/app/page-head.ts), so a first visit draws the gallery without a data round trip. One home for
 * both: an answer the page carries is only used when the web asks for the very same read.
 */

/** The rails every viewer sees above the plain gallery, each a first page of the gallery in another order. */
export const RAIL_SORTS = ["trending", "popular", "saved"] as const;

/** The first rail's pictures a phone shows at once (2.5 of them at 390 px): its largest paint, so fetched first. */
export const FIRST_RAIL_EAGER_PICTURES = 3;

export interface FirstRead {
  /** The tRPC procedure. */
  path: "chatbots.list" | "chatbots.count" | "chatbots.tags";
  input: Record<string, unknown>;
  /** Read page by page (an infinite query on the web): the answer is its first page. */
  infinite: boolean;
}

/** A first read with its answer, as the served page carries it. */
export interface AnsweredRead extends FirstRead {
  data: unknown;
}

export const PLAIN_GALLERY_READS: readonly FirstRead[] = [
  { path: "chatbots.list", input: { limit: PAGE_SIZE_DEFAULT }, infinite: true },
  { path: "chatbots.count", input: {}, infinite: false },
  { path: "chatbots.tags", input: {}, infinite: false },
  ...RAIL_SORTS.map((sort) => ({
    path: "chatbots.list" as const,
    input: { sort, limit: PAGE_SIZE_DEFAULT },
    infinite: true,
  })),
];

/** The id of the served page's `<script type="application/json">` holding the answered reads. */
export const FIRST_READS_ELEMENT_ID = "first-reads";
