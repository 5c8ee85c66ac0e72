import type { AppRouter } from "@gallery/api/router";
import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";

const withCookies: typeof fetch = (url, options) => fetch(url, { ...options, credentials: "include" });

/**
 * The web app's one transport: tRPC on the same origin, with the session cookie. JSON calls are
 * batched; uploads (FormData inputs) go one by one through httpLink, as multipart.
 */
export function makeTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: "/trpc", fetch: withCookies }),
        false: httpBatchLink({ url: "/trpc", fetch: withCookies, maxURLLength: 2083, maxItems: 40 }),
      }),
    ],
  });
}

export const trpcClient = makeTRPCClient();
export type TRPCClient = typeof trpcClient;

/**
 * React integration (createTRPCContext style). `<TRPCProvider>` is mounted by AppProviders; in
 * components use:
 *   const trpc = useTRPC();
 *   useQuery(trpc.chatbots.list.queryOptions({ ... }));
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * The same options proxy without React context (router context, loaders, helpers):
 *   queryClient.invalidateQueries(trpc.chatbots.pathFilter())
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type TRPC = typeof trpc;
