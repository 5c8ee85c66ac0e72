import type { DatabaseHandle, UserRow } from "@gallery/db";
import type { Config } from "../config.js";
import type { IdentityProvider } from "../services/identity.js";
import type { ObjectStorage } from "../services/storage.js";

/** What every procedure may use. Built per request by the tRPC and REST plugins. */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  storage: ObjectStorage;
  identity: IdentityProvider;
}

/** The server session of the caller (cookie-backed, stored in PostgreSQL). */
export interface SessionControl {
  /**
   * Starts a fresh session (new id, so a fixed id cannot be planted) for this user; authTime (seconds)
   * of the verified ID token lets a later revocation at the identity provider end it.
   */
  signIn(userId: string, authTime: number): Promise<void>;
  signOut(): Promise<void>;
}

export interface Context extends Services {
  db: DatabaseHandle["db"];
  /** The signed-in user, loaded fresh from the database for this request; null for visitors. */
  user: UserRow | null;
  session: SessionControl;
}
