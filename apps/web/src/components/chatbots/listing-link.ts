import { listingSlug } from "@gallery/schema/listing-path";
import { linkOptions } from "@tanstack/react-router";

/** The router link to a listing's page, `/chatbots/{id}/{slug}` (cards, the image modal, the page itself). */
export const listingLink = (listing: { id: string; title: string }) =>
  linkOptions({
    to: "/chatbots/$id/{-$slug}",
    params: { id: listing.id, slug: listingSlug(listing.title) || undefined },
  });
