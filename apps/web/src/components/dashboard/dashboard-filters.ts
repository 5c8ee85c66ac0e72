import type { Chatbot } from "@gallery/schema/types";
import { distinctPlatforms } from "../chatbots/chatbot-display";

export interface DashboardFilters {
  /** Free text: matches the title or any tag, case-insensitively. */
  search: string;
  /** A series name, or "" for 'All Series'. */
  series: string;
}

export const NO_FILTERS: DashboardFilters = { search: "", series: "" };

export const isFiltered = (filters: DashboardFilters) => filters.search.trim() !== "" || filters.series !== "";

/** The user's listings that match the dashboard's search and series filter. */
export function filterChatbots(chatbots: Chatbot[], filters: DashboardFilters): Chatbot[] {
  const term = filters.search.trim().toLowerCase();
  return chatbots.filter((chatbot) => {
    if (filters.series && chatbot.storySeries !== filters.series) return false;
    if (!term) return true;
    return chatbot.title.toLowerCase().includes(term) || chatbot.tags.some((tag) => tag.toLowerCase().includes(term));
  });
}

/** The series dropdown's options: distinct series names, sorted. */
export function distinctSeries(chatbots: Chatbot[]): string[] {
  const names = new Set(chatbots.map((chatbot) => chatbot.storySeries).filter((name): name is string => Boolean(name)));
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** My Chatbots, Series Created (distinct storySeries), Platforms Used (distinct of the two). */
export function dashboardStats(chatbots: Chatbot[]) {
  return {
    chatbots: chatbots.length,
    series: distinctSeries(chatbots).length,
    platforms: distinctPlatforms(chatbots).length,
  };
}
