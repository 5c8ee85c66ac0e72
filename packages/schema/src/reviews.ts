import { z } from "zod";
import { idSchema } from "./chatbot.js";
import { pageFields } from "./paging.js";
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_MESSAGES,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  type ReviewSort,
} from "./reviews-texts.js";
import { filledText } from "./text-input.js";
import { toggleStateSchema } from "./toggle-state.js";

export * from "./reviews-texts.js";

/** Reviews (issue 38 §1): the calls' shapes. */

/** At most this many reviews a page. */
export const REVIEW_PAGE_MAX = 50;
export const REVIEW_PAGE_DEFAULT = 20;

export const reviewRatingSchema = z
  .number({ error: REVIEW_MESSAGES.ratingRange })
  .int({ error: REVIEW_MESSAGES.ratingRange })
  .min(RATING_MIN, { error: REVIEW_MESSAGES.ratingRange })
  .max(RATING_MAX, { error: REVIEW_MESSAGES.ratingRange })
  .meta({ description: `Stars, ${RATING_MIN} to ${RATING_MAX}.` });

const reviewTextSchema = z
  .string()
  .trim()
  .max(REVIEW_TEXT_MAX, { error: REVIEW_MESSAGES.textTooLong })
  .nullable()
  .optional()
  .meta({ description: `Optional, at most ${REVIEW_TEXT_MAX} characters; empty or null: stars only.` });

/** A review written or changed: the listing, the stars, the optional text. */
export const reviewInputSchema = z.object({ chatbotId: idSchema, rating: reviewRatingSchema, text: reviewTextSchema });
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewListingInputSchema = z.object({ chatbotId: idSchema });

export const reviewListInputSchema = z
  .object({
    chatbotId: idSchema,
    sort: z
      .enum(Object.keys(REVIEW_SORTS) as [ReviewSort, ...ReviewSort[]], { error: "Sort must be newest or helpful" })
      .default("newest"),
  })
  .extend(pageFields({ size: REVIEW_PAGE_DEFAULT, max: REVIEW_PAGE_MAX }));
export type ReviewListInput = z.input<typeof reviewListInputSchema>;

export const reviewIdInputSchema = z.object({ reviewId: z.uuid({ error: "Invalid review id" }) });

export const reviewReplyInputSchema = z.object({
  reviewId: z.uuid({ error: "Invalid review id" }),
  text: filledText(REVIEW_REPLY_MAX, {
    required: REVIEW_MESSAGES.replyEmpty,
    tooLong: REVIEW_MESSAGES.replyTooLong,
  }).meta({ description: `At most ${REVIEW_REPLY_MAX} characters.` }),
});

/** A review as everyone who may see its listing sees it: nothing of the viewer's in it (a shared copy may hold it). */
export const reviewSchema = z
  .object({
    id: z.uuid(),
    chatbotId: z.uuid(),
    rating: z.number().int(),
    text: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    helpfulCount: z.number().int().meta({ description: "How many members marked it helpful." }),
    author: z
      .object({
        id: z.uuid().meta({ description: "Their profile's id: /users/{id}." }),
        name: z.string().meta({ description: "Their nickname, else their full name; never their e-mail." }),
        avatarUrl: z.string().nullable(),
      })
      .meta({ id: "ReviewAuthor" }),
    reply: z
      .object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() })
      .nullable()
      .meta({ description: "The listing's creator's one reply." }),
  })
  .meta({ id: "Review" });
export type Review = z.infer<typeof reviewSchema>;

/** The caller's own review, with what only its author is told: whether a moderator hid it. */
export const ownReviewSchema = reviewSchema
  .extend({
    hidden: z.boolean().meta({ description: "Hidden by a moderator, or while the author is suspended." }),
  })
  .meta({ id: "OwnReview" });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** What the listing page needs to know of the caller about a listing's reviews (personal: never shared). */
export const reviewViewerSchema = z
  .object({
    review: ownReviewSchema.nullable().meta({ description: "The caller's review of this listing, if any." }),
    mayReview: z.boolean().meta({ description: "Whether the caller may write a review of it now." }),
    reason: z.string().nullable().meta({ description: "Why not, in words (null when they may, or have one)." }),
    isCreator: z.boolean().meta({ description: "The caller made this listing: they may reply to its reviews." }),
    helpfulReviewIds: z.array(z.uuid()).meta({ description: "The reviews of this listing the caller marked helpful." }),
  })
  .meta({ id: "ReviewViewer" });
export type ReviewViewer = z.infer<typeof reviewViewerSchema>;

export const helpfulStateSchema = toggleStateSchema(
  "HelpfulState",
  { target: "reviewId", on: "helpful", count: "helpfulCount" },
  { whether: "has marked it helpful", howMany: "marked it helpful" },
);

export const reviewDeletedSchema = z.object({ deleted: z.literal(true) }).meta({ id: "ReviewDeleted" });

/** A reported review as the moderation queue shows it. */
export const queueReviewSchema = z
  .object({
    id: z.uuid(),
    chatbotId: z.uuid(),
    listingTitle: z.string(),
    rating: z.number().int(),
    text: z.string().nullable(),
    reply: z.string().nullable(),
    authorId: z.uuid(),
    authorName: z.string(),
    hidden: z.boolean().meta({ description: "Hidden by a moderator." }),
    hiddenReason: z.string().nullable(),
    authorSuspended: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "QueueReview" });
export type QueueReview = z.infer<typeof queueReviewSchema>;
