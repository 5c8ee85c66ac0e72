import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "./auth/auth-provider";
import { queryClient } from "./lib/query-client";
import { TRPCProvider, trpcClient } from "./lib/trpc";

/** Data and session providers around the router: TanStack Query, tRPC, auth. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
