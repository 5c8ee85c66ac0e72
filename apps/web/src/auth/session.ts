import type { User } from "@gallery/schema/types";
import { apiRequest, getJson } from "../lib/api";
import { queryClient } from "../lib/query-client";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/** GET /api/auth/user: the product user, or null when the server has no session for us. */
export const fetchCurrentUser = () => getJson<User>("/api/auth/user", { on401: "returnNull" });

let verifying: Promise<void> | null = null;

/**
 * Sends the identity provider's ID token to the server, then refreshes the cached user. A sign-in
 * and the provider's own re-send can ask at the same moment: they share one request.
 */
export function verifyWithServer(idToken: string): Promise<void> {
  verifying ??= (async () => {
    try {
      await apiRequest("POST", "/api/auth/verify", { idToken });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    } finally {
      verifying = null;
    }
  })();
  return verifying;
}
