import {
  helpfulStateSchema,
  idSchema,
  ownReviewSchema,
  REVIEW_SORTS,
  reviewDeletedSchema,
  reviewIdInputSchema,
  reviewInputSchema,
  reviewListInputSchema,
  reviewListingInputSchema,
  reviewReplyInputSchema,
  reviewSchema,
  reviewViewerSchema,
} from "@gallery/schema";
import { z } from "zod";
import {
  createReview,
  deleteReply,
  deleteReview,
  editReply,
  listReviews,
  markHelpful,
  replyToReview,
  reviewViewerState,
  unmarkHelpful,
  updateReview,
} from "../domain/reviews/reviews.js";
import { mutation, ownCopy, pageOf, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/** The listing's id in the path (`/chatbots/:id/...`), as the calls name it. */
const listingParams = z.object({ id: idSchema });
const reviewParams = z.object({ reviewId: reviewIdInputSchema.shape.reviewId });
/** A review's stars and text in a body; the listing is the path's. */
const reviewBody = reviewInputSchema.omit({ chatbotId: true });
const replyBody = reviewReplyInputSchema.omit({ reviewId: true });
/** The inputs as the calls name them: the path's listing (`chatbotId`) or review (`reviewId`), with the body's fields. */
const listingInput = ({ params }: { params: { id: string } }) => ({ chatbotId: params.id });
const reviewInput = ({ params, body }: { params: { id: string }; body: z.output<typeof reviewBody> }) => ({
  ...body,
  chatbotId: params.id,
});
const replyInput = ({ params, body }: { params: { reviewId: string }; body: z.output<typeof replyBody> }) => ({
  ...body,
  reviewId: params.reviewId,
});

/**
 * Reviews (issue 38 §1; docs/community.md): each write declares the `write` budget, as every change counts
 * (calls/limits.ts: per proven member over their session and all of their tokens, a visitor per address); reads
 * count as reads (a token's per member). Reporting a review is
 * moderation.report with `targetKind: "review"`, and moderating it moderation.act from the queue.
 */
export const reviewsCalls = {
  /** A listing's reviews, newest or most helpful first: the same for everyone who may see the listing. */
  list: query({
    access: "public",
    input: reviewListInputSchema,
    output: pageOf(reviewSchema),
    paged: true,
    sharing: {
      by: ["visitor", "member"],
      // Who may see the listing decides whether there is an answer (a withheld listing: its owner and moderators;
      // NSFW: members; the age rule): the facts byId is keyed by. The reviews themselves hold nothing of the viewer.
      facts: ["signedIn", "age", "moderator", "id"],
      // Helpful counts and the "most helpful" order: a mark drops these copies (and leaves the gallery's).
      helpfulMarks: true,
      why: "A listing's shown reviews, the same for everyone who may see the listing; whether the caller marked one helpful is reviews.mine's, never here.",
    },
    run: listReviews,
    rest: rest({
      method: "GET",
      path: "/chatbots/:id/reviews",
      operationId: "listReviews",
      summary: "A listing's reviews",
      description: `Sort: ${Object.entries(REVIEW_SORTS)
        .map(([key, label]) => `${key} (${label})`)
        .join(
          ", ",
        )}. Hidden reviews and suspended members' are left out. A listing the caller may not see is 404. The next page is linked in the Link header.`,
      tag: "chatbots",
      params: listingParams,
      query: fromQuery(reviewListInputSchema.omit({ chatbotId: true }), {
        sort: "newest (default) or helpful.",
      }),
      input: ({ params, query }) => ({ ...query, chatbotId: params.id }),
      errors: [404],
      publicRead: true,
    }),
  }),

  /** The caller and a listing's reviews: their own review, whether they may write one, their helpful marks. */
  mine: query({
    access: "member",
    input: reviewListingInputSchema,
    output: reviewViewerSchema,
    sharing: ownCopy("The caller's own review, what they may do and their helpful marks"),
    run: reviewViewerState,
    rest: rest({
      method: "GET",
      path: "/chatbots/:id/reviews/mine",
      operationId: "getMyReview",
      summary: "The caller's review of a listing and what they may do",
      description:
        "Their review (with whether it is hidden), whether they may write one and why not, whether they made the listing (and may reply), and the reviews they marked helpful.",
      tag: "members",
      params: listingParams,
      input: listingInput,
      errors: [404],
    }),
  }),

  /** Rate and review a listing, once. */
  create: mutation({
    access: "member",
    limit: "write",
    input: reviewInputSchema,
    output: ownReviewSchema,
    run: (ctx, viewer, input) => createReview(ctx, viewer, input, ctx.visitor),
    rest: rest({
      method: "POST",
      path: "/chatbots/:id/reviews",
      operationId: "createReview",
      summary: "Rate and review a listing",
      description:
        "Members with a verified e-mail whose account is old enough (REVIEW_MIN_ACCOUNT_AGE_HOURS), never on their own listings (403). One review per member and listing: a second is 409 (edit or delete it instead). Ratings from one address on one day count once in the average.",
      tag: "members",
      params: listingParams,
      body: reviewBody,
      input: reviewInput,
      status: 201,
      errors: [404, 409],
    }),
  }),

  /** Change one's review. */
  update: mutation({
    access: "member",
    limit: "write",
    input: reviewInputSchema,
    output: ownReviewSchema,
    run: updateReview,
    rest: rest({
      method: "PUT",
      path: "/chatbots/:id/reviews/mine",
      operationId: "updateMyReview",
      summary: "Change the caller's review of a listing",
      description: "Its stars and text; 404 when the caller has none.",
      tag: "members",
      params: listingParams,
      body: reviewBody,
      input: reviewInput,
      errors: [404],
    }),
  }),

  /** Delete one's review. */
  remove: mutation({
    access: "member",
    limit: "write",
    input: reviewListingInputSchema,
    output: reviewDeletedSchema,
    run: deleteReview,
    rest: rest({
      method: "DELETE",
      path: "/chatbots/:id/reviews/mine",
      operationId: "deleteMyReview",
      summary: "Delete the caller's review of a listing",
      description: "404 when the caller has none.",
      tag: "members",
      params: listingParams,
      input: listingInput,
      errors: [404],
    }),
  }),

  /** Mark a review helpful (once; never one's own). */
  markHelpful: mutation({
    access: "member",
    limit: "write",
    input: reviewIdInputSchema,
    output: helpfulStateSchema,
    run: markHelpful,
    rest: rest({
      method: "PUT",
      path: "/reviews/:reviewId/helpful",
      operationId: "markReviewHelpful",
      summary: "Mark a review helpful",
      description: "Idempotent: one mark per member. Never one's own review (403).",
      tag: "members",
      params: reviewParams,
      errors: [404],
    }),
  }),

  unmarkHelpful: mutation({
    access: "member",
    limit: "write",
    input: reviewIdInputSchema,
    output: helpfulStateSchema,
    run: unmarkHelpful,
    rest: rest({
      method: "DELETE",
      path: "/reviews/:reviewId/helpful",
      operationId: "unmarkReviewHelpful",
      summary: "Take back a helpful mark",
      description: "Idempotent.",
      tag: "members",
      params: reviewParams,
      errors: [404],
    }),
  }),

  /** The listing's creator replies to a review, once. */
  reply: mutation({
    access: "member",
    limit: "write",
    input: reviewReplyInputSchema,
    output: reviewSchema,
    run: replyToReview,
    rest: rest({
      method: "POST",
      path: "/reviews/:reviewId/reply",
      operationId: "replyToReview",
      summary: "Reply to a review of one's listing",
      description: "Only the listing's creator (403), once per review (409: edit the reply instead).",
      tag: "members",
      params: reviewParams,
      body: replyBody,
      input: replyInput,
      status: 201,
      errors: [404, 409],
    }),
  }),

  editReply: mutation({
    access: "member",
    limit: "write",
    input: reviewReplyInputSchema,
    output: reviewSchema,
    run: editReply,
    rest: rest({
      method: "PUT",
      path: "/reviews/:reviewId/reply",
      operationId: "editReviewReply",
      summary: "Change one's reply to a review",
      description: "404 when there is no reply.",
      tag: "members",
      params: reviewParams,
      body: replyBody,
      input: replyInput,
      errors: [404],
    }),
  }),

  deleteReply: mutation({
    access: "member",
    limit: "write",
    input: reviewIdInputSchema,
    output: reviewSchema,
    run: deleteReply,
    rest: rest({
      method: "DELETE",
      path: "/reviews/:reviewId/reply",
      operationId: "deleteReviewReply",
      summary: "Delete one's reply to a review",
      description: "404 when there is no reply; the creator may reply again.",
      tag: "members",
      params: reviewParams,
      errors: [404],
    }),
  }),
};
