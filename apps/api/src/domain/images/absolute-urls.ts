import { imageUrl } from "./keys.js";

/**
 * Answers name stored images by path (`/images/<key>`: the read model, the copies kept on the rows and shared
 * copies all hold paths, so they are the same for every address the site answers on). On the way out, every
 * field named `…Url` whose value is such a path (imageUrl, thumbnailUrl, the reveal URLs, avatarUrl, …) becomes
 * an absolute URL on the site's origin, so a script, a feed reader or another site can use it as it is.
 *
 * It works on the JSON text as sent: a member name is a quoted string followed by a colon, and a quote inside a
 * string is always escaped, so the pattern only ever matches a member and never text a user wrote.
 */
const IMAGE_URL_MEMBER = new RegExp(`("\\w*Url":")(${imageUrl("")})`, "g");

/** The JSON text with its image paths made absolute on `origin` (e.g. `https://gallery.example`). */
export const absoluteImageUrls = (json: string, origin: string): string =>
  json.replace(IMAGE_URL_MEMBER, (_match, member: string, path: string) => `${member}${origin}${path}`);
