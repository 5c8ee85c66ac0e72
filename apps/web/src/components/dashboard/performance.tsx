import { inCollections, PERFORMANCE_TEXTS, reviewsSummary } from "@gallery/schema/performance-texts";
import { PLATFORMS } from "@gallery/schema/platforms";
import type { AccountStats, PerformanceListing, StatCounts } from "@gallery/schema/stats";
import type { Chatbot } from "@gallery/schema/types";
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from "@gallery/ui";
import { Eye, MousePointerClick } from "lucide-react";
import { StatCard, StatCards } from "../chatbots/stat-card";
import { LoadFailed, type QueryLike, RefreshFailed, retryOf } from "../common/load-failed";
import { ReviewByline } from "../reviews/review-item";
import { ACCOUNT_SERIES } from "../stats/chart-series";
import { Sparkline } from "../stats/sparkline";
import { StatsChart } from "../stats/stats-chart";

/** Click-outs to every platform together. */
const clickOuts = (totals: StatCounts) => PLATFORMS.reduce((sum, platform) => sum + totals[platform], 0);

interface Props {
  /** The account's numbers (`chatbots.myStats`), as read. */
  stats: QueryLike & { data: AccountStats | undefined };
  chatbots: Chatbot[] | undefined;
}

/**
 * "Track performance": the last 30 days of unique listing page views and click-outs per platform, for the account
 * (with the followers it gained each day) and per listing, with each listing's reviews (average, count, the newest
 * three) and how many collections hold it. Loaded only by the dashboard (lazy), never in the browse bundle.
 */
export function Performance({ stats: query, chatbots }: Props) {
  const titles = new Map((chatbots ?? []).map((chatbot) => [chatbot.id, chatbot.title]));
  const stats = query.data;
  const failed = query.isError && !stats;
  return (
    <section aria-labelledby="performance-title" className="space-y-4">
      <StatCards columns={2}>
        <StatCard icon={Eye} label="Views (30 days)" value={failed ? null : stats?.totals.views} />
        <StatCard
          icon={MousePointerClick}
          label="Click-outs (30 days)"
          value={failed ? null : stats && clickOuts(stats.totals)}
        />
      </StatCards>
      <Card>
        <CardHeader>
          <CardTitle id="performance-title">Performance</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <RefreshFailed query={query} what="Your performance numbers" />
          {stats ? (
            <StatsChart
              label="All listings"
              days={stats.days}
              totals={stats.totals}
              series={ACCOUNT_SERIES}
              caption={PERFORMANCE_TEXTS.tableCaption("All listings")}
              empty={
                stats.listings.length === 0
                  ? "Add a listing: views of its page and chats started from it will appear here once people visit it."
                  : "Views and chats started will appear here once people visit your listings."
              }
            />
          ) : failed ? (
            <LoadFailed title="Your performance numbers could not be loaded" error={query.error} {...retryOf(query)} />
          ) : (
            <Skeleton className="h-80 w-full" />
          )}
          {stats && stats.listings.length > 0 && (
            <ul className="divide-y" aria-label="Performance per listing">
              {stats.listings.map((listing) => (
                <li key={listing.chatbotId} className="space-y-3 py-3">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
                    <span className="truncate font-medium sm:w-48 sm:shrink-0">
                      {titles.get(listing.chatbotId) ?? ""}
                    </span>
                    <Sparkline
                      label={titles.get(listing.chatbotId) ?? "Listing"}
                      days={listing.days}
                      totals={listing.totals}
                    />
                  </div>
                  <ListingLoop listing={listing} title={titles.get(listing.chatbotId) ?? "Listing"} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** A listing's reviews ("4.6 ★ · 12 reviews", the newest three) and how many collections hold it. */
function ListingLoop({ listing, title }: { listing: PerformanceListing; title: string }) {
  return (
    <div className="space-y-2 text-sm sm:pl-52" data-testid="listing-loop">
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <span data-testid="listing-reviews">{reviewsSummary(listing.rating)}</span>
        <span data-testid="listing-collections">{inCollections(listing.collectionCount)}</span>
      </p>
      {listing.newestReviews.length > 0 && (
        <ul aria-label={PERFORMANCE_TEXTS.newestReviews(title)} className="space-y-2">
          {listing.newestReviews.map((review) => (
            <li key={review.id} className="space-y-1 rounded-md border px-3 py-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <ReviewByline review={review} />
              </div>
              {review.excerpt && <p className="line-clamp-2 break-words text-muted-foreground">{review.excerpt}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
