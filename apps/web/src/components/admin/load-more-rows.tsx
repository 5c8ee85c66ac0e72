import { Button } from "@gallery/ui";

interface Props {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

/** The admin tables' pager: the next page of rows, on request (a moderator works through a queue, not a feed). */
export function LoadMoreRows({ query }: Props) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 text-center">
      <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? "Loading..." : "Load more"}
      </Button>
    </div>
  );
}
