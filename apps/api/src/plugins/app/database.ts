import { type DatabaseHandle, migrateToLatest, openDatabase } from "@gallery/db";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite and brings the schema up to date. */
export default fp(
  async (app) => {
    const database = await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir });
    app.addHook("onClose", () => database.close());
    await migrateToLatest(database.db);
    app.decorate("database", database);
  },
  { name: "database", dependencies: ["config"] },
);
