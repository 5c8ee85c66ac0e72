import { Button } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, useCanGoBack, useRouter } from "@tanstack/react-router";
import { ArrowLeft, BookOpen, Layers, ShieldCheck } from "lucide-react";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { seriesQuery } from "../components/chatbots/chatbot-queries";
import { StatCard, StatCards } from "../components/chatbots/stat-card";
import { MemberQueryContent } from "../components/common/load-failed";
import { seriesCreatorName, seriesStats } from "../components/series/series-stats";
import { isUnauthorized } from "../lib/errors";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/series/$seriesName/$creatorId");
/** Spec section 9: the series query retries up to 3 times, never after a 401. */
const SERIES_RETRIES = 3;
/** The info cards when the series could not be read. */
const NOT_LOADED = { chatbots: null, platforms: null, sfw: null };

function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="ghost"
      className="-ml-3"
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: "/" }))}
    >
      <ArrowLeft aria-hidden /> Back
    </Button>
  );
}

/** /series/{seriesName}/{creatorId}: members only (the router sends visitors to /auth). */
export function SeriesPage() {
  // The router hands the params over URL-decoded.
  const { seriesName, creatorId } = route.useParams();
  useDocumentTitle(`Series: ${seriesName}`);
  const series = useQuery({
    ...seriesQuery(seriesName, creatorId),
    retry: (failures, error) => failures < SERIES_RETRIES && !isUnauthorized(error),
  });
  const chatbots = series.data ?? [];
  const failed = series.isError && !series.data;
  const stats = series.data ? seriesStats(series.data) : failed ? NOT_LOADED : undefined;
  return (
    <div className="space-y-8 py-6">
      <header className="space-y-2">
        <BackButton />
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{seriesName}</h1>
        <p className="text-muted-foreground">
          Series by{" "}
          {series.isPending || failed ? "…" : <span className="font-medium">{seriesCreatorName(chatbots)}</span>}
        </p>
      </header>
      <StatCards columns={3}>
        <StatCard icon={BookOpen} label="Chatbots" value={stats?.chatbots} />
        <StatCard icon={Layers} label="Platforms" value={stats?.platforms} />
        <StatCard icon={ShieldCheck} label="SFW Chatbots" value={stats?.sfw} />
      </StatCards>
      <h2 className="sr-only">Chatbots in this series</h2>
      <MemberQueryContent query={series} what="This series">
        <ChatbotGrid
          chatbots={series.data}
          isLoading={series.isPending}
          skeletonCount={6}
          emptyMessage="No chatbots found"
        />
      </MemberQueryContent>
    </div>
  );
}
