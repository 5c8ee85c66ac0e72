import {
  collectionPath,
  creatorDisplayName,
  idSchema,
  listingPath,
  PLAIN_GALLERY_READS,
  parseTags,
  TAG_FILTER_MAX,
} from "@gallery/schema";
import type { AnsweredRead } from "@gallery/schema/first-reads";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { callContext } from "../../calls/context.js";
import { calls } from "../../calls/index.js";
import { asUnavailable, HiddenListingError, NotFoundError, UnauthorizedError } from "../../domain/errors.js";
import { collectionSharePreview } from "../../domain/images/collection-previews.js";
import { sharePreviewOf } from "../../domain/images/previews.js";
import { findListing } from "../../domain/listings/queries.js";
import { findCollection } from "../../domain/members/collections.js";
import { readProfile } from "../../domain/users/profile.js";
import { answerFirstReads, firstRailPictures } from "../../http/first-reads.js";
import { siteOrigin } from "../../http/site-origin.js";
import {
  collectionHead,
  galleryHead,
  indexTemplate,
  listingHead,
  type PageHead,
  placeholderHead,
  profileHead,
} from "../../services/page-head.js";

/**
 * The public pages (/, /?search=..., /chatbots/{id}/{slug}, /profile/{id}, /collections/{id}/{slug}) answered with the built
 * index.html whose head is filled for the page (title, description, canonical URL, Open Graph, Twitter
 * card, JSON-LD): share previews and search engines read it without running the app. The content rules are
 * the domain's (findListing, readProfile): a visitor asking for an NSFW listing gets 401 and a head with nothing
 * of it. A listing asked for under an old or wrong slug is redirected (301) to its current address. The plain
 * gallery also comes with its first screen, drawn by the web's own components on the server.
 */
