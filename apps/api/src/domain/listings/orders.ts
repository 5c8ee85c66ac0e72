import type { GallerySort } from "@gallery/schema";
import { type RawBuilder, sql } from "kysely";
import type { KeyCast } from "../paging.js";
import { relevanceKey } from "./search.js";

/** The gallery's orders (the registry's keys, packages/schema sorts.ts), the Saved page's and a collection's. */
export type ListOrder = GallerySort | "savedAt" | "position" | "addedAt";

/** How a cursor's key text is cast back in SQL; it also says what a valid key looks like (../paging.ts). */
export type OrderCast = KeyCast;

/**
 * What each order sorts by: its key as SQL (every one has an index with id as the tie-break, 0006), how a
 * cursor's key text is cast back, and its direction. Popular and trending read the scores kept on the
 * listing (domain/stats/scores.ts), never the raw counts. The one place in the api a new sort adds to.
 */
export const ORDERS: Record<
  ListOrder,
  { key: RawBuilder<unknown>; cast: OrderCast; direction: "asc" | "desc"; id?: RawBuilder<unknown> }
> = {
  // Best match: the search's key (search.ts relevanceKey, put in by the list query); without a term, popularity.
  relevance: { key: relevanceKey(undefined), cast: "float8", direction: "desc" },
  newest: { key: sql`c.created_at`, cast: "timestamptz", direction: "desc" },
  popular: { key: sql`c.popular_score`, cast: "integer", direction: "desc" },
  trending: { key: sql`c.trending_score`, cast: "float8", direction: "desc" },
  az: { key: sql`lower(c.title)`, cast: "text", direction: "asc" },
  // Most saved (0007: favorite_count kept by a trigger, indexed like popular).
  saved: { key: sql`c.favorite_count`, cast: "integer", direction: "desc" },
  // Top rated (issue 38): the Bayesian average generated on chatbots from the reviews' count and sum (the prior:
  // packages/schema reviews-texts.ts RATING_PRIOR), so one 5-star review does not top the gallery.
  rated: { key: sql`c.rating_score`, cast: "float8", direction: "desc" },
  // The Saved page: the favourite row's time, paged on favorites_saved_idx (user_id, created_at, chatbot_id).
  savedAt: { key: sql`f.created_at`, cast: "timestamptz", direction: "desc", id: sql`f.chatbot_id` },
  // A collection's hand order (members/collections.ts): the item's position, paged on its key (collection, position).
  position: { key: sql`ci.position`, cast: "integer", direction: "asc", id: sql`ci.chatbot_id` },
  // A collection's newest additions first (its feed): at most 500 items, sorted without an index of their own.
  addedAt: { key: sql`ci.added_at`, cast: "timestamptz", direction: "desc", id: sql`ci.chatbot_id` },
};
