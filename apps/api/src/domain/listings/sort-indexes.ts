import { GALLERY_SORTS, type GallerySort, SORT_REGISTRY } from "@gallery/schema";
import { compileOnly } from "../compile-only.js";
import { ORDERS } from "./orders.js";

/** The indexes named before they were generated, under their old names. */
const NAMED_BEFORE: Partial<Record<GallerySort, string>> = { az: "chatbots_title" };

/**
 * Every gallery order walks an index of chatbots with id as the tie-break, and its twin for SFW-only lists
 * (visitors): `chatbots_<sort>_idx` and `chatbots_<sort>_sfw_idx`, made from the order's key and direction in
 * orders.ts. Installed by generated migrations (`pnpm gen`): adding a sort is its registry line and its
 * ORDERS entry. Orders that need a search term (Best match) rank the matches and walk no index.
 */
export function sortIndexesSql(): string {
  return GALLERY_SORTS.filter((sort) => !("needsSearch" in SORT_REGISTRY[sort]))
    .flatMap((sort) => {
      const order = ORDERS[sort];
      const key = order.key.compile(compileOnly).sql.replace(/\bc\./g, "");
      const on = order.direction === "desc" ? `(${key} DESC, id DESC)` : `(${key}, id)`;
      const name = NAMED_BEFORE[sort] ?? `chatbots_${sort}`;
      return [
        `CREATE INDEX IF NOT EXISTS ${name}_idx ON chatbots ${on};`,
        `CREATE INDEX IF NOT EXISTS ${name}_sfw_idx ON chatbots ${on} WHERE NOT nsfw;`,
      ];
    })
    .join("\n")
    .concat("\n");
}
