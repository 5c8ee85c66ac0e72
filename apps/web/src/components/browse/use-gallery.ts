import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { type BrowseSearch, galleryQueries } from "./browse-filters";

/** The gallery, page by page in the chosen order, how many listings match in all, and their top tags. */
export function useGallery(filters: BrowseSearch, enabled = true) {
  const queries = galleryQueries(useTRPC(), filters);
  const list = useInfiniteQuery({ ...queries.list, enabled } as typeof queries.list);
  const count = useQuery({ ...queries.count, enabled } as typeof queries.count);
  const tags = useQuery({ ...queries.tags, placeholderData: (previous) => previous });
  return {
    chatbots: list.data?.pages.flatMap((page) => page.items),
    isLoading: list.isPending,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    count: count.data,
    tags: tags.data,
  };
}
