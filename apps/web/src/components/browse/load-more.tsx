import { cn } from "@gallery/ui";
import { useEffect, useRef } from "react";
import { CARD_GRID, ChatbotSkeletons } from "../chatbots/chatbot-grid";
import { NextPageFailed } from "../common/load-failed";

interface Props {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** The last request for the next page failed (null or undefined: it did not). */
  error?: unknown;
}

/** What `LoadMore` needs of a paged read (a TanStack infinite query). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/** `LoadMore`'s props for a paged read: its next page, and its failure if asking for it failed. */
export const nextPageOf = (query: PagedQuery): Props => ({
  hasMore: query.hasNextPage,
  loading: query.isFetchingNextPage,
  onLoadMore: () => void query.fetchNextPage(),
  error: query.isFetchNextPageError ? query.error : null,
});

/**
 * Infinite scroll: asks for the next page when this marker comes near the viewport. After a failed
 * page it waits for Retry (asking again by itself would repeat the failure in a loop).
 */
export function LoadMore({ hasMore, loading, onLoadMore, error }: Props) {
  const failed = error !== null && error !== undefined;
  const marker = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const element = marker.current;
    if (!element || !hasMore || loading || failed) return;
    // Start early (600px ahead) so the next cards are there before the user reaches the end.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  return (
    <>
      {failed && !loading && <NextPageFailed what="chatbots" className="mt-6" error={error} onRetry={onLoadMore} />}
      {loading && (
        <div className={cn(CARD_GRID, "mt-6")} role="status" aria-label="Loading more">
          <ChatbotSkeletons count={3} />
        </div>
      )}
      <div ref={marker} aria-hidden className="h-px" data-testid="load-more-marker" />
    </>
  );
}
