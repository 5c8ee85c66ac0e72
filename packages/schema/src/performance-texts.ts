// Zod-free, so the web shows these without loading the schemas.
/**
 * The dashboard's performance section (issue 38 §4: creators see the loop): what it says of each listing's
 * reviews and collections and of the followers gained. The ONE home of these words and of the section's limit.
 */

/** How many of each listing's newest shown reviews the performance read carries. */
export const PERFORMANCE_NEWEST_REVIEWS = 3;
/** How much of each review's text it carries: an excerpt (the dashboard shows two lines; the listing page has it all). */
export const PERFORMANCE_EXCERPT_MAX = 200;

/** A listing's reviews in the dashboard: "4.6 ★ · 12 reviews", "5.0 ★ · 1 review", else "No reviews yet". */
export function reviewsSummary(rating: { average: number | null; count: number }): string {
  if (rating.average === null || rating.count === 0) return "No reviews yet";
  const count = rating.count.toLocaleString("en-US");
  return `${rating.average.toFixed(1)} ★ · ${count} ${rating.count === 1 ? "review" : "reviews"}`;
}

/** How many collections hold a listing (public and private alike, never which): "In 3 collections". */
export function inCollections(count: number): string {
  if (count === 0) return "In no collections yet";
  return `In ${count.toLocaleString("en-US")} ${count === 1 ? "collection" : "collections"}`;
}

export const PERFORMANCE_TEXTS = {
  /** The chart's series of follows gained (its legend, tooltip and table heading). */
  followersGained: "Followers gained",
  /** The list of a listing's newest reviews, named with its title. */
  newestReviews: (title: string) => `Newest reviews of ${title}`,
  /** What the chart's table holds when it shows the followers gained beside the visitors. */
  tableCaption: (label: string) => `${label}: unique visitors and followers gained per day (UTC)`,
} as const;
