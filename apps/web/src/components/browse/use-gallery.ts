import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { type BrowseSearch, galleryQueries } from "./browse-filters";

/** The gallery, page by page (newest first), and how many listings match in all. */
export function useGallery(filters: BrowseSearch) {
  const queries = galleryQueries(useTRPC(), filters);
  const list = useInfiniteQuery(queries.list);
  const count = useQuery(queries.count);
  return {
    chatbots: list.data?.pages.flatMap((page) => page.items),
    isLoading: list.isPending,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    count: count.data,
  };
}
