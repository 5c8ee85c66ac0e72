import { QueryClient } from "@tanstack/react-query";

/** Spec section 9: cached data never becomes stale, no refetch on focus, no retries (series opts in). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
