import { DatabaseUnavailableError } from "@gallery/db";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { seedDemoIfEmpty } from "./seed/seed.js";

/** Starts the api; any start-up failure ends in one line saying what to fix. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  for (const warning of config.warnings) app.log.warn(warning);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(app.database.db, app.storage);
    if (seeded) app.log.info(seeded, "seeded the demo gallery");
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`chatbot-gallery: cannot start: ${explain(error)}`);
  process.exit(1);
});

function explain(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) return error.message;
  const err = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (err?.code === "EADDRINUSE") return `port ${err.port} is already in use: stop the other process or set PORT`;
  if (err?.code === "EACCES") return `no permission to listen on port ${err.port}: set PORT above 1024`;
  if (err?.message?.includes("migration")) return err.message;
  return err?.message ?? String(error);
}
