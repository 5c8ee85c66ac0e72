import { type App, cert, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { Config } from "../config.js";

/** What the api needs from the identity provider (Firebase Authentication). */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  signInProvider: string | null;
  /** When the person authenticated (seconds): what the provider compares with a revocation. */
  authTime: number;
}

/** An account as the provider holds it now; used to end sessions whose account was revoked. */
export interface AccountStatus {
  disabled: boolean;
  /** Tokens (and so sessions) authenticated before this time (ms) are revoked; null when never revoked. */
  validSince: number | null;
}

export interface IdentityProvider {
  /** Checks an ID token (signature, expiry, revocation); throws when it is not valid. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** Removes the account at the provider (used when an admin deletes or rejects a user). */
  deleteUser(uid: string): Promise<void>;
  /** The account's state at the provider, or null when it no longer exists. */
  accountStatus(uid: string): Promise<AccountStatus | null>;
  /**
   * Revokes the account's refresh tokens at the provider (sign out everywhere): no device can get a new ID token
   * without signing in again, and tokens issued before now are refused as revoked. Nothing for an unknown account.
   */
  revokeTokens(uid: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidTokenError extends Error {}

/** The identity provider could not be asked (down, unreachable): not the token's fault. */
export class IdentityUnavailableError extends Error {}

/**
 * What a failed token check means: Firebase's `auth/...` codes are about the token or the account (malformed,
 * expired, revoked, disabled); anything else (`app/network-error`, a timeout) is the provider being unreachable,
 * which must not sign a person out as if their token were bad.
 */
export function tokenCheckFailure(error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : "invalid ID token";
  if (typeof code === "string" && code.startsWith("auth/") && code !== "auth/internal-error") {
    return new InvalidTokenError(message);
  }
  return new IdentityUnavailableError(message, { cause: error });
}

export function createIdentityProvider(config: Config): IdentityProvider {
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  const app: App = initializeApp(
    {
      projectId: config.firebase.projectId,
      ...(config.firebase.serviceAccount ? { credential: cert(JSON.parse(config.firebase.serviceAccount)) } : {}),
    },
    `gallery-${Math.random().toString(36).slice(2)}`,
  );
  const auth = getAuth(app);
  return {
    async verifyIdToken(idToken) {
      try {
        const token = await auth.verifyIdToken(idToken, true);
        return {
          uid: token.uid,
          email: token.email?.toLowerCase() ?? null,
          emailVerified: token.email_verified === true,
          name: typeof token.name === "string" ? token.name : null,
          picture: typeof token.picture === "string" ? token.picture : null,
          signInProvider: token.firebase?.sign_in_provider ?? null,
          authTime: token.auth_time,
        };
      } catch (error) {
        throw tokenCheckFailure(error);
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
      }
    },
    async accountStatus(uid) {
      try {
        const record = await auth.getUser(uid);
        const validSince = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : Number.NaN;
        return { disabled: record.disabled, validSince: Number.isNaN(validSince) ? null : validSince };
      } catch (error) {
        if ((error as { code?: string }).code === "auth/user-not-found") return null;
        throw error;
      }
    },
    async revokeTokens(uid) {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
