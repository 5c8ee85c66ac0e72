import { creatorDisplayName } from "@gallery/schema/display";
import type { Chatbot } from "@gallery/schema/types";
import { distinctPlatforms } from "../chatbots/chatbot-display";

/** The series info cards: listings, distinct platforms used (by identifier), SFW listings. */
export function seriesStats(chatbots: Chatbot[]) {
  return {
    chatbots: chatbots.length,
    platforms: distinctPlatforms(chatbots).length,
    sfw: chatbots.filter((chatbot) => !chatbot.nsfw).length,
  };
}

/** 'Series by {creator name}', or 'Unknown Creator' when the series has no creator to show. */
export function seriesCreatorName(chatbots: Chatbot[]): string {
  const creator = chatbots.find((chatbot) => chatbot.user)?.user;
  return creator ? creatorDisplayName(creator) : "Unknown Creator";
}
