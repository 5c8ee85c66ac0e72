import type { AppRouter } from "@gallery/api/router";
import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";
import { retryUnavailableLink } from "./retry-unavailable";

/** The reads a page needs to know who is signed in: never shed by the server when asked for on their own. */
const WHO_IS_SIGNED_IN = new Set(["auth.user", "auth.clientConfig"]);

const withCookies: typeof fetch = (url, options) => fetch(url, { ...options, credentials: "include" });

/**
 * The web app's one transport: tRPC on the same origin, with the session cookie. JSON calls are
 * batched; uploads (FormData inputs) go one by one through httpLink, as multipart. What a page needs to know who is
 * signed in (auth.user, auth.clientConfig) is batched apart from other reads: the server never sheds a request of
 * only these (calls/auth.ts `neverShed`), and a batch with another read could be.
 */
export function makeTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      // A read a busy server refused (503) is asked again after its Retry-After before it shows as failed.
      retryUnavailableLink(),
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: "/trpc", fetch: withCookies }),
        false: splitLink({
          condition: (op) => WHO_IS_SIGNED_IN.has(op.path),
          true: httpBatchLink({ url: "/trpc", fetch: withCookies }),
          false: httpBatchLink({ url: "/trpc", fetch: withCookies, maxURLLength: 2083, maxItems: 40 }),
        }),
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
