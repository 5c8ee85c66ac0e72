import { Button } from "@gallery/ui";
import { NextPageFailed } from "../common/load-failed";

interface Props {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
}

/**
 * The admin tables' pager: the next page of rows, on request (a moderator works through a queue, not a
 * feed). A next page that failed says so, with Retry; the rows loaded before stay.
 */
export function LoadMoreRows({ query }: Props) {
  if (!query.hasNextPage) return null;
  if (query.isFetchNextPageError && !query.isFetchingNextPage) {
    return <NextPageFailed what="rows" className="mt-4" error={query.error} onRetry={query.fetchNextPage} />;
  }
  return (
    <div className="mt-4 text-center">
      <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? "Loading..." : "Load more"}
      </Button>
    </div>
  );
}
