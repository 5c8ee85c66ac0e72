import type { Chatbot } from "@gallery/schema/types";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { trpc, trpcClient } from "../../lib/trpc";

type Page = { items: Chatbot[]; nextCursor: string | null };

/** Every page of a creator's list, in order (pages hold 1000 listings, so one request in practice). */
export async function allPages(fetchPage: (cursor: string | undefined) => Promise<Page>): Promise<Chatbot[]> {
  const items: Chatbot[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** The signed-in user's whole list (dashboard: its stats and filters need every listing). */
export const myChatbotsQuery = () =>
  queryOptions({
    // Under the tRPC path key, so invalidateChatbotQueries refreshes it too.
    queryKey: [...trpc.chatbots.mine.pathKey(), "all"],
    queryFn: () => allPages((cursor) => trpcClient.chatbots.mine.query({ cursor })),
  });

/** A creator's whole series (series page). */
export const seriesQuery = (seriesName: string, creatorId: string) =>
  queryOptions({
    queryKey: [...trpc.chatbots.series.pathKey(), { seriesName, creatorId }],
    queryFn: () => allPages((cursor) => trpcClient.chatbots.series.query({ seriesName, creatorId, cursor })),
  });

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
