import { PAGE_SIZE_MAX } from "@gallery/schema/constants";
import type { Chatbot } from "@gallery/schema/types";
import { queryOptions } from "@tanstack/react-query";
import { trpc, trpcClient } from "../../lib/trpc";

type Page = { items: Chatbot[]; nextCursor: string | null };

/** Every page of a list, in order (own and series pages hold 1000 listings, so one request in practice). */
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
    // Under the tRPC path key, so trpc.chatbots.pathFilter() refreshes it too.
    queryKey: [...trpc.chatbots.mine.pathKey(), "all"],
    queryFn: () => allPages((cursor) => trpcClient.chatbots.mine.query({ cursor })),
  });

/** A creator's whole series (series page). */
export const seriesQuery = (seriesName: string, creatorId: string) =>
  queryOptions({
    queryKey: [...trpc.chatbots.series.pathKey(), { seriesName, creatorId }],
    queryFn: () => allPages((cursor) => trpcClient.chatbots.series.query({ seriesName, creatorId, cursor })),
  });

/** A creator's listings that the viewer may see, every page (profile page: its counts need them all). */
export const creatorChatbotsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...trpc.chatbots.byUser.pathKey(), { userId }],
    queryFn: () => allPages((cursor) => trpcClient.chatbots.byUser.query({ userId, cursor, limit: PAGE_SIZE_MAX })),
  });
