import fp from "fastify-plugin";

/** GET /api/health: 200 when the database and object storage answer, else 503 naming what is down. */
export default fp(
  async (app) => {
    app.get("/api/health", async (_request, reply) => {
      const [database, storage] = await Promise.all([
        check(() => app.database.ping()),
        check(() => app.storage.ping()),
      ]);
      const ok = database === "ok" && storage === "ok";
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database, storage });
    });
  },
  { name: "health", dependencies: ["database", "storage"] },
);

async function check(probe: () => Promise<void>): Promise<"ok" | "down"> {
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000))]);
    return "ok";
  } catch {
    return "down";
  }
}
