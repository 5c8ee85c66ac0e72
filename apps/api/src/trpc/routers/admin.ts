import { adminPageInputSchema, adminUserInputSchema, idSchema, imageJobKindSchema } from "@gallery/schema";
import { z } from "zod";
import { currentImageJob, startImageJob } from "../../domain/admin/jobs/image-jobs.js";
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
} from "../../domain/admin/moderation.js";
import { deleteListing, updateListing } from "../../domain/listings/commands.js";
import { adminProcedure, router, superAdminProcedure } from "../init.js";
import { updateListingForm } from "./chatbots.js";

/** Moderation (spec section 6): admins and super admins; rights and image tools for super admins only. */
export const adminRouter = router({
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx, ctx.user)),

  pendingUsers: adminProcedure
    .input(adminPageInputSchema)
    .query(({ ctx, input }) => listPendingUsers(ctx, ctx.user, input)),

  approvedUsers: adminProcedure
    .input(adminPageInputSchema)
    .query(({ ctx, input }) => listApprovedUsers(ctx, ctx.user, input)),

  chatbots: adminProcedure.input(adminPageInputSchema).query(({ ctx, input }) => listAllListings(ctx, ctx.user, input)),

  approveUser: adminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => approveUser(ctx, ctx.user, input)),

  /** Rejecting is deleting a user who is still waiting for approval. */
  rejectUser: adminProcedure.input(adminUserInputSchema).mutation(({ ctx, input }) => rejectUser(ctx, ctx.user, input)),

  deleteUser: adminProcedure.input(adminUserInputSchema).mutation(({ ctx, input }) => deleteUser(ctx, ctx.user, input)),

  // The same update and delete as an owner's, with the moderator's right to manage every listing.
  updateChatbot: adminProcedure.input(updateListingForm).mutation(({ ctx, input }) => {
    const { id, ...fields } = input.values;
    return updateListing(ctx, ctx.user, { id, fields, image: input.image }, { asModerator: true });
  }),

  deleteChatbot: adminProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => deleteListing(ctx, ctx.user, input, { asModerator: true })),

  makeAdmin: superAdminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => makeAdmin(ctx, ctx.user, input)),

  removeAdmin: superAdminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => removeAdmin(ctx, ctx.user, input)),

  /** Starts Migrate Images to Cloud or Repair Broken Images in the background (CONFLICT while one runs). */
  startImageJob: superAdminProcedure
    .input(z.object({ kind: imageJobKindSchema }))
    .mutation(({ ctx, input }) => startImageJob(ctx, ctx.user, input)),

  /** The running image job, else the last one: the panel polls it while a job runs. */
  imageJob: superAdminProcedure.query(({ ctx }) => currentImageJob(ctx, ctx.user)),
});
