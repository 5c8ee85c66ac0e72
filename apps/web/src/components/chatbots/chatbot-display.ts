import { type Platform, type PlatformValues, platformsOf } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";

/** '1 platform' / '2 platforms'. */
export function platformCountLabel(count: number): string {
  return `${count} ${count === 1 ? "platform" : "platforms"}`;
}

/** Distinct platforms over many listings, by identifier (series, profile and dashboard counts). */
export function distinctPlatforms(chatbots: PlatformValues[]): Platform[] {
  return [...new Set(chatbots.flatMap((chatbot) => platformsOf(chatbot)))];
}

/** The first `limit` tags and how many are left over (shown as a '+N' badge). */
export function visibleTags(tags: string[], limit: number): { shown: string[]; rest: number } {
  return { shown: tags.slice(0, limit), rest: Math.max(0, tags.length - limit) };
}

/**
 * The web's one copy of "visitors never see NSFW images" (card and listing page): the server enforces it
 * for listings and /images; this covers a list cached before a sign-out. A server-given flag would replace it.
 */
export const isImageLocked = (chatbot: Pick<Chatbot, "nsfw">, isAuthenticated: boolean) =>
  chatbot.nsfw && !isAuthenticated;

/**
 * The api's counted redirect for a platform button (GET /go/{id}/{platform}), which sends the visitor on to
 * the platform's URL; `platformHref` (platform-button.tsx) decides whether a listing has a button at all.
 */
export const clickOutHref = (chatbotId: string, platform: Platform) =>
  `/go/${encodeURIComponent(chatbotId)}/${platform}`;

/** The originals of a blurred NSFW image (a member whose NSFW display is Blur), loaded only after a click. */
export type Reveal = { imageUrl: string | null; thumbnailUrl: string | null };

/** The server sends the originals apart (revealImageUrl) only when it blurred the image: then this is them. */
export function revealOf(chatbot: Pick<Chatbot, "revealImageUrl" | "revealThumbnailUrl">): Reveal | undefined {
  if (!chatbot.revealImageUrl && !chatbot.revealThumbnailUrl) return undefined;
  return { imageUrl: chatbot.revealImageUrl ?? null, thumbnailUrl: chatbot.revealThumbnailUrl ?? null };
}

/** What `ChatbotImage` shows of a listing for this viewer (the card and the listing page alike). */
export function pictureOf(
  chatbot: Pick<
    Chatbot,
    | "title"
    | "thumbnailUrl"
    | "imageUrl"
    | "imageFocusX"
    | "imageFocusY"
    | "nsfw"
    | "revealImageUrl"
    | "revealThumbnailUrl"
  >,
  isAuthenticated: boolean,
) {
  return {
    title: chatbot.title,
    thumbnailUrl: chatbot.thumbnailUrl,
    imageUrl: chatbot.imageUrl,
    focus: { x: chatbot.imageFocusX, y: chatbot.imageFocusY },
    locked: isImageLocked(chatbot, isAuthenticated),
    reveal: revealOf(chatbot),
  };
}
