import type { Chatbot } from "@gallery/schema/types";
import { distinctPlatforms } from "../chatbots/chatbot-display";

/** The public profile's counts: listings, distinct series, distinct platforms used (by identifier). */
export function profileStats(chatbots: Chatbot[]) {
  const series = new Set(chatbots.map((chatbot) => chatbot.storySeries?.trim()).filter(Boolean));
  return { chatbots: chatbots.length, series: series.size, platforms: distinctPlatforms(chatbots).length };
}
