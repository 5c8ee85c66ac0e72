import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "./auth/auth-provider";
import { queryClient } from "./lib/query-client";
import { trpcClient as appTrpcClient, type TRPCClient, TRPCProvider } from "./lib/trpc";

/**
 * Data and session providers around the router: TanStack Query, tRPC, auth. The app's own clients unless given
 * (a page drawn on the server brings its own).
 */
export function AppProviders({
  children,
  clients = { queryClient, trpcClient: appTrpcClient },
}: {
  children: ReactNode;
  clients?: { queryClient: QueryClient; trpcClient: TRPCClient };
}) {
  const { queryClient: cache, trpcClient } = clients;
  return (
    <QueryClientProvider client={cache}>
      <TRPCProvider trpcClient={trpcClient} queryClient={cache}>
        <AuthProvider>{children}</AuthProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
