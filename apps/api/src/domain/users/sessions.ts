import { endSessionsOf } from "../../services/session-store.js";
import type { Deps } from "../deps.js";
import { requireMember, type Viewer } from "../policy.js";

/**
 * Sign out everywhere: ends every server session of the member, the caller's own included, so a cookie left on
 * another device (or stolen) is refused from its next request on. The member's tokens at the identity provider are
 * revoked first, or a browser still signed in there would quietly start a new session with its ID token (the web
 * app sends it again when it finds no session); each device must sign in again. Personal API tokens are not
 * sessions: they are revoked one by one.
 */
export async function signOutEverywhere(
  deps: Pick<Deps, "db" | "identity">,
  viewer: Viewer,
): Promise<{ success: true }> {
  const member = requireMember(viewer);
  if (member.firebaseUid) await deps.identity.revokeTokens(member.firebaseUid);
  await endSessionsOf(deps.db, member.id);
  return { success: true };
}
