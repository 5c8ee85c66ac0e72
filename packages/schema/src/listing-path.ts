/**
 * A listing page's address: /chatbots/{id}/{slug}. The slug is the title made readable (lower case,
 * ASCII letters and digits joined by dashes); only the id finds the listing, so a renamed listing's
 * old links still work and are redirected to the current slug (server: 301; web: URL replaced).
 */
const SLUG_MAX = 60;

export function listingSlug(title: string): string {
  // Accents are dropped from letters (é -> e); plain ASCII titles (most) skip that work (sitemaps slug 50,000 titles).
  const ascii = /^[\x20-\x7e]*$/.test(title) ? title : title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

/** The canonical path of a listing's page (no slug when the title has no ASCII letters or digits). */
export function listingPath(listing: { id: string; title: string }): string {
  const slug = listingSlug(listing.title);
  return slug ? `/chatbots/${listing.id}/${slug}` : `/chatbots/${listing.id}`;
}
