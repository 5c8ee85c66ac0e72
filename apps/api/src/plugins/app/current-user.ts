import type { UserRow } from "@gallery/db";
import { TRPCError } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unavailableMessage, unavailablePart } from "../../services/unavailable";
import type { Context, SessionControl } from "../../trpc/context";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, loaded lazily once per request. */
    currentUser(): Promise<UserRow | null>;
  }
}

/** Loads the session's user fresh from the database, so deleted users and changed roles apply at once. */
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
      if (!user) await request.session.destroy();
      return user ?? null;
    }
  },
  { name: "current-user", dependencies: ["database", "session"] },
);

/** The procedure context for one request; used by both the tRPC and the REST plugins. */
export async function createContext(request: FastifyRequest, _reply: FastifyReply): Promise<Context> {
  const app = request.server;
  const session: SessionControl = {
    async signIn(userId) {
      await request.session.regenerate();
      request.session.set("userId", userId);
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
