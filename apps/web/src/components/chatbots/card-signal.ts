import type { GallerySort } from "@gallery/schema/sorts";
import type { Chatbot } from "@gallery/schema/types";

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const plural = (count: number, one: string, many: string) => `${compact.format(count)} ${count === 1 ? one : many}`;

type Counts = Pick<Chatbot, "chatsThisWeek" | "chatsThisMonth" | "favoriteCount">;

/**
 * The popularity a card shows, from the server's counts (chats started from the gallery: click-outs): the one the gallery is sorted by (so Popular,
 * Trending and Most saved differ visibly), else the week's chats when there were any.
 */
export function cardSignal(chatbot: Counts, sort?: GallerySort): string | null {
  if (sort === "popular") return plural(chatbot.chatsThisMonth, "chat this month", "chats this month");
  if (sort === "saved") return plural(chatbot.favoriteCount, "save", "saves");
  if (sort === "trending" || chatbot.chatsThisWeek > 0) {
    return plural(chatbot.chatsThisWeek, "chat this week", "chats this week");
  }
  return null;
}
