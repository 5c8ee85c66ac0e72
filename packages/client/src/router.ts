// The router's type for a tRPC client made with createTRPCClient<AppRouter> (over @trpc/server's declarations).
export type { AppRouter, ErrorShape } from "./generated/app-router.gen.js";
