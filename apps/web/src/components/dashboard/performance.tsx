import { PLATFORMS } from "@gallery/schema/platforms";
import type { AccountStats, StatCounts } from "@gallery/schema/stats";
import type { Chatbot } from "@gallery/schema/types";
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from "@gallery/ui";
import { Eye, MousePointerClick } from "lucide-react";
import { StatCard, StatCards } from "../chatbots/stat-card";
import { LoadFailed, type QueryLike, RefreshFailed, retryOf } from "../common/load-failed";
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
 * "Track performance": the last 30 days of unique listing page views and click-outs per platform,
 * for the account and per listing. Loaded only by the dashboard (lazy), never in the browse bundle.
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
                <li key={listing.chatbotId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
                  <span className="truncate font-medium sm:w-48 sm:shrink-0">
                    {titles.get(listing.chatbotId) ?? ""}
                  </span>
                  <Sparkline
                    label={titles.get(listing.chatbotId) ?? "Listing"}
                    days={listing.days}
                    totals={listing.totals}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
