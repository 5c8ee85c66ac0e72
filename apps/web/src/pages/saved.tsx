import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { LoadMore, nextPageOf } from "../components/browse/load-more";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { LoadFailed, QueryContent, retryOf } from "../components/common/load-failed";
import { HiddenSaves } from "../components/members/hidden-saves";
import { savedQuery } from "../components/members/saved-query";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/saved");

/**
 * /saved: the signed-in member's saved chatbots, newest saved first, a page at a time. When their own safety
 * settings hide some, the page says how many and offers them (`?show=hidden`), so it is never "empty" unexplained.
 */
export function SavedPage() {
  const search = route.useSearch();
  const trpc = useTRPC();
  const saved = useInfiniteQuery(savedQuery(trpc, search));
  const hidden = useQuery(trpc.favorites.hiddenCount.queryOptions());
  useDocumentTitle("Saved");
  const chatbots = saved.data?.pages.flatMap((page) => page.items);
  const hiddenCount = hidden.data?.count ?? 0;
  const showing = search.show === "hidden";
  // Nothing shown but saves the settings hide: that is the page's whole story (not "No saved chatbots yet").
  const onlyHidden = !showing && hiddenCount > 0 && chatbots?.length === 0;
  return (
    <div className="space-y-6 py-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Saved Chatbots</h1>
        <p className="mt-1 text-muted-foreground">The chatbots you saved, most recently saved first</p>
      </header>
      {/* The cards' titles are h3s: the outline goes h1, h2, h3 for screen readers' heading navigation. */}
      <h2 className="sr-only">Saved listings</h2>
      <QueryContent query={saved} what="Your saved chatbots">
        {hidden.isError && (
          <LoadFailed
            variant="notice"
            title="Whether your settings hide any saves could not be checked"
            error={hidden.error}
            {...retryOf(hidden)}
          />
        )}
        {hiddenCount > 0 && (
          <HiddenSaves count={hiddenCount} showing={showing} variant={onlyHidden ? "block" : "notice"} />
        )}
        {!onlyHidden && (
          <ChatbotGrid
            chatbots={chatbots}
            // An empty list waits for the hidden count, so it is not called empty before the reason is known.
            isLoading={saved.isPending || (chatbots?.length === 0 && hidden.isPending)}
            skeletonCount={6}
            emptyMessage="No saved chatbots yet"
            emptyHint="Tap the heart on a chatbot to save it here."
          />
        )}
        <LoadMore {...nextPageOf(saved)} />
      </QueryContent>
    </div>
  );
}
