import {
  accountStatsSchema,
  CHARACTER_CARD_MESSAGES,
  characterCardImportSchema,
  chatbotCreateFormSchema,
  chatbotResponseSchema,
  chatbotUpdateFormSchema,
  countChatbotsSchema,
  creatorPageFieldsSchema,
  creatorPageSchema,
  discoveryRailsSchema,
  galleryCountSchema,
  idSchema,
  listChatbotsSchema,
  listedChatbotSchema,
  listingActionsSchema,
  listingStatsSchema,
  PAGE_SIZE_MAX,
  PERFORMANCE_EXCERPT_MAX,
  PERFORMANCE_NEWEST_REVIEWS,
  PLATFORMS,
  perListingField,
  SORTS_DESCRIPTION,
  SUGGEST_MIN,
  SUGGESTIONS_MAX,
  seriesInputSchema,
  successSchema,
  suggestionSchema,
  suggestionsInputSchema,
  tagCountSchema,
  topTagsSchema,
  userIdSchema,
} from "@gallery/schema";
import { z } from "zod";
import { InvalidError } from "../domain/errors.js";
import { findListingActions } from "../domain/listings/actions.js";
import { importCharacterCard } from "../domain/listings/character-card.js";
import { deleteListing } from "../domain/listings/commands.js";
import {
  countGallery,
  findListing,
  listCreatorListings,
  listGallery,
  listOwnListings,
  listSeries,
  TOP_TAGS_SCAN,
  TOP_TAGS_SEARCH_SCAN,
  topTags,
} from "../domain/listings/queries.js";
import { discoveryRails } from "../domain/listings/rails.js";
import { suggest } from "../domain/listings/suggestions.js";
import { changeListing, publishListing } from "../domain/moderation/duplicates.js";
import { creatorPerformance } from "../domain/performance.js";
import { LISTING_FACTS } from "../domain/policy.js";
import { recordView } from "../domain/stats/events.js";
import { listingStats } from "../domain/stats/reports.js";
import { mutation, pageOf, query, rest } from "./call.js";
import { formDataInput } from "./form-data.js";
import { chatbotCreateForm, chatbotUpdateForm, fromQuery, uploadSchema } from "./rest-schemas.js";

const listingPage = pageOf(listedChatbotSchema);
/** A listing by its id (`/chatbots/:id`); the moderators' edit and delete take it too. */
export const listingIdInput = z.object({ id: idSchema });

/** The gallery's filters as a query string says them. */
const FILTER_DESCRIPTIONS = {
  search:
    'Words in the title, tags, creator name, series, tagline or description, each found in any order, by its start or a near spelling; "quoted words" as a phrase; -word excludes.',
  platform: `Listings with an identifier on this platform: one of ${PLATFORMS.join(", ")} (omitted for all).`,
  nsfw: "Members only: true for NSFW only, false for SFW only (visitors always get SFW only).",
  tags: "Only listings carrying every one of these tags (comma separated, or the parameter repeated).",
  excludeTags: "Only listings carrying none of these tags (comma separated, or the parameter repeated).",
  // The declared listing fields' filters (packages/schema listing-fields.ts).
  ...perListingField((field) => field.description),
};
/** Paging of one creator's own lists: large pages by default (a whole list in practice). */
const creatorPageQuery = fromQuery(creatorPageFieldsSchema);

/** chatbots.create: FormData with the form's text fields and the file `image` (required by the domain). */
export const createListingForm = formDataInput(chatbotCreateFormSchema, ["image"]);
/** chatbots.update, admin.updateChatbot: FormData with `id`, the fields to change and an optional `image`. */
export const updateListingForm = formDataInput(chatbotUpdateFormSchema.extend({ id: idSchema }), ["image"]);

/** The same for every visitor, and for every member (e-mails go to all members alike): the viewer policy's only split. */
const GALLERY_SHARING = {
  by: ["visitor", "member"],
  facts: LISTING_FACTS,
  why: "Listings depend on the viewer only through what the listing SQL reads (signed in, the NSFW display with the age, the blocklist): members alike in those share a copy.",
} as const;

