import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const part = z.enum(["ok", "down"]);
const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]), database: part, storage: part });

/** GET /api/health: 200 when the database and object storage answer, else 503 naming what is down. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        operationId: "getHealth",
        summary: "Database and object storage health",
        tags: ["operations"],
        response: {
          200: healthSchema.meta({ description: "Both answer." }),
          503: healthSchema.meta({ description: "One of them is down (named in the body)." }),
        },
      },
    },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        check(() => app.database.ping()),
        check(() => app.storage.ping()),
      ]);
      const ok = database === "ok" && storage === "ok";
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database, storage });
    },
  );
};

async function check(probe: () => Promise<void>): Promise<"ok" | "down"> {
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000))]);
    return "ok";
  } catch {
    return "down";
  }
}
