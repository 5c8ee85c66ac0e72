import type { DatabaseHandle } from "@gallery/db";
import type { FastifyRequest } from "fastify";
import type { Deps } from "../domain/deps.js";
import type { ApiTokenGrant } from "../domain/members/api-tokens.js";
import { type Viewer, type ViewerFacts, viewerFacts } from "../domain/policy.js";
import type { StatsSink } from "../domain/stats/events.js";
import type { Visitor } from "../domain/stats/visitor.js";
// The request and app decorations callContext reads (types only: the router's type stays importable alone).
import type {} from "../fastify-types.js";

/** The server session of the caller (cookie-backed, stored in PostgreSQL). */
export interface SessionControl {
  /**
   * Starts a fresh session (new id, so a fixed id cannot be planted) for this user; authTime (seconds)
   * of the verified ID token lets a later revocation at the identity provider end it.
   */
  signIn(userId: string, authTime: number): Promise<void>;
  signOut(): Promise<void>;
}

/** What every call receives, over tRPC and REST alike: the domain's deps, the caller and their session. */
export interface CallContext extends Deps {
  database: DatabaseHandle;
  /** The signed-in user, loaded fresh from the database for this request; null for visitors. */
  user: Viewer;
  /**
   * Who is asking as the viewer policy decides by, worked out once for this request from `user` (the same frozen
   * value policy.viewerFacts(user) returns to every read of this request: the listing SQL and shape, the
   * compiled-query and shared-copy keys).
   */
  viewer: ViewerFacts;
  /** The personal API token the call is made with (its scope is checked once: trpc/init.ts, http/request.ts). */
  apiToken: ApiTokenGrant | null;
  session: SessionControl;
  /** Where views are counted, and who asks (for the day's keyed hash, never stored). */
  stats: StatsSink;
  visitor: Visitor;
}

/** The context of a call made by this request (the caller is loaded here: a failure is the caller's transport's). */
export async function callContext(request: FastifyRequest): Promise<CallContext> {
  const app = request.server;
  const user = await request.currentUser();
  return {
    config: app.config,
    database: app.database,
    db: app.database.db,
    storage: app.storage,
    identity: app.identity,
    user,
    viewer: viewerFacts(user),
    apiToken: await request.apiToken(),
    session: {
      signIn: (userId, authTime) => request.startSession(userId, authTime),
      async signOut() {
        await request.session?.destroy();
      },
    },
    stats: app.listingStats,
    visitor: { ip: request.ip, userAgent: request.headers["user-agent"] },
  };
}
