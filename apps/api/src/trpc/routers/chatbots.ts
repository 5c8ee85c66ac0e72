import {
  chatbotCreateFormSchema,
  chatbotUpdateFormSchema,
  countChatbotsSchema,
  creatorPageSchema,
  idSchema,
  listChatbotsSchema,
  seriesInputSchema,
  topTagsSchema,
} from "@gallery/schema";
import { z } from "zod";
import { createListing, deleteListing, updateListing } from "../../domain/listings/commands.js";
import {
  countGallery,
  countGalleryAudiences,
  findListing,
  findListingAudiences,
  listCreatorListings,
  listCreatorListingsAudiences,
  listGallery,
  listGalleryAudiences,
  listOwnListings,
  listSeries,
  listSeriesAudiences,
  topTags,
  topTagsAudiences,
} from "../../domain/listings/queries.js";
import { recordView } from "../../domain/stats/events.js";
import { accountStats, listingStats } from "../../domain/stats/reports.js";
import { formDataInput } from "../form-data.js";
import { approvedProcedure, authedProcedure, publicProcedure, router } from "../init.js";

/** chatbots.create: FormData with the form's text fields and the file `image` (required by the domain). */
export const createListingForm = formDataInput(chatbotCreateFormSchema, ["image"]);
/** chatbots.update, admin.updateChatbot: FormData with `id`, the fields to change and an optional `image`. */
export const updateListingForm = formDataInput(chatbotUpdateFormSchema.extend({ id: idSchema }), ["image"]);

export const chatbotsRouter = router({
  /** The gallery: visitors get SFW only; members choose with `nsfw`. */
  list: publicProcedure
    .meta({ sharedBy: listGalleryAudiences })
    .input(listChatbotsSchema)
    .query(({ ctx, input }) => listGallery(ctx, ctx.user, input)),

  count: publicProcedure
    .meta({ sharedBy: countGalleryAudiences })
    .input(countChatbotsSchema)
    .query(({ ctx, input }) => countGallery(ctx, ctx.user, input)),

  /**
   * One listing (its page): 404 when unknown, 401 for a visitor asking for an NSFW listing, 403 with the
   * reason when the member's safety settings hide it (unless `showHidden`: show it this once).
   */
  byId: publicProcedure
    .meta({ sharedBy: findListingAudiences })
    .input(z.object({ id: idSchema, showHidden: z.boolean().optional() }))
    .query(({ ctx, input }) => findListing(ctx, ctx.user, input)),

  /** The tag facets: the most used tags, with counts, among the listings matching the filters. */
  tags: publicProcedure
    .meta({ sharedBy: topTagsAudiences })
    .input(topTagsSchema)
    .query(({ ctx, input }) => topTags(ctx, ctx.user, input)),

  /** A listing page view, counted once per visitor and day (the listing page calls it once when shown). */
  recordView: publicProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => recordView(ctx.db, ctx.user, { id: input.id, visitor: ctx.visitor }, ctx.stats)),

  /** "Track performance": the caller's listings' views and click-outs of the last 30 days. */
  myStats: authedProcedure.query(({ ctx }) => accountStats(ctx, ctx.user)),

  /** One listing's views and click-outs of the last 30 days: its owner and moderators. */
  stats: authedProcedure
    .input(z.object({ id: idSchema }))
    .query(({ ctx, input }) => listingStats(ctx, ctx.user, input)),

  /** A creator's public listings (profile page), with the same visibility rules as the gallery. */
  byUser: publicProcedure
    .meta({ sharedBy: listCreatorListingsAudiences })
    .input(listChatbotsSchema.extend({ userId: idSchema }))
    .query(({ ctx, input }) => listCreatorListings(ctx, ctx.user, input)),

  /** The caller's own listings, NSFW included (dashboard). */
  mine: authedProcedure.input(creatorPageSchema).query(({ ctx, input }) => listOwnListings(ctx, ctx.user, input)),

  /** Series pages are for signed-in members. */
  series: authedProcedure
    .meta({ sharedBy: listSeriesAudiences })
    .input(seriesInputSchema)
    .query(({ ctx, input }) => listSeries(ctx, ctx.user, input)),

  create: approvedProcedure
    .input(createListingForm)
    .mutation(({ ctx, input }) => createListing(ctx, ctx.user, { fields: input.values, image: input.image })),

  update: approvedProcedure.input(updateListingForm).mutation(({ ctx, input }) => {
    const { id, ...fields } = input.values;
    return updateListing(ctx, ctx.user, { id, fields, image: input.image });
  }),

  delete: approvedProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => deleteListing(ctx, ctx.user, input)),
});
