import { migrateToLatest, openDatabase } from "@gallery/db";
import { loadConfig } from "../config.js";
import { createObjectStorage } from "../services/storage.js";

/** The database and object storage of the configured installation, for command-line tools. */
export async function openServices() {
  // CLIs never verify tokens, so they need no identity provider configuration.
  const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "unused:0", ...process.env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const storage = await createObjectStorage({ ...config.s3, dataDir: config.dataDir }).catch(async (error) => {
    await database.close();
    throw error;
  });
  return {
    config,
    db: database.db,
    storage,
    close: async () => {
      await storage.close();
      await database.close();
    },
  };
}

/** Runs a CLI body; failures end with one line and exit code 1. */
export async function runCli(name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
