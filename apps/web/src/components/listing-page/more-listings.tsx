import type { Chatbot } from "@gallery/schema/types";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../auth/use-auth";
import { useTRPC } from "../../lib/trpc";
import { ChatbotGrid } from "../chatbots/chatbot-grid";
import { QueryContent, type QueryLike } from "../common/load-failed";

/** How many other listings each section shows (a row of the grid's widest layout). */
const SHOWN = 5;

interface SectionProps {
  id: string;
  title: string;
  /** The read the section comes from, and what it is called when it fails. */
  query: QueryLike;
  what: string;
  chatbots: Chatbot[] | undefined;
}

/** A section of other listings; none when there are none, what failed when its read failed. */
function Section({ id, title, query, what, chatbots }: SectionProps) {
  if (chatbots && chatbots.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <QueryContent query={query} what={what}>
        <ChatbotGrid chatbots={chatbots} isLoading={!chatbots} skeletonCount={3} emptyMessage="No chatbots found" />
      </QueryContent>
    </section>
  );
}

/**
 * "More in this series" (series are for signed-in members, as the series page) and "More from this
 * creator" (what the viewer may see of the creator's listings), each without the listing itself and
 * without repeating the other section's listings.
 */
export function MoreListings({ chatbot }: { chatbot: Chatbot }) {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  const inSeries = Boolean(chatbot.storySeries) && isAuthenticated;
  const series = useQuery({
    ...trpc.chatbots.series.queryOptions({
      seriesName: chatbot.storySeries ?? "",
      creatorId: chatbot.userId,
      limit: SHOWN + 1,
    }),
    enabled: inSeries,
  });
  const creator = useQuery(trpc.chatbots.byUser.queryOptions({ userId: chatbot.userId, limit: SHOWN * 2 + 1 }));

  const seriesItems = series.data?.items.filter((other) => other.id !== chatbot.id).slice(0, SHOWN);
  const shownInSeries = new Set(seriesItems?.map((other) => other.id));
  const creatorItems = creator.data?.items
    .filter((other) => other.id !== chatbot.id && !shownInSeries.has(other.id))
    .slice(0, SHOWN);

  return (
    <>
      {inSeries && (
        <Section
          id="more-series"
          title="More in this series"
          query={series}
          what="The other chatbots in this series"
          chatbots={seriesItems}
        />
      )}
      <Section
        id="more-creator"
        title="More from this creator"
        query={creator}
        what="The creator's other chatbots"
        chatbots={creatorItems}
      />
    </>
  );
}
