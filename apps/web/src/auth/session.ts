import type { User } from "@gallery/schema/types";
import { queryOptions } from "@tanstack/react-query";
import { isUnauthorized } from "../lib/errors";
import { queryClient } from "../lib/query-client";
import { trpc, trpcClient } from "../lib/trpc";

/**
 * The session user: `auth.user`, with UNAUTHORIZED meaning "no session" (null). Not retried. Keyed
 * by tRPC, so `trpc.auth.user.queryFilter()` refreshes it.
 */
export const sessionQuery = () =>
  queryOptions({
    // The tRPC key of auth.user (a copy, so the cached value may be null).
    queryKey: [...trpc.auth.user.queryKey()],
    queryFn: async (): Promise<User | null> => {
      try {
        return await trpcClient.auth.user.query();
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    retry: false,
  });

let verifying: Promise<void> | null = null;

/**
 * Sends the identity provider's ID token to the server (`auth.verify`), then refreshes the cached
 * user. A sign-in and the provider's own re-send can ask at the same moment: they share one request.
 */
export function verifyWithServer(idToken: string): Promise<void> {
  verifying ??= (async () => {
    try {
      await trpcClient.auth.verify.mutate({ idToken });
      await queryClient.invalidateQueries(trpc.auth.user.queryFilter());
    } finally {
      verifying = null;
    }
  })();
  return verifying;
}

/** Ends the server session (`auth.logout`). */
export const logoutFromServer = () => trpcClient.auth.logout.mutate();
