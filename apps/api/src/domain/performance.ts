import type { AccountStats, PerformanceReview, Review } from "@gallery/schema";
import { sql } from "kysely";
import type { Deps } from "./deps.js";
import { ratingOf } from "./listings/read-model.js";
import { followersGainedPerDay } from "./members/follows.js";
import { requireMember, type Viewer } from "./policy.js";
import { newestReviewsOfCreator } from "./reviews/reviews.js";
import { accountStats, lastDays } from "./stats/reports.js";

/**
 * "Track performance" (the dashboard), issue 38 §4: creators see the loop. The creator's listings' visitors of the
 * last STATS_DAYS days (stats/reports.ts), with the followers they gained each of those days, and each listing's
 * rating (the stored count and sum: no recount), its newest shown reviews (the reviews domain's rule) and how many
 * collections hold it. It reads from several floors (stats, members, reviews), so it stands above them, as feeds.ts.
 * One query per kind of figure, all at once, each bounded by the caller's own listings or follows.
 */
export async function creatorPerformance(
  deps: Deps,
  viewer: Viewer,
  limits: { newestReviews: number; excerpt: number },
): Promise<AccountStats> {
  const member = requireMember(viewer);
  const days = lastDays();
  const [visits, ratings, reviews, collections, followers] = await Promise.all([
    accountStats(deps, member, days),
    deps.db.selectFrom("chatbots").select(["id", "ratingCount", "ratingSum"]).where("userId", "=", member.id).execute(),
    newestReviewsOfCreator(deps.db, member.id, limits.newestReviews),
    collectionCounts(deps, member.id),
    followersGainedPerDay(deps.db, member.id, days[0]!),
  ]);
  const ratingById = new Map(ratings.map((row) => [row.id, ratingOf(row)]));
  const accountDays = visits.days.map((day) => ({ ...day, followers: followers.get(day.day) ?? 0 }));
  return {
    totals: { ...visits.totals, followers: accountDays.reduce((sum, day) => sum + day.followers, 0) },
    days: accountDays,
    listings: visits.listings.map((listing) => ({
      ...listing,
      // A listing made between the reads has no rating yet: none counted.
      rating: ratingById.get(listing.chatbotId) ?? { average: null, count: 0 },
      newestReviews: (reviews.get(listing.chatbotId) ?? []).map((review) => shortReview(review, limits.excerpt)),
      collectionCount: collections.get(listing.chatbotId) ?? 0,
    })),
  };
}

/** A review as the dashboard shows it: its text cut at a word to at most `max` characters, then an ellipsis. */
function shortReview(review: Review, max: number): PerformanceReview {
  const { id, rating, createdAt, author, text } = review;
  return { id, rating, createdAt, author, excerpt: text === null ? null : excerptOf(text, max) };
}

export function excerptOf(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  // A word is not cut in two unless it is most of the excerpt.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * How many collections hold each of a creator's listings: public and private alike, counted only, so no collection's
 * title, owner or id is told (a count, as a listing's saves are). One grouped read over collection_items_chatbot_idx;
 * a listing in none is absent from the map.
 */
async function collectionCounts(deps: Deps, creatorId: string): Promise<Map<string, number>> {
  const rows = await deps.db
    .selectFrom("collectionItems as i")
    .innerJoin("chatbots as c", "c.id", "i.chatbotId")
    .select(["i.chatbotId", sql<number>`count(*)::int`.as("count")])
    .where("c.userId", "=", creatorId)
    .groupBy("i.chatbotId")
    .execute();
  return new Map(rows.map((row) => [row.chatbotId, row.count]));
}
