import type { QueryClient } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

// REST-keyed caches of listings other pages may hold (keyed by the path, e.g. the profile's lists).
const REST_LISTING_PATHS = ["/api/chatbots", "/api/user/chatbots", "/api/series", "/api/users"];

/**
 * After a create, edit or delete: refetch every listing query (gallery list and count, own list,
 * series, profile), so all views show the change (spec section 4).
 */
export function invalidateChatbotQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.chatbots.pathKey() }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey: [first] }) =>
        typeof first === "string" && REST_LISTING_PATHS.some((path) => first.startsWith(path)),
    }),
  ]);
}
