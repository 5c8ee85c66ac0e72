import { Button, cn } from "@gallery/ui";
import { RotateCw, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { failureReason, isUnauthorized } from "../../lib/errors";
import { handleUnauthorized } from "../../lib/unauthorized";

/** What a failed read's Retry needs of it (a TanStack Query result, plain or paged). */
export interface QueryLike {
  data: unknown;
  error: unknown;
  isError: boolean;
  isRefetchError: boolean;
  isFetching: boolean;
  isFetchingNextPage?: boolean;
  refetch: () => unknown;
}

/** A failed read's Retry: what asks it again, and whether that is under way. */
export interface Retry {
  onRetry: () => unknown;
  /** The retry is under way (the button waits). */
  retrying: boolean;
}

/** Retry for a read: asks it again (every page of a paged one). */
export const retryOf = (query: QueryLike): Retry => ({
  onRetry: () => query.refetch(),
  retrying: query.isFetching && !query.isFetchingNextPage,
});

export function RetryButton({ onRetry, retrying, size }: Retry & { size?: "default" | "sm" }) {
  return (
    <Button variant="outline" size={size} onClick={() => onRetry()} disabled={retrying}>
      <RotateCw className={cn(retrying && "animate-spin motion-reduce:animate-none")} aria-hidden />
      {retrying ? "Retrying..." : "Retry"}
    </Button>
  );
}

interface Props extends Retry {
  /** What failed, e.g. "The chatbots could not be loaded". */
  title: string;
  /** The failed read's error: why it failed is said in plain words below the title. */
  error: unknown;
  /**
   * "block" stands where the content would be (nothing was shown yet); "notice" is one line beside
   * content that stays shown (a refresh or the next page failed).
   */
  variant?: "block" | "notice";
  className?: string;
}

/**
 * A read that failed, said as such (never as an empty list): what failed, why in plain words, and a
 * Retry button. `role="alert"`, so a screen reader hears it when it appears.
 */
export function LoadFailed({ title, error, onRetry, retrying, variant = "block", className }: Props) {
  const block = variant === "block";
  return (
    <div
      role="alert"
      data-testid="load-failed"
      className={cn(
        "flex rounded-xl border border-destructive/40 bg-destructive/5",
        block
          ? "flex-col items-center gap-3 px-6 py-12 text-center"
          : "flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm",
        className,
      )}
    >
      <TriangleAlert className={cn("shrink-0 text-destructive", block ? "size-8" : "size-4")} aria-hidden />
      <div className={cn(!block && "min-w-0 flex-1")}>
        <p className={cn("font-semibold", block && "text-lg")}>{title}</p>
        <p className="text-muted-foreground">{failureReason(error)}</p>
      </div>
      <RetryButton onRetry={onRetry} retrying={retrying} size={block ? "default" : "sm"} />
    </div>
  );
}

/**
 * A refresh that failed while what it loaded before stays shown: a notice, with Retry (`RefreshFailed` for one read;
 * this for a page whose Retry asks several reads again).
 */
export function RefreshFailedNotice({ what, ...notice }: Retry & { what: string; error: unknown; className?: string }) {
  const title = `${what} could not be refreshed: showing what was loaded before`;
  return <LoadFailed variant="notice" title={title} {...notice} />;
}

/** A refresh of a read that failed while what it loaded before stays shown: a notice, with Retry. */
export function RefreshFailed({ query, what, className }: { query: QueryLike; what: string; className?: string }) {
  if (!query.isRefetchError) return null;
  return <RefreshFailedNotice what={what} className={className} error={query.error} {...retryOf(query)} />;
}

/**
 * The next page of a paged read failed: a notice under the rows loaded before (they stay), whose Retry asks for that
 * page again; the pager shows that it is loading, so the button does not wait.
 */
export function NextPageFailed(props: { what: string; error: unknown; onRetry: () => unknown; className: string }) {
  const { what, ...notice } = props;
  return <LoadFailed variant="notice" title={`More ${what} could not be loaded`} retrying={false} {...notice} />;
}

/**
 * A read's content, or what failed: `LoadFailed` in its place when nothing was loaded, or the
 * `RefreshFailed` notice above it when what was loaded before stays shown. `what` names it: "Your chatbots".
 */
export function QueryContent({ query, what, children }: { query: QueryLike; what: string; children: ReactNode }) {
  if (query.isError && query.data === undefined) {
    return <LoadFailed title={`${what} could not be loaded`} error={query.error} {...retryOf(query)} />;
  }
  return (
    <>
      <RefreshFailed query={query} what={what} className="mb-4" />
      {children}
    </>
  );
}

/**
 * `QueryContent` for a members-only page's read: a 401 means the session is gone, so the sign-in flow runs (spec
 * section 8: the toast, then the login page) and nothing stands in the content's place, not a failure to retry.
 */
export function MemberQueryContent(props: { query: QueryLike; what: string; children: ReactNode }) {
  const unauthorized = props.query.isError && isUnauthorized(props.query.error);
  useEffect(() => {
    if (unauthorized) return handleUnauthorized();
  }, [unauthorized]);
  return unauthorized ? null : <QueryContent {...props} />;
}
