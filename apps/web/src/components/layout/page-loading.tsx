import { Skeleton } from "@gallery/ui";

/** A neutral page placeholder while a page's code or the auth state loads. */
export function PageLoading() {
  return (
    <div className="space-y-6 py-6" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
        <Skeleton className="hidden h-56 lg:block" />
      </div>
    </div>
  );
}
