import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./constants.js";

/**
 * A keyset-paged list's input fields: `limit` (1 to `max`, `size` when left out) and `cursor`, the opaque place the
 * previous page's answer gave. Fresh schemas on every call, so no two lists share one in the OpenAPI document.
 */
export const pageFields = ({ size = PAGE_SIZE_DEFAULT, max = PAGE_SIZE_MAX } = {}) => ({
  limit: z.number().int().min(1).max(max).default(size),
  cursor: z.string().max(200).optional(),
});

/** One page of a list as it is answered: its `items` and `nextCursor`, the next page's cursor (null on the last). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
