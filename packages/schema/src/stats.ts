import { z } from "zod";
import { perPlatform } from "./platforms.js";

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

/** A creator's listings' last days: the account's totals and days, and each listing's. */
export const accountStatsSchema = z
  .object({
    totals: statCountsSchema,
    days: z.array(statDaySchema),
    listings: z.array(listingStatsSchema),
  })
  .meta({ id: "AccountStats" });
export type AccountStats = z.infer<typeof accountStatsSchema>;

/** A tag facet: how many listings matching the current filters carry it. */
export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() }).meta({ id: "TagCount" });
export type TagCount = z.infer<typeof tagCountSchema>;
