import fp from "fastify-plugin";
import { goRoutes } from "../../http/go.js";
import { httpRoutes } from "../../http/index.js";

/** The spec's /api paths: Fastify routes declared with Zod schemas, calling the domain (src/http). */
export default fp(
  async (app) => {
    await app.register(httpRoutes, { prefix: "/api" });
    // The platform buttons' counted redirect (/go/{id}/{platform}).
    await app.register(goRoutes);
  },
  {
    name: "rest",
    dependencies: ["current-user", "storage", "identity", "multipart", "swagger", "listing-stats", "notifications"],
  },
);
