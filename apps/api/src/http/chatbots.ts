import {
  chatbotResponseSchema,
  creatorPageFieldsSchema,
  idSchema,
  listChatbotsSchema,
  seriesInputSchema,
  tagCountSchema,
  topTagsSchema,
} from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createListing, deleteListing, updateListing } from "../domain/listings/commands.js";
import {
  findListing,
  findListingAudiences,
  listGallery,
  listGalleryAudiences,
  listOwnListings,
  listSeries,
  listSeriesAudiences,
  TOP_TAGS_SCAN,
  topTags,
  topTagsAudiences,
} from "../domain/listings/queries.js";
import { errors } from "./docs.js";
import { sendPage } from "./pagination.js";
import { depsOf, viewerOf } from "./request.js";
import { chatbotCreateForm, chatbotUpdateForm, fromQuery, successSchema } from "./schemas.js";

const chatbotList = z.array(chatbotResponseSchema);
const idParams = z.object({ id: idSchema });
const MULTIPART = ["multipart/form-data"];

/** The gallery's filters and paging, as tRPC's chatbots.list takes them. */
const FILTER_DESCRIPTIONS = {
  search: "Words in the title, tags, series or creator name.",
  nsfw: "Members only: true for NSFW only, false for SFW only (visitors always get SFW only).",
  tags: "Only listings carrying every one of these tags (comma separated, or the parameter repeated).",
  excludeTags: "Only listings carrying none of these tags (comma separated, or the parameter repeated).",
};
const galleryQuery = fromQuery(listChatbotsSchema, {
  ...FILTER_DESCRIPTIONS,
  sort: "newest (default); popular: unique click-outs of the last 30 days; trending: the last 7 days against the 7 before; az: by title. Every order pages with the Link header's cursor.",
});
const topTagsQuery = fromQuery(topTagsSchema, { ...FILTER_DESCRIPTIONS, limit: "How many tags." });
/** Paging of one creator's own lists: large pages by default (a whole list in practice). */
const creatorPageQuery = fromQuery(creatorPageFieldsSchema);

/** GET /api/chatbots/{id}: `showHidden=true` shows a listing the member's safety settings hide, this once. */
const showHiddenQuery = fromQuery(
  z.object({
    showHidden: z
      .boolean()
      .optional()
      .meta({ description: "true: show a listing hidden by the caller's safety settings this once." }),
  }),
);

export const chatbotsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/chatbots",
    {
      config: { sharedBy: listGalleryAudiences, paged: true, publicRead: true },
      schema: {
        operationId: "listChatbots",
        summary: "The gallery, newest first or in the order asked",
        description: "Visitors get SFW listings only. The next page is linked in the Link header.",
        tags: ["chatbots"],
        querystring: galleryQuery,
        response: { 200: chatbotList, ...errors(400, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listGallery(depsOf(request), await viewerOf(request), request.query)),
  );

  app.get(
    "/chatbots/:id",
    {
      config: { sharedBy: findListingAudiences, publicRead: true },
      schema: {
        operationId: "getChatbot",
        summary: "One listing",
        description:
          "An NSFW listing is for signed-in members: a visitor gets 401 and nothing of it. A listing the member's safety settings hide (a blocked tag; NSFW under Hide) is 403 with the reason, unless `showHidden=true` (show it this once).",
        tags: ["chatbots"],
        params: idParams,
        querystring: showHiddenQuery,
        response: { 200: chatbotResponseSchema, ...errors(400, 401, 403, 404, 503) },
      },
    },
    async (request) => findListing(depsOf(request), await viewerOf(request), { ...request.params, ...request.query }),
  );

  app.get(
    "/chatbots/tags",
    {
      config: { sharedBy: topTagsAudiences },
      schema: {
        operationId: "listChatbotTags",
        summary: "The most used tags for the gallery's filters",
        description: `Tag facets: each tag with how many matching listings carry it, most used first. Counted over at most ${TOP_TAGS_SCAN} matches (exact below that; above, a sample of the matches). Visitors: SFW listings only.`,
        tags: ["chatbots"],
        querystring: topTagsQuery,
        response: { 200: z.array(tagCountSchema), ...errors(400, 503) },
      },
    },
    async (request) => topTags(depsOf(request), await viewerOf(request), request.query),
  );

  app.post(
    "/chatbots",
    {
      config: { access: "publisher" },
      schema: {
        operationId: "createChatbot",
        summary: "Create a listing",
        description: "Approved members. The image (JPG, PNG or WebP under 5 MB) is required.",
        tags: ["chatbots"],
        consumes: MULTIPART,
        body: chatbotCreateForm,
        response: { 201: chatbotResponseSchema, ...errors(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const { image, ...fields } = request.body;
      const created = await createListing(depsOf(request), await viewerOf(request), { fields, image });
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/chatbots/:id",
    {
      config: { access: "publisher" },
      schema: {
        operationId: "updateChatbot",
        summary: "Change an own listing",
        description: "Only the fields sent change; a new image replaces the old one.",
        tags: ["chatbots"],
        consumes: MULTIPART,
        params: idParams,
        body: chatbotUpdateForm,
        response: { 200: chatbotResponseSchema, ...errors(400, 401, 403, 404, 413, 415, 429, 503) },
      },
    },
    async (request) => {
      const { image, ...fields } = request.body;
      return updateListing(depsOf(request), await viewerOf(request), { id: request.params.id, fields, image });
    },
  );

  app.delete(
    "/chatbots/:id",
    {
      config: { access: "publisher" },
      schema: {
        operationId: "deleteChatbot",
        summary: "Delete an own listing",
        tags: ["chatbots"],
        params: idParams,
        response: { 200: successSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => deleteListing(depsOf(request), await viewerOf(request), { id: request.params.id }),
  );

  app.get(
    "/user/chatbots",
    {
      config: { access: "member", paged: true },
      schema: {
        operationId: "listOwnChatbots",
        summary: "The caller's listings, NSFW included",
        tags: ["chatbots"],
        querystring: creatorPageQuery,
        response: { 200: chatbotList, ...errors(400, 401, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listOwnListings(depsOf(request), await viewerOf(request), request.query)),
  );

  app.get(
    "/series/:seriesName/:creatorId",
    {
      config: { access: "member", sharedBy: listSeriesAudiences, paged: true },
      schema: {
        operationId: "listSeries",
        summary: "A creator's story series",
        tags: ["chatbots"],
        params: seriesInputSchema.pick({ seriesName: true, creatorId: true }),
        querystring: creatorPageQuery,
        response: { 200: chatbotList, ...errors(400, 401, 503) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listSeries(depsOf(request), await viewerOf(request), { ...request.params, ...request.query }),
      ),
  );
};
