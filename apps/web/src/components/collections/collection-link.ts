import { PAGE_SIZE_DEFAULT } from "@gallery/schema/constants";
import { listingSlug } from "@gallery/schema/listing-path";
import { linkOptions } from "@tanstack/react-router";
import type { TRPC } from "../../lib/trpc";

/** The router link to a collection's page, `/collections/{id}/{slug}` (the slug is its title's, as a listing's). */
export const collectionLink = (collection: { id: string; title: string }) =>
  linkOptions({
    to: "/collections/$id/{-$slug}",
    params: { id: collection.id, slug: listingSlug(collection.title) || undefined },
  });

/** A collection and its listings in its owner's order, a page at a time (also started by its route's loader). */
export const collectionQuery = (trpc: TRPC, id: string) =>
  trpc.collections.byId.infiniteQueryOptions(
    { id, limit: PAGE_SIZE_DEFAULT },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
