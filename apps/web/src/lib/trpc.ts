import type { AppRouter } from "@gallery/api/router";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";

/** The tRPC client: batched calls to /trpc on the same origin, with the session cookie. */
export function makeTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/trpc",
        fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
      }),
    ],
  });
}

export const trpcClient = makeTRPCClient();

/**
 * React integration (createTRPCContext style). `<TRPCProvider>` is mounted by AppProviders; in
 * components use:
 *   const trpc = useTRPC();
 *   useQuery(trpc.chatbots.list.queryOptions({ ... }));
 *   useMutation(trpc.chatbots.delete.mutationOptions({ onSuccess: ... }));
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * The same options proxy without React context, for code outside components (loaders, helpers):
 *   queryClient.invalidateQueries({ queryKey: trpc.chatbots.pathKey() })
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
