/** The site's name, and each page's title as browsers and share previews show it. */
export const SITE_NAME = "Chatbot Gallery";

/** `{page} — Chatbot Gallery` (the api's served head and the web's document.title alike); the site name alone for none. */
export const pageTitle = (page?: string) => (page ? `${page} — ${SITE_NAME}` : SITE_NAME);
