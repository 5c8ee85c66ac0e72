import { PAGE_SIZE_DEFAULT } from "./constants.js";

/**
 * A page's first reads, answered inside the page the server serves for it (apps/api plugins/app/page-head.ts) and
 * stored in the query cache by the web before its route loader asks for them (apps/web lib/first-reads.ts), so a
 * first visit draws without a data round trip. An answer is used only when the web asks for the very same read:
 * the plain gallery's (`/` with nothing in the address: its first page, count and tag facets, and the discovery
 * rails, rails.ts) are listed here for both sides (the web's loader asks through browse-filters.ts
 * `galleryQueries`); a listing's page carries its `chatbots.byId`.
 */

/** The first rail's pictures a phone shows at once (2.5 of them at 390 px): its largest paint, so fetched first. */
export const FIRST_RAIL_EAGER_PICTURES = 3;

export interface FirstRead {
  /** The tRPC procedure. */
  path: "chatbots.list" | "chatbots.count" | "chatbots.tags" | "chatbots.rails" | "chatbots.byId";
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
  { path: "chatbots.rails", input: {}, infinite: false },
];

/** The id of the served page's `<script type="application/json">` holding the answered reads. */
export const FIRST_READS_ELEMENT_ID = "first-reads";
