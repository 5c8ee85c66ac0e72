import { QueryClient } from "@tanstack/react-query";

/** Spec section 9: cached data never becomes stale, no refetch on focus, no retries (series opts in). */
export const makeQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });

/** The app's one cache (a page drawn on the server has its own: entry-server.tsx). */
export const queryClient = makeQueryClient();
