import {
  chatbotFieldsSchema,
  chatbotUpdateSchema,
  countChatbotsSchema,
  creatorPageSchema,
  idSchema,
  listChatbotsSchema,
  seriesInputSchema,
} from "@gallery/schema";
import { z } from "zod";
import { countChatbots, createChatbot, deleteChatbot, listChatbots, updateChatbot } from "../../domain/chatbots.js";
import { approvedProcedure, authedProcedure, publicProcedure, router } from "../init.js";
import { uploadedFileSchema } from "../upload.js";

export const chatbotsRouter = router({
  /** The gallery: visitors get SFW only; members choose with `nsfw`. */
  list: publicProcedure
    .meta({ sharedBy: ["visitor", "member"] })
    .input(listChatbotsSchema)
    .query(({ ctx, input }) => listChatbots(ctx.db, ctx.user, input)),

  count: publicProcedure
    .meta({ sharedBy: ["visitor", "member"] })
    .input(countChatbotsSchema)
    .query(({ ctx, input }) => countChatbots(ctx.db, ctx.user, input)),

  /** A creator's public listings (profile page), with the same visibility rules as the gallery. */
  byUser: publicProcedure
    .meta({ sharedBy: ["visitor", "member"] })
    .input(listChatbotsSchema.extend({ userId: idSchema }))
    .query(({ ctx, input }) => listChatbots(ctx.db, ctx.user, input)),

  /** The caller's own listings, NSFW included (dashboard). */
  mine: authedProcedure
    .input(creatorPageSchema)
    .query(({ ctx, input }) => listChatbots(ctx.db, ctx.user, { ...input, userId: ctx.user.id })),

  /** Series pages are for signed-in members. */
  series: authedProcedure
    .meta({ sharedBy: ["member"] })
    .input(seriesInputSchema)
    .query(({ ctx, input }) =>
      listChatbots(ctx.db, ctx.user, {
        userId: input.creatorId,
        storySeries: input.seriesName,
        limit: input.limit,
        cursor: input.cursor,
      }),
    ),

  create: approvedProcedure
    .input(z.object({ fields: chatbotFieldsSchema, image: uploadedFileSchema.optional() }))
    .mutation(({ ctx, input }) => createChatbot(ctx, ctx.user.id, input.fields, input.image)),

  update: approvedProcedure
    .input(z.object({ id: idSchema, fields: chatbotUpdateSchema, image: uploadedFileSchema.optional() }))
    .mutation(({ ctx, input }) =>
      updateChatbot(ctx, input.id, input.fields, input.image, { userId: ctx.user.id, manageAll: false }),
    ),

  delete: approvedProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => deleteChatbot(ctx, input.id, { userId: ctx.user.id, manageAll: false })),
});
