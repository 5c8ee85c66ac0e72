import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { loggerOptions } from "../../src/logger.js";
import { checkAnswersAgainstDocument } from "./answer-check.js";
import { createDatabase, dropDatabase } from "./databases.js";
import { copyEmbeddedSnapshot } from "./migrated-databases.js";
import {
  DATABASE_SERVER_URL,
  DATABASE_TEMPLATE,
  EMBEDDED_SNAPSHOT_DIR,
  EMULATOR_HOST,
  PROJECT_ID,
} from "./services.js";

export { DATABASE_SERVER_URL, EMULATOR_HOST, PROJECT_ID };
export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A whole api on a fresh database (a new database on the run's PostgreSQL server, else an embedded
 * PGlite) with embedded object storage in a temp folder and the Firebase Auth emulator. The database starts
 * as a copy of the run's migrated one when there is one (test/support/migrated-databases.ts).
 */
export async function createTestApp(env: Record<string, string> = {}, options: { logStream?: Writable } = {}) {
  if (!EMULATOR_HOST) throw new Error("no Auth emulator: run the tests with vitest (its globalSetup starts one)");
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-test-"));
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    SEED_DEMO: "false",
    // Tests sign many users in from one address; the limits have their own test.
    RATE_LIMIT_SIGNIN: "10000",
    RATE_LIMIT_WRITES: "10000",
    // The apps run in the test process, whose event loop the tests themselves keep busy (and a busy machine
    // slows): turning requests away on its delay would fail tests at random. overload.test.ts sets its own.
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    // Likewise a turn at the database: bursts of concurrent requests (races, idempotency) must get through on a
    // busy machine. overload.test.ts sets short waits of its own.
    OVERLOAD_DATABASE_WAIT_MS: "30000",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  if (!config.databaseUrl && EMBEDDED_SNAPSHOT_DIR) copyEmbeddedSnapshot(EMBEDDED_SNAPSHOT_DIR, config.dataDir);
  // A stream given: the api's own logger options (level, redaction) writing to it, so a test can read the lines.
  const logger = options.logStream
    ? { logger: { ...(loggerOptions(config) as object), stream: options.logStream } }
    : {};
  const app = await buildApp(config, logger);
  // Every REST answer checked against its documented schema (support/answer-check.ts).
  checkAnswersAgainstDocument(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freshDatabase() {
  const adminUrl = DATABASE_SERVER_URL;
  if (!adminUrl) return null;
  const url = await createDatabase(adminUrl, "gallery_test", { template: DATABASE_TEMPLATE });
  return { url, drop: () => dropDatabase(adminUrl, url) };
}
