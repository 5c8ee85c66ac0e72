/** Business constants of spec section 9. */
export const NICKNAME_MAX = 32;
export const ABOUT_MAX = 500;
/** A listing's text limits (docs/product.md "Limits"). */
export const TITLE_MAX = 200;
export const TAG_MAX = 50;
export const TAGS_MAX = 30;
export const SEARCH_MAX = 200;
/** Series, platform identifiers, URLs and the comma-separated tags text. */
export const TEXT_MAX = 2000;
/** A listing's one-line pitch (shown on its card) and its page text. */
export const TAGLINE_MAX = 120;
export const DESCRIPTION_MAX = 4000;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PASSWORD_MIN = 6;
export const MINIMUM_AGE = 13;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const CARD_TAG_LIMIT = 3;
export const DASHBOARD_TAG_LIMIT = 2;
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
/** The gallery counts matches up to this many and shows more as '1000+ bots' (an exact count scans every row). */
export const GALLERY_COUNT_CAP = 1000;
/** Tags a gallery filter may include or exclude at once. */
export const TAG_FILTER_MAX = 10;
/** Tags the facet list shows by default. */
export const TOP_TAGS_DEFAULT = 20;
/** Days the dashboard's performance covers. */
export const STATS_DAYS = 30;
export const REDIRECT_DELAY_MS = 500;
export const TOAST_DURATION_MS = 5000;

/**
 * Where a card's 2:3 crop of a listing's picture is centred until its creator chooses (percent from the left
 * and from the top): the upper middle of a portrait, where faces are. Migration 0017 gave existing rows the same.
 */
export const IMAGE_FOCUS_DEFAULT = { x: 50, y: 25 } as const;
