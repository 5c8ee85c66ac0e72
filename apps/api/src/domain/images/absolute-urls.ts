import { imageUrl } from "./keys.js";

/**
 * Answers name stored images by path (`/images/<key>`: the read model, the copies kept on the rows and shared
 * copies all hold paths, so they are the same for every address the site answers on). On the way out, every
 * member named `…Url` whose value is such a path (imageUrl, thumbnailUrl, the reveal URLs, avatarUrl, …) becomes
 * an absolute URL on the site's origin, so a script, a feed reader or another site can use it as it is.
 *
 * It works on the JSON text as sent: a quote inside a string is always escaped, so `Url":"` (a name ending in
 * Url, closed, then a colon) only ever ends a member's name, never text a user wrote. Starting with a literal,
 * the pattern is found by a fast scan: about a quarter of what parsing the same page costs (measured on 24
 * listings, 34 kB).
 */
const IMAGES = imageUrl("");
const IMAGE_URL_MEMBER = new RegExp(`Url":"${IMAGES}`, "g");

/** The JSON text with its image paths made absolute on `origin` (e.g. `https://gallery.example`). */
export const absoluteImageUrls = (json: string, origin: string): string =>
  json.replace(IMAGE_URL_MEMBER, () => `Url":"${origin}${IMAGES}`);
