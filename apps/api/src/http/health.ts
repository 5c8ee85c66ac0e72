import { PAGE_SIZE_DEFAULT } from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { countGallery, listGallery } from "../domain/listings/queries.js";

const part = z.enum(["ok", "down"]);
const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: part,
  storage: part,
  gallery: part.meta({ description: "The gallery's own first page and count, read as a visitor reads them." }),
});
const PROBE_TIMEOUT_MS = 3000;

/**
 * GET /api/health: 200 when the app can answer, else 503 naming what fails. Besides the database and object
 * storage answering, the gallery's own first page and count are read as a visitor's request reads them
 * (the same statements, on whatever connection the pool hands out): a database that answers `SELECT 1`
 * while the gallery's reads fail is not healthy.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        operationId: "getHealth",
        summary: "Whether the app can answer: database, object storage and the gallery's reads",
        tags: ["operations"],
        response: {
          200: healthSchema.meta({ description: "All answer." }),
          503: healthSchema.meta({ description: "Something fails (named in the body)." }),
        },
      },
    },
    async (_request, reply) => {
      // As a visitor: the gallery's own reads, whoever asks for the health.
      const deps = { db: app.database.db, storage: app.storage, identity: app.identity, config: app.config };
      const [database, storage, gallery] = await Promise.all([
        check(() => app.database.ping()),
        check(() => app.storage.ping()),
        check(() => Promise.all([listGallery(deps, null, { limit: PAGE_SIZE_DEFAULT }), countGallery(deps, null, {})])),
      ]);
      const ok = database === "ok" && storage === "ok" && gallery === "ok";
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database, storage, gallery });
    },
  );
};

async function check(probe: () => Promise<unknown>): Promise<"ok" | "down"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS);
      }),
    ]);
    return "ok";
  } catch {
    return "down";
  } finally {
    clearTimeout(timer);
  }
}
