// Zod-free, so the web shows these without loading the schemas.
/**
 * Reviews (issue 38 §1): the words a member reads about them, the limits, and the prior of the Bayesian score.
 * The ONE home of these texts: the api's errors and the web's screens read them from here.
 */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * The Top rated order's Bayesian average: each listing's reviews are taken with `weight` imaginary reviews at
 * `mean` stars, score = (weight * mean + sum of stars) / (weight + count). One 5-star review scores 3.75, forty
 * reviews averaging 4.6 score 4.48: a listing needs several good reviews to rise. The same numbers are in the
 * generated column `chatbots.rating_score`; test/reviews.test.ts checks they agree.
 */
export const RATING_PRIOR = { mean: 3.5, weight: 5 } as const;

/** The Bayesian score of a listing's count and sum of stars (what the database keeps in `rating_score`). */
export const bayesianScore = (count: number, sum: number): number =>
  (RATING_PRIOR.weight * RATING_PRIOR.mean + sum) / (RATING_PRIOR.weight + count);

export const REVIEW_MESSAGES = {
  ratingRange: `Choose a rating from ${RATING_MIN} to ${RATING_MAX} stars`,
  textTooLong: `Your review must be at most ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters`,
  replyTooLong: `Your reply must be at most ${REVIEW_REPLY_MAX.toLocaleString("en-US")} characters`,
  replyEmpty: "Please write a reply",
  ownListing: "You cannot review your own listing",
  duplicate: "You have already reviewed this listing: edit or delete your review instead",
  unverified: "Verify your e-mail address to write reviews",
  suspended: "Suspended members cannot review, reply or mark reviews helpful",
  notFound: "Review not found",
  noReview: "You have not reviewed this listing",
  ownHelpful: "You cannot mark your own review as helpful",
  ownReport: "You cannot report your own review",
  notCreator: "Only the listing's creator may reply to its reviews",
  replyExists: "You have already replied to this review: edit your reply instead",
  noReply: "There is no reply to this review",
} as const;

/** Refused while the account is younger than the configured minimum (REVIEW_MIN_ACCOUNT_AGE_HOURS). */
export const reviewAccountTooNew = (hours: number) =>
  `Your account must be at least ${hours === 1 ? "1 hour" : `${hours} hours`} old to write reviews`;

/** A review list's orders. */
export const REVIEW_SORTS = { newest: "Newest", helpful: "Most helpful" } as const;
export type ReviewSort = keyof typeof REVIEW_SORTS;

/** How a review's author is named when they have no nickname and no full name (never their e-mail). */
export const REVIEW_AUTHOR_FALLBACK = "A member";

/** What a moderator's action on a review says on the closed reports and in the answer. */
export const REVIEW_OUTCOMES = { hide: "review hidden", restore: "review restored", delete: "review deleted" } as const;

/**
 * A listing's rating as cards and its page show it: "4.6 ★ · 128"; with no review counted, "No ratings yet".
 * The average has one decimal.
 */
export function ratingSummary(rating: { average: number | null; count: number }): string {
  if (rating.average === null || rating.count === 0) return "No ratings yet";
  return `${rating.average.toFixed(1)} ★ · ${rating.count.toLocaleString("en-US")}`;
}

/** The accessible name of a rating summary: "Rated 4.6 out of 5 by 128 members". */
export function ratingLabel(rating: { average: number | null; count: number }): string {
  if (rating.average === null || rating.count === 0) return "No ratings yet";
  return `Rated ${rating.average.toFixed(1)} out of 5 by ${rating.count.toLocaleString("en-US")} ${rating.count === 1 ? "member" : "members"}`;
}

/** What the listing page's reviews say after a member's write (the web's toasts and labels). */
export const REVIEW_NOTICES = {
  posted: "Your review is posted",
  updated: "Your review is updated",
  deleted: "Your review is deleted",
  replied: "Your reply is posted",
  replyUpdated: "Your reply is updated",
  replyDeleted: "Your reply is deleted",
  hiddenOwn: "A moderator has hidden your review: only you can see it",
  none: "No reviews yet",
} as const;

/** A review's stars as words: "4 out of 5 stars". */
export const starsLabel = (rating: number) => `${rating} out of ${RATING_MAX} stars`;

/** How many members found a review helpful, in words. */
export const helpfulCountText = (count: number) =>
  count === 1 ? "1 member found this helpful" : `${count.toLocaleString("en-US")} members found this helpful`;
