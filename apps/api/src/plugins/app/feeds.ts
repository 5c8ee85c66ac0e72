import { createHash } from "node:crypto";
import { FEED_FORMATS, type FeedFormat } from "@gallery/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fresh from "fresh";
import { callContext } from "../../calls/context.js";
import { NotFoundError } from "../../domain/errors.js";
import { collectionListings, creatorListings, newestListings } from "../../domain/feeds.js";
import { siteOrigin } from "../../http/site-origin.js";
import { collectionFeedPath, creatorFeedPath, newestFeedPath } from "../../services/feed-links.js";
import { type AtomFeed, collectionFeed, creatorFeed, newestFeed, renderFeed } from "../../services/feeds.js";
import { SAME_FOR_EVERYONE } from "../../services/response-cache.js";

/**
 * A feed reader may keep a feed five minutes; a shared cache (CDN, proxy) asks again on every use, as for the
 * sitemap and a listing's own answers, so it never keeps naming a listing that turned NSFW or was hidden. Its
 * asking is cheap: the ETag answers 304, and the answer is this server's shared copy until a listing changes.
 */
const FEED_CACHE = "public, max-age=300, s-maxage=0, proxy-revalidate";

/**
 * The feeds, each as Atom and as RSS 2.0 at the same path (issue 39 §3): the gallery's newest listings
 * (GET /feeds/newest.atom, /feeds/newest.rss), one creator's (GET /feeds/creators/{userId}.atom, .rss) and a public
 * collection's newest additions (GET /feeds/collections/{id}.atom, .rss), linked from the heads of `/`, of profile
 * and of collection pages and by the pages' visible "Follow via feed" links. Documents for feed
 * readers beside /sitemap.xml, not calls of the JSON API under /api (which robots.txt keeps crawlers out of).
 * Absolute links use PUBLIC_URL, else the request's origin, as the heads do.
 */
export default fp(
  async (app) => {
    // A feed is a visitor's view whoever asks (domain/feeds.ts); each format is its own shared copy (its own URL).
    const config = { sharedBy: SAME_FOR_EVERYONE };

    for (const format of Object.keys(FEED_FORMATS) as FeedFormat[]) {
      app.get(newestFeedPath(format), { config }, async (request, reply) => {
        const listings = await newestListings(await callContext(request));
        return sendFeed(request, reply, newestFeed(siteOrigin(request), listings), format);
      });

      app.get<{ Params: { userId: string } }>(
        creatorFeedPath(":userId", format),
        { config },
        async (request, reply) => {
          try {
            const { creator, listings } = await creatorListings(await callContext(request), request.params.userId);
            return sendFeed(request, reply, creatorFeed(siteOrigin(request), creator, listings), format);
          } catch (error) {
            // An unknown creator, or one a visitor may not see: 'User not found', as their profile answers.
            if (error instanceof NotFoundError) return reply.status(404).send({ message: error.message });
            throw error;
          }
        },
      );

      app.get<{ Params: { collectionId: string } }>(
        collectionFeedPath(":collectionId", format),
        { config },
        async (request, reply) => {
          try {
            const { collection, listings } = await collectionListings(
              await callContext(request),
              request.params.collectionId,
            );
            return sendFeed(request, reply, collectionFeed(siteOrigin(request), collection, listings), format);
          } catch (error) {
            // Unknown, private, or its owner not shown: 'Collection not found', as its page answers a visitor.
            if (error instanceof NotFoundError) return reply.status(404).send({ message: error.message });
            throw error;
          }
        },
      );
    }
  },
  { name: "feeds", dependencies: ["config", "current-user", "database"] },
);

/** The feed in its format with its validators: 304 when the client's copy is still the one it would get. */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: AtomFeed, format: FeedFormat) {
  const { body, type } = renderFeed(feed, format);
  // Weak: the same feed may travel compressed or not.
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const lastModified = new Date(feed.updated).toUTCString();
  reply
    .header("Cache-Control", FEED_CACHE)
    .header("ETag", etag)
    .header("Last-Modified", lastModified)
    .type(`${type}; charset=utf-8`);
  if (fresh(request.headers, { etag, "last-modified": lastModified })) return reply.status(304).send();
  return reply.send(body);
}
