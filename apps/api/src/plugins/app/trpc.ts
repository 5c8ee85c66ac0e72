import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import fp from "fastify-plugin";
import { type AppRouter, appRouter } from "../../trpc/router.js";
import { createContext } from "./current-user.js";

/** The tRPC routers at /trpc, for the web app. */
export default fp(
  async (app) => {
    await app.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createContext(req, res),
        onError({ error, path }) {
          if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error.cause ?? error, path }, "tRPC error");
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
    });
  },
  { name: "trpc", dependencies: ["current-user", "storage", "identity"] },
);
