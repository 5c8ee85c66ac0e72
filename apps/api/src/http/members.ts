import {
  chatbotResponseSchema,
  favoriteInputSchema,
  favoriteStateSchema,
  favoritesPageSchema,
  followInputSchema,
  followingFeedSchema,
  followStateSchema,
} from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listFavorites, listFavoritesAudiences, removeFavorite, saveFavorite } from "../domain/members/favorites.js";
import { follow, listFollowingFeed, listFollowingFeedAudiences, unfollow } from "../domain/members/follows.js";
import { errors } from "./docs.js";
import { sendPage } from "./pagination.js";
import { depsOf, viewerOf } from "./request.js";
import { fromQuery } from "./schemas.js";

/**
 * Favourites and follows (docs/members.md): the caller's own, so nothing here is shared (no `sharedBy`).
 * PUT and DELETE are idempotent: saving twice is one save, removing what is not saved changes nothing.
 */
const chatbotList = z.array(chatbotResponseSchema);
const favoritesQuery = fromQuery(favoritesPageSchema.unwrap());
const followingQuery = fromQuery(followingFeedSchema, {
  sort: "newest (default), popular, trending, az or saved, as the gallery. Every order pages with the Link header's cursor.",
});

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/favorites",
    {
      config: { access: "member", paged: true, sharedBy: listFavoritesAudiences },
      schema: {
        operationId: "listFavorites",
        summary: "The caller's saved listings, newest saved first",
        description: "The listings the caller may still see. The next page is linked in the Link header.",
        tags: ["members"],
        querystring: favoritesQuery,
        response: { 200: chatbotList, ...errors(400, 401, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listFavorites(depsOf(request), await viewerOf(request), request.query)),
  );

  app.put(
    "/user/favorites/:chatbotId",
    {
      config: { access: "member" },
      schema: {
        operationId: "saveFavorite",
        summary: "Save a listing",
        description:
          "Idempotent: saving a saved listing changes nothing. A listing the caller may not see is 404 or 401.",
        tags: ["members"],
        params: favoriteInputSchema,
        response: { 200: favoriteStateSchema, ...errors(400, 401, 404, 429, 503) },
      },
    },
    async (request) => saveFavorite(depsOf(request), await viewerOf(request), request.params),
  );

  app.delete(
    "/user/favorites/:chatbotId",
    {
      config: { access: "member" },
      schema: {
        operationId: "removeFavorite",
        summary: "Remove a saved listing",
        description: "Idempotent: removing a listing that is not saved changes nothing.",
        tags: ["members"],
        params: favoriteInputSchema,
        response: { 200: favoriteStateSchema, ...errors(400, 401, 404, 429, 503) },
      },
    },
    async (request) => removeFavorite(depsOf(request), await viewerOf(request), request.params),
  );

  app.get(
    "/user/following",
    {
      config: { access: "member", paged: true, sharedBy: listFollowingFeedAudiences },
      schema: {
        operationId: "listFollowingFeed",
        summary: "Listings of the creators the caller follows, newest first",
        description: "The gallery's filters and orders apply. The next page is linked in the Link header.",
        tags: ["members"],
        querystring: followingQuery,
        response: { 200: chatbotList, ...errors(400, 401, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listFollowingFeed(depsOf(request), await viewerOf(request), request.query)),
  );

  app.put(
    "/user/follows/:userId",
    {
      config: { access: "member" },
      schema: {
        operationId: "followUser",
        summary: "Follow a creator",
        description:
          "Idempotent. Following oneself is 400 'You cannot follow yourself'; an unknown or hidden profile 404.",
        tags: ["members"],
        params: followInputSchema,
        response: { 200: followStateSchema, ...errors(400, 401, 404, 429, 503) },
      },
    },
    async (request) => follow(depsOf(request), await viewerOf(request), request.params),
  );

  app.delete(
    "/user/follows/:userId",
    {
      config: { access: "member" },
      schema: {
        operationId: "unfollowUser",
        summary: "Stop following a creator",
        description: "Idempotent: unfollowing someone not followed changes nothing.",
        tags: ["members"],
        params: followInputSchema,
        response: { 200: followStateSchema, ...errors(400, 401, 404, 429, 503) },
      },
    },
    async (request) => unfollow(depsOf(request), await viewerOf(request), request.params),
  );
};
