import type { GallerySort } from "@gallery/schema/sorts";
import type { Chatbot } from "@gallery/schema/types";

// Made on first need: building a compact formatter loads locale data (a fifth of a second on a slow phone),
// and below a thousand it writes the plain number anyway, which is what most cards show.
let compact: Intl.NumberFormat | undefined;
function formatCount(count: number) {
  if (Math.abs(count) < 1000) return String(count);
  compact ??= new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
  return compact.format(count);
}
const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

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
