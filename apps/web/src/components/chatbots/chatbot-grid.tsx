import type { GallerySort } from "@gallery/schema/sorts";
import type { Chatbot } from "@gallery/schema/types";
import { Card, cn, Skeleton } from "@gallery/ui";
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { ChatbotCard } from "./chatbot-card";

interface Props {
  chatbots: Chatbot[] | undefined;
  isLoading: boolean;
  /** Placeholders while loading (spec: 8 on browse, 6 on series and profile). */
  skeletonCount: number;
  /** Empty state title, e.g. 'No chatbots found'. */
  emptyMessage: string;
  /** Optional second line under the empty message. */
  emptyHint?: ReactNode;
  className?: string;
  /** The order shown: each card shows the count it is sorted by. */
  sort?: GallerySort | undefined;
  /** Searched words, marked on each card. */
  highlight?: readonly string[] | undefined;
}

/**
 * Portrait cards, dense as peers' galleries: 2 a row on a phone, 3 from 640 px, 4 from 1024 and 5 from
 * 1280 (the page's content is at most 1,216 px wide: a sixth would squeeze the platform rows). A row's cards
 * are as tall as each other (the grid stretches them; their rows line up: chatbot-card.tsx).
 */
export const CARD_GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5";
/** Cards of the first row load eagerly (they are the largest paint). */
const EAGER_CARDS = 5;

/** A card's placeholder, row for row as tall as the card it stands for (no shift when the cards arrive). */
export function ChatbotCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden p-0" data-testid="chatbot-card-skeleton">
      <Skeleton className="aspect-[2/3] w-full rounded-none" />
      <div className="flex flex-col gap-1 px-2 py-1.5 sm:gap-1.5 sm:p-2.5">
        <div className="flex h-11 items-start gap-1">
          <Skeleton className="h-5 w-12 rounded-full" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
        <div className="space-y-1">
          <Skeleton className="h-11 w-full sm:h-7" />
          <Skeleton className="h-11 w-2/3 sm:h-7" />
        </div>
      </div>
    </Card>
  );
}

export function ChatbotSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
    <ChatbotCardSkeleton key={index} />
  ));
}

/** A grid of chatbot cards with loading skeletons and an empty state (browse, series, profile). */
export function ChatbotGrid({
  chatbots,
  isLoading,
  skeletonCount,
  emptyMessage,
  emptyHint,
  className,
  sort,
  highlight,
}: Props) {
  if (isLoading) {
    return (
      <div className={cn(CARD_GRID, className)} role="status" aria-busy="true" aria-label="Loading chatbots">
        <ChatbotSkeletons count={skeletonCount} />
      </div>
    );
  }
  if (!chatbots || chatbots.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-semibold">{emptyMessage}</p>
        {emptyHint && <p className="max-w-md text-sm text-muted-foreground">{emptyHint}</p>}
      </div>
    );
  }
  return (
    <div className={cn(CARD_GRID, className)}>
      {chatbots.map((chatbot, index) => (
        <ChatbotCard
          key={chatbot.id}
          chatbot={chatbot}
          priority={index < EAGER_CARDS}
          sort={sort}
          highlight={highlight}
        />
      ))}
    </div>
  );
}
