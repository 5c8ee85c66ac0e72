import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerRestErrorHandler } from "../../rest/adapter.js";
import { adminRoutes } from "../../rest/admin.js";
import { authRoutes } from "../../rest/auth.js";
import { chatbotsRoutes } from "../../rest/chatbots.js";
import { usersRoutes } from "../../rest/users.js";

/** The spec's /api paths: a thin adapter over the same procedures as tRPC. */
export default fp(
  async (app) => {
    await app.register(
      async (api: FastifyInstance) => {
        registerRestErrorHandler(api);
        await api.register(authRoutes);
        await api.register(usersRoutes);
        await api.register(chatbotsRoutes);
        await api.register(adminRoutes);
      },
      { prefix: "/api" },
    );
  },
  { name: "rest", dependencies: ["current-user", "storage", "identity", "multipart"] },
);
