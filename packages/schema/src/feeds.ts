/**
 * The gallery's feeds (issue 24 item 5, issue 39 §3): where they live, in which formats, and what the links to them
 * say. The api serves them (plugins/app/feeds.ts) and links them from the page heads; the web shows a visible link.
 * Documents for feed readers beside /sitemap.xml, not calls of the JSON API under /api.
 */

/** Each feed in two formats at the same path: Atom (RFC 4287, the default) and RSS 2.0, for readers that want it. */
export const FEED_FORMATS = {
  atom: { type: "application/atom+xml", extension: "atom", label: "Atom" },
  rss: { type: "application/rss+xml", extension: "rss", label: "RSS" },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

/** The gallery's newest listings. */
export const newestFeedPath = (format: FeedFormat = "atom") => `/feeds/newest.${FEED_FORMATS[format].extension}`;

/** One creator's newest listings. */
export const creatorFeedPath = (userId: string, format: FeedFormat = "atom") =>
  `/feeds/creators/${userId}.${FEED_FORMATS[format].extension}`;

/** A public collection's newest additions. */
export const collectionFeedPath = (collectionId: string, format: FeedFormat = "atom") =>
  `/feeds/collections/${collectionId}.${FEED_FORMATS[format].extension}`;

/** The feeds' icon (square, 192 px) and logo (2:1, 480x240), in the web app's public files. */
export const FEED_ICON_PATH = "/feed-icon.png";
export const FEED_LOGO_PATH = "/feed-logo.png";

/** What the visible feed links say (gallery, profiles). */
export const FEED_TEXTS = {
  follow: "Follow via feed",
  rss: "RSS",
  /** The RSS link's name: it starts with what the link shows, as a speech user says it (axe label-content-name-mismatch). */
  rssName: "RSS feed to follow",
  /** The links' accessible description: what following means. */
  newestHint: "New chatbots in your feed reader (Atom; RSS beside it)",
  creatorHint: (name: string) => `${name}'s new chatbots in your feed reader (Atom; RSS beside it)`,
  collectionHint: (title: string) => `Chatbots added to “${title}” in your feed reader (Atom; RSS beside it)`,
} as const;
