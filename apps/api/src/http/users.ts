import {
  aboutSchema,
  chatbotResponseSchema,
  listChatbotsSchema,
  nicknameSchema,
  PAGE_SIZE_MAX,
  profileSchema,
  socialLinksInputSchema,
  userIdSchema,
  userResponseSchema,
} from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listCreatorListings, listCreatorListingsAudiences } from "../domain/listings/queries.js";
import {
  readProfile,
  readProfileAudiences,
  updateAbout,
  updateAvatar,
  updateNickname,
  updateSocialLinks,
} from "../domain/users/profile.js";
import { errors } from "./docs.js";
import { sendPage } from "./pagination.js";
import { depsOf, viewerOf } from "./request.js";
import { fromQuery, uploadSchema } from "./schemas.js";

/** A page of a creator's listings: the gallery's paging, 100 a page unless asked otherwise. */
const creatorListingsQuery = fromQuery(
  z.object({
    limit: listChatbotsSchema.shape.limit.unwrap().default(PAGE_SIZE_MAX),
    cursor: listChatbotsSchema.shape.cursor,
  }),
);

/** Profiles. Every change applies to the caller's own account only: no call takes a user id to change. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users/:userId",
    {
      config: { sharedBy: readProfileAudiences, publicRead: true },
      schema: {
        operationId: "getUser",
        summary: "A profile",
        description:
          "Visitors and other members get the public fields (PublicProfile); the owner and moderators get the whole User. A pending user's profile is visible to themselves and moderators only.",
        tags: ["users"],
        params: userIdSchema,
        response: { 200: profileSchema, ...errors(400, 404, 503) },
      },
    },
    async (request) => readProfile(depsOf(request), await viewerOf(request), request.params),
  );

  app.get(
    "/users/:userId/chatbots",
    {
      config: { sharedBy: listCreatorListingsAudiences, paged: true, publicRead: true },
      schema: {
        operationId: "listUserChatbots",
        summary: "A creator's listings, newest first",
        description: "The gallery's rules apply: visitors get SFW listings only. Next page in the Link header.",
        tags: ["users"],
        params: userIdSchema,
        querystring: creatorListingsQuery,
        response: { 200: z.array(chatbotResponseSchema), ...errors(400, 404, 503) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listCreatorListings(depsOf(request), await viewerOf(request), { ...request.params, ...request.query }),
      ),
  );

  app.put(
    "/user/nickname",
    {
      config: { access: "member" },
      schema: {
        operationId: "updateNickname",
        summary: "Change the nickname",
        description: "At most 32 characters, unique whatever the case.",
        tags: ["users"],
        body: z.object({ nickname: nicknameSchema }),
        response: { 200: userResponseSchema, ...errors(400, 401, 409, 429, 503) },
      },
    },
    async (request) => updateNickname(depsOf(request), await viewerOf(request), request.body),
  );

  app.put(
    "/user/about",
    {
      config: { access: "member" },
      schema: {
        operationId: "updateAbout",
        summary: "Change the about text",
        description: "At most 500 characters, no web addresses; an empty text clears it.",
        tags: ["users"],
        body: z.object({ about: aboutSchema }),
        response: { 200: userResponseSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => updateAbout(depsOf(request), await viewerOf(request), request.body),
  );

  app.put(
    "/user/social-media",
    {
      config: { access: "member" },
      schema: {
        operationId: "updateSocialLinks",
        summary: "Change the six social links",
        description: 'All six every time: a web address, or "" for none.',
        tags: ["users"],
        body: socialLinksInputSchema,
        response: { 200: userResponseSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => updateSocialLinks(depsOf(request), await viewerOf(request), request.body),
  );

  app.put(
    "/user/avatar",
    {
      config: { access: "member" },
      schema: {
        operationId: "updateAvatar",
        summary: "Upload an avatar",
        description: "JPG, PNG or WebP under 5 MB. A visitor's upload is refused before it is read.",
        tags: ["users"],
        consumes: ["multipart/form-data"],
        body: z.object({ avatar: uploadSchema("Please select a JPEG, PNG, or WebP image.") }),
        response: { 200: userResponseSchema, ...errors(400, 401, 413, 415, 429, 503) },
      },
    },
    async (request) => updateAvatar(depsOf(request), await viewerOf(request), request.body),
  );
};