/** Listings: the gallery, one listing, a creator's and a series' listings, the caller's own, and their changes. */
export const chatbotsCalls = {
  /** The gallery: visitors get SFW only; members choose with `nsfw`. */
  list: query({
    access: "public",
    input: listChatbotsSchema,
    output: listingPage,
    paged: true,
    sharing: GALLERY_SHARING,
    run: listGallery,
    rest: rest({
      method: "GET",
      path: "/chatbots",
      operationId: "listChatbots",
      summary: "The gallery, newest first or in the order asked",
      description: "Visitors get SFW listings only. The next page is linked in the Link header.",
      tag: "chatbots",
      query: fromQuery(listChatbotsSchema, {
        ...FILTER_DESCRIPTIONS,
        sort: SORTS_DESCRIPTION,
      }),
      publicRead: true,
    }),
  }),

  /** How many listings match the gallery's filters ('N bots'), up to a cap. */
  count: query({
    access: "public",
    input: countChatbotsSchema,
    output: galleryCountSchema,
    sharing: GALLERY_SHARING,
    run: countGallery,
  }),

  /**
   * The discovery rails above the plain gallery (trending, popular, most saved), each its order's first listings
   * that no rail before it shows: no listing in two rails (domain/listings/rails.ts).
   */
  rails: query({
    access: "public",
    input: z.object({}),
    output: discoveryRailsSchema,
    sharing: GALLERY_SHARING,
    run: discoveryRails,
  }),

  /** What the caller may do with one listing (a card's menu): edit and delete their own, report another's. */
  actions: query({
    access: "public",
    input: listingIdInput,
    output: listingActionsSchema,
    run: findListingActions,
  }),

  /**
   * One listing (its page): 404 when unknown, 401 for a visitor asking for an NSFW listing, 403 with the
   * reason when the member's safety settings hide it (unless `showHidden`: show it this once).
   */
  byId: query({
    access: "public",
    input: z.object({ id: idSchema, showHidden: z.boolean().optional() }),
    output: listedChatbotSchema,
    sharing: {
      by: ["visitor", "member"],
      // Owner-of and moderator rights: a withheld listing is its owner's and moderators' to see (404 to others);
      // the age: a member under 18 is told why (age), another who hides NSFW (nsfw).
      facts: [...LISTING_FACTS, "age", "moderator", "id"],
      why: "One listing as the gallery shows it, for viewers alike in everything that decides it (one member's own, in practice); a visitor's 401 for an NSFW listing is never kept.",
    },
    run: findListing,
    rest: rest({
      method: "GET",
      path: "/chatbots/:id",
      operationId: "getChatbot",
      summary: "One listing",
      description:
        "An NSFW listing is for signed-in members: a visitor gets 401 and nothing of it. A listing the member's safety settings hide (a blocked tag; NSFW under Hide) is 403 with the reason, unless `showHidden=true` (show it this once).",
      tag: "chatbots",
      params: listingIdInput,
      query: fromQuery(
        z.object({
          showHidden: z
            .boolean()
            .optional()
            .meta({ description: "true: show a listing hidden by the caller's safety settings this once." }),
        }),
      ),
      errors: [401, 403, 404],
      publicRead: true,
    }),
  }),

  /** The tag facets: the most used tags, with counts, among the listings matching the filters. */
  tags: query({
    access: "public",
    input: topTagsSchema,
    output: z.array(tagCountSchema),
    sharing: GALLERY_SHARING,
    run: topTags,
    rest: rest({
      method: "GET",
      path: "/chatbots/tags",
      operationId: "listChatbotTags",
      summary: "The most used tags for the gallery's filters",
      description: `Tag facets: each tag with how many matching listings carry it, most used first. Counted over at most ${TOP_TAGS_SCAN} matches, ${TOP_TAGS_SEARCH_SCAN} with a search (exact below that; above, a sample of the matches). Visitors: SFW listings only.`,
      tag: "chatbots",
      query: fromQuery(topTagsSchema, { ...FILTER_DESCRIPTIONS, limit: "How many tags." }),
      publicRead: true,
    }),
  }),

  /** The header search box's suggestions as one types: titles, tags and creators (domain/listings/suggestions.ts). */
  suggestions: query({
    access: "public",
    input: suggestionsInputSchema,
    output: z.array(suggestionSchema).max(SUGGESTIONS_MAX),
    sharing: {
      by: ["visitor"],
      why: "A visitor's suggestions come from SFW listings only, the same for every visitor; a member's may hold NSFW titles and follow their own safety settings, so they are never shared.",
    },
    run: (ctx, viewer, input) => suggest(ctx.db, viewer, input),
    rest: rest({
      method: "GET",
      path: "/chatbots/suggestions",
      operationId: "suggestChatbots",
      summary: "Suggestions for a search being typed",
      description: `At most ${SUGGESTIONS_MAX}: titles (with the listing's id), tags and creators (with the creator's id) whose words start with every typed word, from the most popular listings the caller may see (visitors: SFW only). Under ${SUGGEST_MIN} characters: none.`,
      tag: "chatbots",
      query: fromQuery(suggestionsInputSchema, { q: "What has been typed so far." }),
      publicRead: true,
    }),
  }),

  /** A listing page view, counted once per visitor and day (the listing page calls it once when shown). */
  recordView: mutation({
    access: "public",
    input: listingIdInput,
    output: successSchema,
    run: (ctx, viewer, input) => recordView(ctx.db, viewer, { id: input.id, visitor: ctx.visitor }, ctx.stats),
  }),

  /**
   * "Track performance": the caller's listings' views and click-outs of the last 30 days, followers gained per day,
   * and each listing's rating, newest reviews and collections (issue 38 §4). No sharing declared: the counters are
   * written in batches outside the shared copies' watch, so no copy is kept, not even the caller's own.
   */
  myStats: query({
    access: "member",
    output: accountStatsSchema,
    run: (ctx, viewer) =>
      creatorPerformance(ctx, viewer, {
        newestReviews: PERFORMANCE_NEWEST_REVIEWS,
        excerpt: PERFORMANCE_EXCERPT_MAX,
      }),
    rest: rest({
      method: "GET",
      path: "/user/stats",
      operationId: "getOwnStats",
      summary: "The caller's listings' views and click-outs, reviews, collections and followers gained",
      description: `The last 30 days (UTC), every day listed: the account's totals and days (followers gained included), and each listing's days, rating, ${PERFORMANCE_NEWEST_REVIEWS} newest shown reviews (their text cut to ${PERFORMANCE_EXCERPT_MAX} characters) and how many collections hold it.`,
      tag: "chatbots",
    }),
  }),

  /** One listing's views and click-outs of the last 30 days: its owner and moderators. */
  stats: query({
    access: "member",
    input: listingIdInput,
    output: listingStatsSchema,
    run: listingStats,
    rest: rest({
      method: "GET",
      path: "/chatbots/:id/stats",
      operationId: "getChatbotStats",
      summary: "One listing's views and click-outs",
      description: "The last 30 days (UTC), every day listed. Its owner and moderators only (404 for anyone else).",
      tag: "chatbots",
      params: listingIdInput,
      errors: [404],
    }),
  }),

  /** A creator's public listings (profile page), with the same visibility rules as the gallery. */
  byUser: query({
    access: "public",
    input: listChatbotsSchema.extend({ userId: idSchema }),
    output: listingPage,
    paged: true,
    sharing: {
      by: ["visitor"],
      why: "Moderators also see pending creators' listings, so only the visitors' answer is the same for all.",
    },
    run: listCreatorListings,
    rest: rest({
      method: "GET",
      path: "/users/:userId/chatbots",
      operationId: "listUserChatbots",
      summary: "A creator's listings, newest first",
      description: "The gallery's rules apply: visitors get SFW listings only. Next page in the Link header.",
      tag: "users",
      params: userIdSchema,
      // The gallery's paging, 100 a page unless asked otherwise.
      query: fromQuery(
        z.object({
          limit: listChatbotsSchema.shape.limit.unwrap().default(PAGE_SIZE_MAX),
          cursor: listChatbotsSchema.shape.cursor,
        }),
      ),
      errors: [404],
      publicRead: true,
    }),
  }),

  /** The caller's own listings, NSFW included (dashboard). */
  mine: query({
    access: "member",
    input: creatorPageSchema,
    output: listingPage,
    paged: true,
    run: listOwnListings,
    rest: rest({
      method: "GET",
      path: "/user/chatbots",
      operationId: "listOwnChatbots",
      summary: "The caller's listings, NSFW included",
      tag: "chatbots",
      query: creatorPageQuery,
    }),
  }),

  /** Series pages are for signed-in members. */
  series: query({
    access: "member",
    input: seriesInputSchema,
    output: listingPage,
    paged: true,
    sharing: {
      by: ["member"],
      facts: LISTING_FACTS,
      why: "Members only, and the same for every member alike in what the listing SQL reads (NSFW display, blocklist).",
    },
    run: listSeries,
    rest: rest({
      method: "GET",
      path: "/series/:seriesName/:creatorId",
      operationId: "listSeries",
      summary: "A creator's story series",
      tag: "chatbots",
      params: seriesInputSchema.pick({ seriesName: true, creatorId: true }),
      query: creatorPageQuery,
    }),
  }),

  create: mutation({
    access: "publisher",
    input: createListingForm,
    output: chatbotResponseSchema,
    run: (ctx, viewer, input) => publishListing(ctx, viewer, { fields: input.values, image: input.image }),
    rest: rest({
      method: "POST",
      path: "/chatbots",
      operationId: "createChatbot",
      summary: "Create a listing",
      description: "Approved members. The image (JPG, PNG or WebP under 5 MB) is required.",
      tag: "chatbots",
      body: chatbotCreateForm,
      multipart: true,
      input: ({ body: { image, ...values } }) => ({ values, image }),
      status: 201,
    }),
  }),

  update: mutation({
    access: "publisher",
    input: updateListingForm,
    output: chatbotResponseSchema,
    run: (ctx, viewer, { values: { id, ...fields }, image }) => changeListing(ctx, viewer, { id, fields, image }),
    rest: rest({
      method: "PUT",
      path: "/chatbots/:id",
      operationId: "updateChatbot",
      summary: "Change an own listing",
      description: "Only the fields sent change; a new image replaces the old one.",
      tag: "chatbots",
      params: listingIdInput,
      body: chatbotUpdateForm,
      multipart: true,
      input: ({ params, body: { image, ...fields } }) => ({ values: { ...fields, id: params.id }, image }),
      errors: [404],
    }),
  }),

  /** A Tavern character card read into a new listing's fields (nothing stored): the create dialog's import. */
  importCard: mutation({
    access: "publisher",
    input: formDataInput(z.object({}), ["card"]),
    output: characterCardImportSchema,
    run: async (_ctx, _viewer, input) => {
      if (!input.card) throw new InvalidError(CHARACTER_CARD_MESSAGES.unreadable);
      return importCharacterCard(input.card);
    },
    rest: rest({
      method: "POST",
      path: "/chatbots/import-card",
      operationId: "importCharacterCard",
      summary: "Read a character card into a new listing's fields",
      description:
        "Approved members. A Tavern character card (a PNG with a `chara` or `ccv3` text chunk, spec V2 or V3, or the card's JSON, V1 to V3) under 5 MB. Answers the fields to prefill a new listing with (title, tagline, description, tags within their limits) and, for a PNG, its art as a data URL to send as the listing's image. Nothing is stored.",
      tag: "chatbots",
      body: z.object({
        card: uploadSchema(CHARACTER_CARD_MESSAGES.unreadable, "A character card: PNG (V2 or V3) or JSON, under 5 MB."),
      }),
      multipart: true,
      input: ({ body }) => ({ values: {}, card: body.card }),
    }),
  }),

  delete: mutation({
    access: "publisher",
    input: listingIdInput,
    output: successSchema,
    run: deleteListing,
    rest: rest({
      method: "DELETE",
      path: "/chatbots/:id",
      operationId: "deleteChatbot",
      summary: "Delete an own listing",
      tag: "chatbots",
      params: listingIdInput,
      errors: [404],
    }),
  }),
};
