import { Button, Skeleton } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { RetryButton, retryOf } from "../common/load-failed";

// The chart library loads when an admin first asks for a listing's stats, not with the admin panel.
const Sparkline = lazy(() => import("../stats/sparkline").then((module) => ({ default: module.Sparkline })));

/**
 * A listing's last 30 days in the admin panel's chatbots table (the dashboard's numbers, as its owner
 * sees them): read when asked for, so a page of rows costs no extra queries.
 */
export function ListingPerformance({ chatbotId, title }: { chatbotId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const stats = useQuery({ ...trpc.chatbots.stats.queryOptions({ id: chatbotId }), enabled: open });
  if (!open) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <BarChart3 className="h-3.5 w-3.5" aria-hidden />
        Stats
      </Button>
    );
  }
  if (stats.isError && !stats.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-xs">
        <span className="text-destructive">Stats could not be loaded.</span>
        <RetryButton size="sm" {...retryOf(stats)} />
      </div>
    );
  }
  const loading = <Skeleton className="h-10 w-56" />;
  return stats.data ? (
    <Suspense fallback={loading}>
      <div className="flex w-56">
        <Sparkline label={title} days={stats.data.days} totals={stats.data.totals} />
      </div>
    </Suspense>
  ) : (
    loading
  );
}
