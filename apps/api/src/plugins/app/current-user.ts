import type { UserRow } from "@gallery/db";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  type ApiTokenGrant,
  bearerTokenOf,
  carriesBearerToken,
  resolveApiToken,
} from "../../domain/members/api-tokens.js";
import { sessionIdentityValid } from "../../services/session-identity.js";

/**
 * Loads the session's user fresh from the database, so deleted users and changed roles apply at once;
 * an account deleted, disabled or revoked at the identity provider ends the session within 5 minutes.
 */
export default fp(
  async (app) => {
    app.decorateRequest("apiToken", function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { _apiToken?: Promise<ApiTokenGrant | null> };
      const token = bearerTokenOf(this.headers.authorization);
      cache._apiToken ??= token === undefined ? Promise.resolve(null) : resolveApiToken(app.database.db, token);
      return cache._apiToken;
    });

    app.decorateRequest("currentUser", function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { _user?: Promise<UserRow | null> };
      cache._user ??= carriesBearerToken(this.headers)
        ? this.apiToken().then((grant) => grant?.viewer ?? null)
        : loadUser(this);
      return cache._user;
    });

    async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
      // Null for a request without a session cookie (plugins/external/session.ts).
      const userId = request.session?.get("userId");
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
