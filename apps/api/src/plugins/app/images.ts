import fp from "fastify-plugin";
import fresh from "fresh";
import { storeCollectionPreview } from "../../domain/images/collection-previews.js";
import { contentHash, isBlurredKey, isCollectionPreviewKey, isPreviewKey } from "../../domain/images/keys.js";
import { storePreview } from "../../domain/images/previews.js";
import { imageAccess } from "../../domain/images/references.js";
import { storeBlurred } from "../../domain/images/variants.js";
import { errorBody } from "../../http/errors.js";

/**
 * Browsers keep an image for a year (keys are content hashes). Shared caches (CDN, proxy) must ask again
 * on every use (`s-maxage=0, proxy-revalidate`; a 304 when the ETag matches, no bytes read from storage),
 * so an image that stops being public (its listing marked NSFW, then released) is never served from them.
 * NSFW listings' images live under keys that were never public (docs/listings.md).
 */
const SHARED = "public, max-age=31536000, s-maxage=0, proxy-revalidate, immutable";
const PRIVATE = "private, max-age=31536000, immutable";

/**
 * GET /images/{key}: streams a stored image. Who may see a key is the images module's and the viewer
 * policy's answer: an NSFW listing's image is never sent to a visitor nor with shared cache headers.
 */
export default fp(
  async (app) => {
    // Pictures are part of rendering a page: never turned away under pressure (plugins/external/under-pressure.ts).
    // A refusal opened in a browser tab is the app's page (plugins/app/error-pages.ts).
    const config = { rendersPage: true, errorPage: "image" } as const;
    app.get<{ Params: { "*": string } }>("/images/*", { config }, async (request, reply) => {
      const key = request.params["*"];
      const access = await imageAccess(app.database.db, key, () => request.currentUser());
      // Refusals are never stored by a cache: the same URL may be visible to the next caller.
      const refuse = (status: 401 | 404, message: string) =>
        reply.status(status).removeHeader("ETag").header("Cache-Control", "no-store").send(errorBody(status, message));
      if (access === "missing") return refuse(404, "Not Found");
      if (access === "hidden") return refuse(401, "Unauthorized");

      const etag = `"${isBlurredKey(key) ? "blurred-" : ""}${contentHash(key)}"`;
      reply.header("Cache-Control", access.shared ? SHARED : PRIVATE).header("ETag", etag);
      if (fresh(request.headers, { etag })) return reply.status(304).send();
      let object = await app.storage.get(key);
      // A blurred copy (members whose NSFW display is Blur) and a share preview (a listing page's og:image) are
      // made on their first request and kept.
      if (!object && isBlurredKey(key) && (await storeBlurred(app.storage, key))) object = await app.storage.get(key);
      if (!object && isPreviewKey(key) && (await storePreview(app.database.db, app.storage, key))) {
        object = await app.storage.get(key);
      }
      // A public collection's mosaic (its page's og:image), likewise.
      if (!object && isCollectionPreviewKey(key) && (await storeCollectionPreview(app.database.db, app.storage, key))) {
        object = await app.storage.get(key);
      }
      if (!object) return refuse(404, "Not Found");
      return reply.header("Content-Length", object.size).type(object.contentType).send(object.stream);
    });
  },
  { name: "images", dependencies: ["database", "storage", "current-user"] },
);
