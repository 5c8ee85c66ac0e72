import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import type { Retry } from "../common/load-failed";
import { type BrowseSearch, galleryQueries, shownCount } from "./browse-filters";

/**
 * The gallery, page by page in the chosen order, how many listings match in all, and their top tags;
 * with each way a read can fail kept apart: nothing to show (`failure`), a refresh of what is shown
 * (`refreshFailure`), the next page (`nextPageFailure`), the tag facets (`tagsFailure`).
 */
export function useGallery(filters: BrowseSearch, enabled: { list: boolean; tags: boolean }) {
  const queries = galleryQueries(useTRPC(), filters);
  const list = useInfiniteQuery({ ...queries.list, enabled: enabled.list } as typeof queries.list);
  const count = useQuery({ ...queries.count, enabled: enabled.list } as typeof queries.count);
  // The facets of the previous filters stay while the next load, but never the gallery's in the Following view.
  const tagsProcedure = JSON.stringify(queries.tags.queryKey[0]);
  const tags = useQuery({
    ...queries.tags,
    enabled: enabled.tags,
    placeholderData: (previous, previousQuery) =>
      JSON.stringify(previousQuery?.queryKey[0]) === tagsProcedure ? previous : undefined,
  });
  const chatbots = list.data?.pages.flatMap((page) => page.items);
  return {
    chatbots,
    isLoading: list.isPending,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    failure: chatbots ? null : list.error,
    refreshFailure: list.isRefetchError ? list.error : null,
    nextPageFailure: list.isFetchNextPageError ? list.error : null,
    /** Reads everything that failed again (one batch: the list, and the count and tags if they failed too). */
    retry: {
      onRetry: () => {
        void list.refetch();
        if (count.isError) void count.refetch();
        if (tags.isError) void tags.refetch();
      },
      retrying: list.isFetching && !list.isFetchingNextPage,
    } satisfies Retry,
    count: shownCount(
      chatbots && { loaded: chatbots.length, complete: !list.hasNextPage },
      count.isError ? "failed" : count.data,
    ),
    tags: tags.data,
    tagsFailure: tags.data ? null : tags.error,
    retryTags: { onRetry: () => void tags.refetch(), retrying: tags.isFetching } satisfies Retry,
  };
}