export default fp(
  async (app) => {
    const index = app.webIndexHtml;
    if (!index) return;
    const page = indexTemplate(index);
    // Each page's own code, preloaded from its head (the gallery's plain view also draws the rails).
    const code = {
      gallery: app.webPageModules(["browse", "rails"]),
      browse: app.webPageModules(["browse"]),
      listing: app.webPageModules(["listing"]),
      profile: app.webPageModules(["profile"]),
    };
    const send = (reply: FastifyReply, status: number, head: PageHead, modules: string[], firstScreen?: string) =>
      reply
        .status(status)
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(page({ ...head, preloadModules: modules }, firstScreen));
    /**
     * The plain gallery's first screen drawn from its carried answers (apps/web entry-server.tsx), so a phone shows
     * it before the app has run; only when every read was answered (else the app draws what failed), and never at
     * the cost of the page: a drawing that fails leaves the app to draw.
     */
    const drawGallery = async (request: FastifyRequest, reads: AnsweredRead[]) => {
      if (!app.drawWebPage || reads.length < PLAIN_GALLERY_READS.length) return undefined;
      try {
        return await app.drawWebPage("/", reads, { signedIn: (await request.currentUser()) !== null });
      } catch (error) {
        request.log.warn({ err: error }, "first screen not drawn");
        return undefined;
      }
    };
    /**
     * A page whose content cannot be read now (the database is down or too busy) is still the app, never a JSON
     * error: 503 (Retry-After, so crawlers come back) with a head that names nothing; the app shows what failed.
     */
    const sendUnavailable = (
      request: FastifyRequest,
      reply: FastifyReply,
      path: string,
      modules: string[],
      error: unknown,
    ) => {
      if (!asUnavailable(error)) throw error;
      request.log.warn({ err: error }, "page served without its content");
      return send(reply, 503, placeholderHead(siteOrigin(request), path, "unavailable"), modules);
    };

    app.get<{ Querystring: { search?: unknown; tags?: unknown; view?: unknown } }>(
      "/",
      { config: { rendersPage: true } },
      async (request, reply) => {
        const { search, tags, view } = request.query;
        // The plain gallery (nothing in the address) is every first visit's page: its data comes with it, and the
        // rails' code (they are drawn whether or not their answers could be carried).
        const plain = Object.keys(request.query).length === 0;
        const reads = plain ? await answerFirstReads(request, PLAIN_GALLERY_READS) : [];
        const head = galleryHead(
          siteOrigin(request),
          {
            search: typeof search === "string" ? search : undefined,
            // As the web reads the address (browse-filters.ts splitTags): no repeats, at most TAG_FILTER_MAX.
            tags: typeof tags === "string" ? [...new Set(parseTags(tags))].slice(0, TAG_FILTER_MAX) : [],
            following: view === "following",
          },
          { reads, pictures: firstRailPictures(reads) },
        );
        return send(
          reply,
          200,
          head,
          plain ? code.gallery : code.browse,
          plain ? await drawGallery(request, reads) : undefined,
        );
      },
    );

    const listingPage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const base = siteOrigin(request);
      const { id } = request.params;
      if (!idSchema.safeParse(id).success)
        return send(reply, 404, placeholderHead(base, request.url, "not-found"), code.listing);
      const bare = `/chatbots/${id}`;
      try {
        const ctx = await callContext(request);
        const listing = await findListing(ctx, ctx.user, { id });
        const path = listingPath(listing);
        const [pathname, query] = request.url.split("?");
        if (pathname !== path) return reply.redirect(query ? `${path}?${query}` : path, 301);
        const creatorName = creatorDisplayName(listing.user);
        const reads = await answerFirstReads(request, [{ path: "chatbots.byId", input: { id }, infinite: false }]);
        return send(
          reply,
          200,
          {
            ...listingHead(base, path, { ...listing, creatorName, sharePreview: sharePreviewOf(listing) }),
            firstReads: reads,
          },
          code.listing,
        );
      } catch (error) {
        if (error instanceof UnauthorizedError)
          return send(reply, 401, placeholderHead(base, bare, "sign-in"), code.listing);
        if (error instanceof NotFoundError)
          return send(reply, 404, placeholderHead(base, bare, "not-found"), code.listing);
        // Hidden by the member's own safety settings: the page says so (and offers to show it once).
        if (error instanceof HiddenListingError)
          return send(reply, 200, placeholderHead(base, bare, "hidden"), code.listing);
        return sendUnavailable(request, reply, bare, code.listing, error);
      }
    };
    // A page is shared by the audiences that share its read (a 200 only: see plugins/app/response-cache.ts).
    const listingConfig = { sharedBy: calls.chatbots.byId.sharing, rendersPage: true };
    app.get("/chatbots/:id", { config: listingConfig }, listingPage);
    app.get("/chatbots/:id/:slug", { config: listingConfig }, listingPage);

    /**
     * A collection's page (/collections/{id}/{slug}): its head from the same domain read as the API
     * (findCollection: a private one is its owner's alone, 404 to anyone else), its mosaic as the share preview; a
     * wrong or missing slug is redirected (301) to its current address. The app draws the page itself. Never a
     * shared copy: the answer differs for the owner of a private collection.
     */
    const collectionPage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const base = siteOrigin(request);
      const { id } = request.params;
      const bare = `/collections/${id}`;
      if (!idSchema.safeParse(id).success) return send(reply, 404, placeholderHead(base, bare, "not-found"), []);
      try {
        const ctx = await callContext(request);
        const { summary } = await findCollection(ctx.db, ctx.user, id);
        const path = collectionPath(summary);
        const [pathname, query] = request.url.split("?");
        if (pathname !== path) return reply.redirect(query ? `${path}?${query}` : path, 301);
        const sharePreview = summary.public ? await collectionSharePreview(ctx.db, id) : null;
        return send(reply, 200, collectionHead(base, path, { ...summary, sharePreview }), []);
      } catch (error) {
        if (error instanceof NotFoundError) return send(reply, 404, placeholderHead(base, bare, "not-found"), []);
        return sendUnavailable(request, reply, bare, [], error);
      }
    };
    app.get("/collections/:id", { config: { rendersPage: true } }, collectionPage);
    app.get("/collections/:id/:slug", { config: { rendersPage: true } }, collectionPage);

    app.get<{ Params: { userId: string } }>(
      "/profile/:userId",
      { config: { sharedBy: calls.users.byId.sharing, rendersPage: true } },
      async (request, reply) => {
        const base = siteOrigin(request);
        const { userId } = request.params;
        const notFound = () => send(reply, 404, placeholderHead(base, `/profile/${userId}`, "not-found"), code.profile);
        if (!idSchema.safeParse(userId).success) return notFound();
        try {
          const ctx = await callContext(request);
          const user = await readProfile(ctx, ctx.user, { userId });
          return send(reply, 200, profileHead(base, { ...user, name: creatorDisplayName(user) }), code.profile);
        } catch (error) {
          if (error instanceof NotFoundError) return notFound();
          return sendUnavailable(request, reply, `/profile/${userId}`, code.profile, error);
        }
      },
    );
  },
  { name: "page-head", dependencies: ["web", "config", "current-user", "database"] },
);
