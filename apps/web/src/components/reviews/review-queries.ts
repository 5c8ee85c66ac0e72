import type { QueryFilters } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** What a review write changes: the listing's reviews, the caller's state, and the listing's score. */
export function useReviewInvalidation(chatbotId: string): QueryFilters[] {
  const trpc = useTRPC();
  return [
    { queryKey: trpc.reviews.list.pathKey() },
    { queryKey: trpc.reviews.mine.queryKey({ chatbotId }) },
    { queryKey: trpc.chatbots.byId.pathKey() },
  ];
}
