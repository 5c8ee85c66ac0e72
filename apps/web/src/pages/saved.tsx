import { useInfiniteQuery } from "@tanstack/react-query";
import { LoadMore } from "../components/browse/load-more";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { QueryContent } from "../components/common/load-failed";
import { savedQuery } from "../components/members/saved-query";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

/** /saved: the signed-in member's saved chatbots, newest saved first, a page at a time. */
export function SavedPage() {
  const saved = useInfiniteQuery(savedQuery(useTRPC()));
  useDocumentTitle("Saved");
  return (
    <div className="space-y-6 py-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Saved Chatbots</h1>
        <p className="mt-1 text-muted-foreground">The chatbots you saved, most recently saved first</p>
      </header>
      {/* The cards' titles are h3s: the outline goes h1, h2, h3 for screen readers' heading navigation. */}
      <h2 className="sr-only">Saved listings</h2>
      <QueryContent query={saved} what="Your saved chatbots">
        <ChatbotGrid
          chatbots={saved.data?.pages.flatMap((page) => page.items)}
          isLoading={saved.isPending}
          skeletonCount={6}
          emptyMessage="No saved chatbots yet"
          emptyHint="Tap the heart on a chatbot to save it here."
        />
        <LoadMore
          hasMore={saved.hasNextPage}
          loading={saved.isFetchingNextPage}
          onLoadMore={() => void saved.fetchNextPage()}
          error={saved.isFetchNextPageError ? saved.error : null}
        />
      </QueryContent>
    </div>
  );
}
