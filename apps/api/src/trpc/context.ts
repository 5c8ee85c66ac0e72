import type { DatabaseHandle } from "@gallery/db";
import { TRPCError } from "@trpc/server";
import type { FastifyRequest } from "fastify";
import type { Deps } from "../domain/deps.js";
import type { Viewer } from "../domain/policy.js";
import type { StatsSink } from "../domain/stats/events.js";
import type { Visitor } from "../domain/stats/visitor.js";
// The request and app decorations createContext reads (types only: the router's type stays importable alone).
import type {} from "../plugins/app/config.js";
import type {} from "../plugins/app/current-user.js";
import type {} from "../plugins/app/database.js";
import type {} from "../plugins/app/identity.js";
import type {} from "../plugins/app/listing-stats.js";
import type {} from "../plugins/app/storage.js";
import { startSession } from "../plugins/external/session.js";
import { unavailableMessage, unavailablePart } from "../services/unavailable.js";

/** The server session of the caller (cookie-backed, stored in PostgreSQL). */
export interface SessionControl {
  /**
   * Starts a fresh session (new id, so a fixed id cannot be planted) for this user; authTime (seconds)
   * of the verified ID token lets a later revocation at the identity provider end it.
   */
  signIn(userId: string, authTime: number): Promise<void>;
  signOut(): Promise<void>;
}

/** What every procedure receives: the domain's deps, the caller and their session. */
export interface Context extends Deps {
  database: DatabaseHandle;
  /** The signed-in user, loaded fresh from the database for this request; null for visitors. */
  user: Viewer;
  session: SessionControl;
  /** Where views are counted, and who asks (for the day's keyed hash, never stored). */
  stats: StatsSink;
  visitor: Visitor;
}

/** The procedure context for one /trpc request. */
export async function createContext(request: FastifyRequest): Promise<Context> {
  const app = request.server;
  const session: SessionControl = {
    signIn: (userId, authTime) => startSession(request, userId, authTime),
    async signOut() {
      await request.session?.destroy();
    },
  };
  return {
    config: app.config,
    database: app.database,
    db: app.database.db,
    storage: app.storage,
    identity: app.identity,
    user: await request.currentUser().catch((error: unknown) => {
      const part = unavailablePart(error);
      if (part) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailableMessage(part), cause: error });
      throw error;
    }),
    session,
    stats: app.listingStats,
    visitor: { ip: request.ip, userAgent: request.headers["user-agent"] },
  };
}
