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
    process.once(signal, () => stop(app));
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

/**
 * The bound on a graceful stop (docs/operations.md, "Rolling upgrade"): above the longest request a replica
 * normally runs (an image job call waits 20 s by default, IMAGE_JOB_WAIT_SECONDS), below compose's
 * stop_grace_period of 35 s.
 */
const STOP_BOUND_MS = 30_000;

/**
 * A graceful stop, for a rolling restart: Fastify stops accepting connections, closes the idle ones, answers
 * 503 (Connection: close) to any request that still arrives before doing any work for it (return503OnClosing,
 * the proxy sends it to another replica), and waits for the requests in flight; the onClose hooks then write
 * the waiting view and click counts and close the database. Whatever is not done within STOP_BOUND_MS is cut.
 */
function stop(app: Awaited<ReturnType<typeof buildApp>>) {
  app.log.info("stopping: finishing the requests in flight");
  setTimeout(() => {
    app.log.error(`not stopped within ${STOP_BOUND_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, STOP_BOUND_MS).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, "stopping failed");
      process.exit(1);
    },
  );
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
