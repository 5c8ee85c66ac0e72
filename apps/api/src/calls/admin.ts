import {
  adminChatbotResponseSchema,
  adminListSchema,
  adminPageInputSchema,
  adminStatsSchema,
  adminUserInputSchema,
  adminUserSchema,
  chatbotResponseSchema,
  imageJobKindSchema,
  imageJobSchema,
  successSchema,
  userResponseSchema,
} from "@gallery/schema";
import { z } from "zod";
import { currentImageJob, startImageJob } from "../domain/admin/image-jobs.js";
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
import { deleteAsModerator, editAsModerator } from "../domain/moderation/edit.js";
import { type Call, mutation, pageOf, query, rest } from "./call.js";
import { listingIdInput, updateListingForm } from "./chatbots.js";
import { chatbotUpdateForm, fromQuery } from "./rest-schemas.js";

const adminListQuery = fromQuery(adminListSchema);

/** A moderators' table: its rows' schema, the domain function that reads a page of them, its REST path and names. */
interface ModeratorList<Item extends z.ZodType> {
  item: Item;
  run: Call<typeof adminPageInputSchema, ReturnType<typeof pageOf<Item>>, "query">["run"];
  path: string;
  operationId: string;
  summary: string;
}

/**
 * A moderators' table (its rows `item`, in the domain's order, keyset-paged by the admin page input): `pageOf(item)`
 * over tRPC; over REST a GET under the admin tag, `limit` and `cursor` in the query, the next page in the Link header.
 */
export const moderatorList = <Item extends z.ZodType>({ item, run, ...route }: ModeratorList<Item>) =>
  query({
    access: "moderator",
    input: adminPageInputSchema,
    output: pageOf(item),
    paged: true,
    run,
    rest: rest({
      method: "GET",
      ...route,
      description: "Next page in the Link header.",
      tag: "admin",
      query: adminListQuery,
    }),
  });

/** Moderation (spec section 6): admins and super admins; rights and image tools for super admins only. */
export const adminCalls = {
  stats: query({
    access: "moderator",
    output: adminStatsSchema,
    run: adminStats,
    rest: rest({
      method: "GET",
      path: "/admin/stats",
      operationId: "getAdminStats",
      summary: "User and listing counts",
      tag: "admin",
    }),
  }),

  pendingUsers: moderatorList({
    item: adminUserSchema,
    run: listPendingUsers,
    path: "/admin/pending-users",
    operationId: "listPendingUsers",
    summary: "Users waiting for approval, newest first",
  }),

  approvedUsers: moderatorList({
    item: adminUserSchema,
    run: listApprovedUsers,
    path: "/admin/approved-users",
    operationId: "listApprovedUsers",
    summary: "Approved users, newest first",
  }),

  chatbots: moderatorList({
    item: adminChatbotResponseSchema,
    run: listAllListings,
    path: "/admin/chatbots",
    operationId: "listAllChatbots",
    summary: "Every listing with its creator's name and e-mail, newest first",
  }),

  approveUser: mutation({
    access: "moderator",
    input: adminUserInputSchema,
    output: userResponseSchema,
    run: approveUser,
    rest: rest({
      method: "POST",
      path: "/admin/approve-user/:id",
      operationId: "approveUser",
      summary: "Approve a pending user",
      tag: "admin",
      params: adminUserInputSchema,
      errors: [404],
    }),
  }),

  /** Rejecting is deleting a user who is still waiting for approval. */
  rejectUser: mutation({
    access: "moderator",
    input: adminUserInputSchema,
    output: successSchema,
    run: rejectUser,
    rest: rest({
      method: "DELETE",
      path: "/admin/reject-user/:id",
      operationId: "rejectUser",
      summary: "Reject (delete) a user waiting for approval",
      tag: "admin",
      params: adminUserInputSchema,
      errors: [404],
    }),
  }),

  deleteUser: mutation({
    access: "moderator",
    input: adminUserInputSchema,
    output: successSchema,
    run: deleteUser,
    rest: rest({
      method: "DELETE",
      path: "/admin/users/:id",
      operationId: "deleteUser",
      summary: "Delete a user with their listings and images",
      description: "Not oneself, never a super admin.",
      tag: "admin",
      params: adminUserInputSchema,
      errors: [404],
    }),
  }),

  // The same update and delete as an owner's, with the moderator's right to manage every listing.
  updateChatbot: mutation({
    access: "moderator",
    input: updateListingForm,
    output: chatbotResponseSchema,
    run: (ctx, viewer, { values: { id, ...fields }, image }) => editAsModerator(ctx, viewer, { id, fields, image }),
    rest: rest({
      method: "PUT",
      path: "/admin/chatbots/:id",
      operationId: "moderateChatbot",
      summary: "Change any listing",
      description: "The owner's form (only the fields sent change), for any listing.",
      tag: "admin",
      params: listingIdInput,
      body: chatbotUpdateForm,
      multipart: true,
      input: ({ params, body: { image, ...fields } }) => ({ values: { ...fields, id: params.id }, image }),
      errors: [404],
    }),
  }),

  deleteChatbot: mutation({
    access: "moderator",
    input: listingIdInput,
    output: successSchema,
    run: deleteAsModerator,
    rest: rest({
      method: "DELETE",
      path: "/admin/chatbots/:id",
      operationId: "moderateDeleteChatbot",
      summary: "Delete any listing",
      tag: "admin",
      params: listingIdInput,
      errors: [404],
    }),
  }),

  makeAdmin: mutation({
    access: "superAdmin",
    input: adminUserInputSchema,
    output: userResponseSchema,
    run: makeAdmin,
    rest: rest({
      method: "POST",
      path: "/admin/users/:id/make-admin",
      operationId: "makeAdmin",
      summary: "Grant admin rights",
      tag: "admin",
      params: adminUserInputSchema,
      errors: [404],
    }),
  }),

  removeAdmin: mutation({
    access: "superAdmin",
    input: adminUserInputSchema,
    output: userResponseSchema,
    run: removeAdmin,
    rest: rest({
      method: "POST",
      path: "/admin/users/:id/remove-admin",
      operationId: "removeAdmin",
      summary: "Remove admin rights",
      tag: "admin",
      params: adminUserInputSchema,
      errors: [404],
    }),
  }),

  /**
   * Starts Migrate Images to Cloud or Repair Broken Images in the background (CONFLICT while one runs). Its REST
   * paths start a job and wait for it (http/image-jobs.ts).
   */
  startImageJob: mutation({
    access: "superAdmin",
    input: z.object({ kind: imageJobKindSchema }),
    output: imageJobSchema,
    run: startImageJob,
  }),

  /** The running image job, else the last one: the panel polls it while a job runs. */
  imageJob: query({
    access: "superAdmin",
    output: imageJobSchema.nullable(),
    run: currentImageJob,
  }),
};
