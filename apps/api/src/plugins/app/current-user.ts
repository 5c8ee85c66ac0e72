import type { UserRow } from "@gallery/db";
import { TRPCError } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sessionIdentityValid, startSessionIdentity } from "../../services/session-identity.js";
import { unavailableMessage, unavailablePart } from "../../services/unavailable.js";
import type { Context, SessionControl } from "../../trpc/context.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, loaded lazily once per request. */
    currentUser(): Promise<UserRow | null>;
  }
}

/**
 * Loads the session's user fresh from the database, so deleted users and changed roles apply at once;
 * an account deleted, disabled or revoked at the identity provider ends the session within 5 minutes.
 */
export default fp(
  async (app) => {
    app.decorateRequest("currentUser", function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { _user?: Promise<UserRow | null> };
      cache._user ??= loadUser(this);
      return cache._user;
    });

    async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
      const userId = request.session.get("userId");
      if (!userId) return null;
      const user = await app.database.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
      if (!user || !(await sessionIdentityValid(app.identity, request.session, user.firebaseUid, request.log))) {
        await endSession(request);
        return null;
      }
      return user;
    }

    /**
     * Ends a dead session but leaves the request an empty one, so a sign-in in the same request
     * (POST /api/auth/verify from a browser still holding the old cookie) or a sign-out still works:
     * destroy() would leave request.session null. regenerate() stores the empty session at once; it
     * is removed again, since it is only kept if something is set on it.
     */
    async function endSession(request: FastifyRequest) {
      await request.session.regenerate();
      await app.database.db.deleteFrom("session").where("sid", "=", request.session.sessionId).execute();
    }
  },
  { name: "current-user", dependencies: ["database", "session", "identity"] },
);

/** The procedure context for one request; used by both the tRPC and the REST plugins. */
export async function createContext(request: FastifyRequest, _reply: FastifyReply): Promise<Context> {
  const app = request.server;
  const session: SessionControl = {
    async signIn(userId, authTime) {
      await request.session.regenerate();
      request.session.set("userId", userId);
      request.session.set("renewedAt", Date.now());
      startSessionIdentity(request.session, authTime);
      await request.session.save();
    },
    async signOut() {
      await request.session.destroy();
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
  };
}
