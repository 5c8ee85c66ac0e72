import { PAGE_SIZE_DEFAULT } from "@gallery/schema/constants";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

type Filters = { search?: string; platform?: "polybuzz" | "roleplaya"; nsfw?: boolean };

/** The gallery, page by page (newest first), and how many listings match in all. */
export function useGallery(filters: Filters) {
  const list = useInfiniteQuery(
    trpc.chatbots.list.infiniteQueryOptions(
      { ...filters, limit: PAGE_SIZE_DEFAULT },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const count = useQuery(trpc.chatbots.count.queryOptions(filters));
  return {
    chatbots: list.data?.pages.flatMap((page) => page.items),
    isLoading: list.isPending,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    count: count.data,
  };
}
