import { PAGE_SIZE_DEFAULT } from "@gallery/schema/constants";
import type { TRPC } from "../../lib/trpc";

/** The Saved page's pages (newest saved first), also started by its route's loader. */
export const savedQuery = (trpc: TRPC) =>
  trpc.favorites.list.infiniteQueryOptions(
    { limit: PAGE_SIZE_DEFAULT },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
