import {
  chatbotFieldsSchema,
  chatbotUpdateSchema,
  countChatbotsSchema,
  idSchema,
  listChatbotsSchema,
  seriesInputSchema,
} from "@gallery/schema";
import { z } from "zod";
import { countChatbots, createChatbot, deleteChatbot, listChatbots, updateChatbot } from "../../domain/chatbots";
import { approvedProcedure, authedProcedure, publicProcedure, router } from "../init";
import { uploadedFileSchema } from "../upload";

/** A creator's whole list is small; one generous page keeps the dashboard's stats exact. */
const OWN_LIST_LIMIT = 1000;

export const chatbotsRouter = router({
  /** The gallery: visitors get SFW only; members choose with `nsfw`. */
  list: publicProcedure.input(listChatbotsSchema).query(({ ctx, input }) => listChatbots(ctx.db, ctx.user, input)),

  count: publicProcedure.input(countChatbotsSchema).query(({ ctx, input }) => countChatbots(ctx.db, ctx.user, input)),

  /** A creator's public listings (profile page), with the same visibility rules as the gallery. */
  byUser: publicProcedure
    .input(listChatbotsSchema.extend({ userId: idSchema }))
    .query(({ ctx, input }) => listChatbots(ctx.db, ctx.user, input)),

  mine: authedProcedure.query(async ({ ctx }) => {
    const page = await listChatbots(ctx.db, ctx.user, { userId: ctx.user.id, limit: OWN_LIST_LIMIT });
    return page.items;
  }),

  /** Series pages are for signed-in members. */
  series: authedProcedure.input(seriesInputSchema).query(async ({ ctx, input }) => {
    const page = await listChatbots(ctx.db, ctx.user, {
      userId: input.creatorId,
      storySeries: input.seriesName,
      limit: OWN_LIST_LIMIT,
    });
    return page.items;
  }),

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
