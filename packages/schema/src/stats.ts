import { z } from "zod";
import { PERFORMANCE_EXCERPT_MAX, PERFORMANCE_NEWEST_REVIEWS } from "./performance-texts.js";
import { perPlatform } from "./platforms.js";
import { reviewSchema } from "./reviews.js";

/** Unique visitors per kind on one day: listing page views and click-outs to each platform. */
export const statCountsSchema = z
  .object({
    views: z.number().int(),
    ...perPlatform(() => z.number().int()),
  })
  .meta({ id: "StatCounts" });
export type StatCounts = z.infer<typeof statCountsSchema>;
/** What is counted: views, then each platform's click-outs. */
export const STAT_COUNT_KEYS = Object.keys(statCountsSchema.shape) as (keyof StatCounts)[];

export const statDaySchema = statCountsSchema.extend({ day: z.string() }).meta({ id: "StatDay" });
export type StatDay = z.infer<typeof statDaySchema>;

/** One listing's last days: every day listed (zeros included), oldest first, and their totals. */
export const listingStatsSchema = z
  .object({
    chatbotId: z.uuid(),
    totals: statCountsSchema,
    days: z.array(statDaySchema),
  })
  .meta({ id: "ListingStats" });
export type ListingStats = z.infer<typeof listingStatsSchema>;

const followersGained = z
  .number()
  .int()
  .meta({ description: "Members who started following the creator (and follow them still), per UTC day." });

/** The account's counts: its listings' visitors and its followers gained (issue 38 §4). */
export const accountCountsSchema = statCountsSchema
  .extend({ followers: followersGained })
  .meta({ id: "AccountCounts" });
export type AccountCounts = z.infer<typeof accountCountsSchema>;
export const accountDaySchema = accountCountsSchema.extend({ day: z.string() }).meta({ id: "AccountDay" });
export type AccountDay = z.infer<typeof accountDaySchema>;

/** A review as the creator's dashboard shows it: stars, author, date and the start of its text. */
export const performanceReviewSchema = reviewSchema
  .pick({ id: true, rating: true, createdAt: true, author: true })
  .extend({
    excerpt: z
      .string()
      .max(PERFORMANCE_EXCERPT_MAX + 1)
      .nullable()
      .meta({
        description: `The review's text, cut at a word to at most ${PERFORMANCE_EXCERPT_MAX} characters and an ellipsis; null for stars only.`,
      }),
  })
  .meta({ id: "PerformanceReview" });
export type PerformanceReview = z.infer<typeof performanceReviewSchema>;

/** One of the creator's listings in their dashboard: its days, its reviews and how many collections hold it. */
export const performanceListingSchema = listingStatsSchema
  .extend({
    rating: z
      .object({ average: z.number().nullable(), count: z.number().int() })
      .meta({ description: "Its reviews that count, as kept by the database (the listing's ListingRating)." }),
    newestReviews: z
      .array(performanceReviewSchema)
      .max(PERFORMANCE_NEWEST_REVIEWS)
      .meta({
        description: `Its ${PERFORMANCE_NEWEST_REVIEWS} newest shown reviews (not hidden, author not suspended), newest first.`,
      }),
    collectionCount: z
      .number()
      .int()
      .meta({ description: "How many collections hold it, public and private alike (never which)." }),
  })
  .meta({ id: "PerformanceListing" });
export type PerformanceListing = z.infer<typeof performanceListingSchema>;

/**
 * A creator's last days ("Track performance"): the account's totals and days (followers gained included), and
 * each listing's days, reviews and collections.
 */
export const accountStatsSchema = z
  .object({
    totals: accountCountsSchema,
    days: z.array(accountDaySchema),
    listings: z.array(performanceListingSchema),
  })
  .meta({ id: "AccountStats" });
export type AccountStats = z.infer<typeof accountStatsSchema>;

/** A tag facet: how many listings matching the current filters carry it. */
export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() }).meta({ id: "TagCount" });
export type TagCount = z.infer<typeof tagCountSchema>;
