import { adminListSchema, adminUserInputSchema, chatbotUpdateSchema, idSchema } from "@gallery/schema";
import { z } from "zod";
import { adminChatbots, adminStats, approveUser, deleteUser, setAdmin, usersByApproval } from "../../domain/admin.js";
import { deleteChatbot, updateChatbot } from "../../domain/chatbots.js";
import { migrateImages, repairImages } from "../../domain/image-maintenance.js";
import { adminProcedure, router, superAdminProcedure } from "../init.js";
import { uploadedFileSchema } from "../upload.js";

/** Moderation (spec section 6): admins and super admins; rights and image tools for super admins only. */
export const adminRouter = router({
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx.db)),

  pendingUsers: adminProcedure.query(({ ctx }) => usersByApproval(ctx.db, false)),

  approvedUsers: adminProcedure.query(({ ctx }) => usersByApproval(ctx.db, true)),

  chatbots: adminProcedure.input(adminListSchema).query(({ ctx, input }) => adminChatbots(ctx.db, ctx.user, input)),

  approveUser: adminProcedure.input(adminUserInputSchema).mutation(({ ctx, input }) => approveUser(ctx.db, input.id)),

  /** Rejecting is deleting a user who is still waiting for approval. */
  rejectUser: adminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => deleteUser(ctx, ctx.user, input.id, { pendingOnly: true })),

  deleteUser: adminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => deleteUser(ctx, ctx.user, input.id)),

  // The same update and delete as an owner's, with the right to manage every listing.
  updateChatbot: adminProcedure
    .input(z.object({ id: idSchema, fields: chatbotUpdateSchema, image: uploadedFileSchema.optional() }))
    .mutation(({ ctx, input }) =>
      updateChatbot(ctx, input.id, input.fields, input.image, { userId: ctx.user.id, manageAll: true }),
    ),

  deleteChatbot: adminProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => deleteChatbot(ctx, input.id, { userId: ctx.user.id, manageAll: true })),

  makeAdmin: superAdminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => setAdmin(ctx.db, input.id, true)),

  removeAdmin: superAdminProcedure
    .input(adminUserInputSchema)
    .mutation(({ ctx, input }) => setAdmin(ctx.db, input.id, false)),

  migrateImages: superAdminProcedure.mutation(({ ctx }) =>
    migrateImages({ db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir }),
  ),

  repairImages: superAdminProcedure.mutation(({ ctx }) =>
    repairImages({ db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir }),
  ),
});
