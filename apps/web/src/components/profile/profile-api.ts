import type { Chatbot, User } from "@gallery/schema/types";
import type { QueryClient } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "../../auth/session";
import { apiRequest, getJson, throwIfResNotOk } from "../../lib/api";

/** REST-keyed caches (the key is the path, as spec section 7 names the calls). */
export const profileKey = (userId: string) => [`/api/users/${userId}`] as const;
export const profileChatbotsKey = (userId: string) => [`/api/users/${userId}/chatbots`] as const;

/** GET /api/users/{userId}: a public profile. */
export function fetchProfile(userId: string) {
  return getJson<User>(`/api/users/${encodeURIComponent(userId)}`);
}

/** Follows the `Link: <…>; rel="next"` header the api adds when a list has more pages. */
function nextLink(response: Response): string | null {
  const match = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "");
  return match?.[1] ?? null;
}

/** Every safety net has a limit: at most this many pages of 100 listings. */
const MAX_PAGES = 20;

/** GET /api/users/{userId}/chatbots: all of a creator's listings the viewer may see (the counts need them all). */
export async function fetchProfileChatbots(userId: string): Promise<Chatbot[]> {
  const chatbots: Chatbot[] = [];
  let url: string | null = `/api/users/${encodeURIComponent(userId)}/chatbots?limit=100`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const response: Response = await fetch(url, { credentials: "include" });
    await throwIfResNotOk(response);
    chatbots.push(...((await response.json()) as Chatbot[]));
    url = nextLink(response);
  }
  return chatbots;
}

/**
 * The message of an api error ("400: {\"message\":\"…\"}" → "…"), or null when it has none
 * (the About card shows the server's own validation message, spec section 8).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]!) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : null;
  } catch {
    return null;
  }
}

export const saveNickname = (nickname: string) => apiRequest<User>("PUT", "/api/user/nickname", { nickname });
export const saveAbout = (about: string) => apiRequest<User>("PUT", "/api/user/about", { about });
export const saveSocialLinks = (links: Record<string, string>) =>
  apiRequest<User>("PUT", "/api/user/social-media", links);
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append("avatar", file);
  return apiRequest<User>("PUT", "/api/user/avatar", form);
}

/** After a profile save: refresh GET /api/auth/user and the public profile (spec section 7). */
export function refreshProfile(queryClient: QueryClient, userId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: profileKey(userId), exact: true }),
  ]);
}
