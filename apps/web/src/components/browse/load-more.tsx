import { cn } from "@gallery/ui";
import { useEffect, useRef } from "react";
import { CARD_GRID, ChatbotSkeletons } from "../chatbots/chatbot-grid";

interface Props {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** Infinite scroll: asks for the next page when this marker comes near the viewport. */
export function LoadMore({ hasMore, loading, onLoadMore }: Props) {
  const marker = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const element = marker.current;
    if (!element || !hasMore || loading) return;
    // Start early (600px ahead) so the next cards are there before the user reaches the end.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  return (
    <>
      {loading && (
        <div className={cn(CARD_GRID, "mt-6")} role="status" aria-label="Loading more">
          <ChatbotSkeletons count={3} />
        </div>
      )}
      <div ref={marker} aria-hidden className="h-px" data-testid="load-more-marker" />
    </>
  );
}
