import {
  adminChatbotResponseSchema,
  adminListSchema,
  adminStatsSchema,
  adminUserInputSchema,
  adminUserSchema,
  chatbotResponseSchema,
  userResponseSchema,
} from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminStats,
  approveUser,
  deleteUser,
  listAllListings,
  listApprovedUsers,
  listPendingUsers,
  makeAdmin,
  rejectUser,
  removeAdmin,
} from "../domain/admin/moderation.js";
import { deleteListing, updateListing } from "../domain/listings/commands.js";
import { errors } from "./docs.js";
import { imageJobRoutes } from "./image-jobs.js";
import { sendPage } from "./pagination.js";
import { depsOf, viewerOf } from "./request.js";
import { chatbotUpdateForm, fromQuery, successSchema } from "./schemas.js";

/** Each user with what the viewer may do to them (the admin panel shows only those actions). */
const userList = z.array(adminUserSchema);
const tags = ["admin"];

/** Moderation (spec section 6): admins and super admins; rights and image tools for super admins only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/stats",
    {
      config: { access: "moderator" },
      schema: {
        operationId: "getAdminStats",
        summary: "User and listing counts",
        tags,
        response: { 200: adminStatsSchema, ...errors(401, 403, 503) },
      },
    },
    async (request) => adminStats(depsOf(request), await viewerOf(request)),
  );

  app.get(
    "/admin/pending-users",
    {
      config: { access: "moderator", paged: true },
      schema: {
        operationId: "listPendingUsers",
        summary: "Users waiting for approval, newest first",
        description: "Next page in the Link header.",
        tags,
        querystring: fromQuery(adminListSchema),
        response: { 200: userList, ...errors(400, 401, 403, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listPendingUsers(depsOf(request), await viewerOf(request), request.query)),
  );

  app.get(
    "/admin/approved-users",
    {
      config: { access: "moderator", paged: true },
      schema: {
        operationId: "listApprovedUsers",
        summary: "Approved users, newest first",
        description: "Next page in the Link header.",
        tags,
        querystring: fromQuery(adminListSchema),
        response: { 200: userList, ...errors(400, 401, 403, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listApprovedUsers(depsOf(request), await viewerOf(request), request.query)),
  );

  app.get(
    "/admin/chatbots",
    {
      config: { access: "moderator", paged: true },
      schema: {
        operationId: "listAllChatbots",
        summary: "Every listing with its creator's name and e-mail, newest first",
        description: "Next page in the Link header.",
        tags,
        querystring: fromQuery(adminListSchema),
        response: { 200: z.array(adminChatbotResponseSchema), ...errors(400, 401, 403, 503) },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listAllListings(depsOf(request), await viewerOf(request), request.query)),
  );

  app.post(
    "/admin/approve-user/:id",
    {
      config: { access: "moderator" },
      schema: {
        operationId: "approveUser",
        summary: "Approve a pending user",
        tags,
        params: adminUserInputSchema,
        response: { 200: userResponseSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => approveUser(depsOf(request), await viewerOf(request), request.params),
  );

  app.delete(
    "/admin/reject-user/:id",
    {
      config: { access: "moderator" },
      schema: {
        operationId: "rejectUser",
        summary: "Reject (delete) a user waiting for approval",
        tags,
        params: adminUserInputSchema,
        response: { 200: successSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => rejectUser(depsOf(request), await viewerOf(request), request.params),
  );

  app.put(
    "/admin/chatbots/:id",
    {
      config: { access: "moderator" },
      schema: {
        operationId: "moderateChatbot",
        summary: "Change any listing",
        description: "The owner's form (only the fields sent change), for any listing.",
        tags,
        consumes: ["multipart/form-data"],
        params: adminUserInputSchema,
        body: chatbotUpdateForm,
        response: { 200: chatbotResponseSchema, ...errors(400, 401, 403, 404, 413, 415, 429, 503) },
      },
    },
    async (request) => {
      const { image, ...fields } = request.body;
      const input = { id: request.params.id, fields, image };
      return updateListing(depsOf(request), await viewerOf(request), input, { asModerator: true });
    },
  );

  app.delete(
    "/admin/chatbots/:id",
    {
      config: { access: "moderator" },
      schema: {
        operationId: "moderateDeleteChatbot",
        summary: "Delete any listing",
        tags,
        params: adminUserInputSchema,
        response: { 200: successSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => deleteListing(depsOf(request), await viewerOf(request), request.params, { asModerator: true }),
  );

  app.delete(
    "/admin/users/:id",
    {
      config: { access: "moderator" },
      schema: {
        operationId: "deleteUser",
        summary: "Delete a user with their listings and images",
        description: "Not oneself, never a super admin.",
        tags,
        params: adminUserInputSchema,
        response: { 200: successSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => deleteUser(depsOf(request), await viewerOf(request), request.params),
  );

  app.post(
    "/admin/users/:id/make-admin",
    {
      config: { access: "superAdmin" },
      schema: {
        operationId: "makeAdmin",
        summary: "Grant admin rights",
        tags,
        params: adminUserInputSchema,
        response: { 200: userResponseSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => makeAdmin(depsOf(request), await viewerOf(request), request.params),
  );

  app.post(
    "/admin/users/:id/remove-admin",
    {
      config: { access: "superAdmin" },
      schema: {
        operationId: "removeAdmin",
        summary: "Remove admin rights",
        tags,
        params: adminUserInputSchema,
        response: { 200: userResponseSchema, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => removeAdmin(depsOf(request), await viewerOf(request), request.params),
  );

  await app.register(imageJobRoutes);
};
