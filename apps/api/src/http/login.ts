import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors } from "./docs.js";
import { errorStatuses } from "./routes.js";

/** The spec's login endpoint: a redirect target for signed-out sessions (no call behind it). */
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/login",
    {
      schema: {
        operationId: "login",
        summary: "The sign-in page",
        tags: ["session"],
        response: {
          302: z.null().meta({
            description: "Redirect to the sign-in page /auth.",
            headers: { Location: { type: "string", description: "/auth" } },
          }),
          ...errors(...errorStatuses({ method: "GET", input: false, access: "none" })),
        },
      },
    },
    async (_request, reply) => reply.redirect("/auth"),
  );
};
