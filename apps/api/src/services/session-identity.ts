import type { FastifySessionObject as Session } from "@fastify/session";
import type { FastifyBaseLogger } from "fastify";
import type { AccountStatus, IdentityProvider } from "./identity.js";

/**
 * How often a session's account is looked up at the identity provider again. A revocation, a
 * disabled or a deleted account ends the server session within this time (the spec's ID-token sync
 * max age is 5 minutes too); in between, requests cost no call to the provider.
 */
export const IDENTITY_RECHECK_MS = 5 * 60_000;
/** The provider could not be asked: the session goes on and it is asked again this much later. */
const RETRY_AFTER_FAILURE_MS = 60_000;

/** One lookup per account at a time, however many requests a page makes at once. */
const inFlight = new Map<string, Promise<AccountStatus | null>>();

function lookUp(identity: IdentityProvider, uid: string) {
  let pending = inFlight.get(uid);
  if (!pending) {
    pending = identity.accountStatus(uid).finally(() => inFlight.delete(uid));
    inFlight.set(uid, pending);
  }
  return pending;
}

/** Records the start of a session from a verified ID token (the account was fine a moment ago). */
export function startSessionIdentity(session: Session, authTime: number, now = Date.now()) {
  session.set("authTime", authTime);
  session.set("identityCheckedAt", now);
}

/**
 * Whether the session may go on: false once its account was deleted or disabled at the identity
 * provider, or had its tokens revoked after the session's sign-in (Firebase's own rule: revoked when
 * authenticated before validSince). Fails open when the provider cannot be reached, so an outage of
 * the provider does not sign everybody out.
 */
export async function sessionIdentityValid(
  identity: IdentityProvider,
  session: Session,
  uid: string | null,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<boolean> {
  // Accounts that never signed in through the provider (seeded demo creators) have nothing to check.
  if (!uid) return true;
  const checkedAt = session.get("identityCheckedAt") ?? 0;
  if (now - checkedAt < IDENTITY_RECHECK_MS) return true;
  let status: AccountStatus | null;
  try {
    status = await lookUp(identity, uid);
  } catch (error) {
    log.warn({ err: error }, "identity provider unreachable: session kept, asked again in a minute");
    session.set("identityCheckedAt", now - IDENTITY_RECHECK_MS + RETRY_AFTER_FAILURE_MS);
    return true;
  }
  if (!status || status.disabled) return false;
  const authTime = session.get("authTime");
  if (authTime !== undefined && status.validSince !== null && authTime * 1000 < status.validSince) return false;
  session.set("identityCheckedAt", now);
  return true;
}
