/** The site's name, and each page's title as browsers and share previews show it. */
export const SITE_NAME = "Chatbot Gallery";

/** `{page} — Chatbot Gallery` (the api's served head and the web's document.title alike); the site name alone for none. */
export const pageTitle = (page?: string) => (page ? `${page} — ${SITE_NAME}` : SITE_NAME);

/**
 * The gallery's page name for a view of it (served head and document.title alike): the Following view, a
 * search, the tags it is narrowed to; none for the plain gallery.
 */
export function galleryPageName(view: { following?: boolean; search?: string; tags?: string[] }): string | undefined {
  const term = view.search?.trim();
  const parts = [
    view.following ? "Following" : undefined,
    term ? `Search: ${term}` : undefined,
    view.tags?.length ? `Tagged ${view.tags.join(", ")}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}
