import type { AppRouter } from "@gallery/api/router";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: "/trpc",
      fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
    }),
  ],
});

/** Query and mutation options for TanStack Query, typed from the api's routers. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
