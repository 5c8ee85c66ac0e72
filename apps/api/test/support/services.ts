import { inject } from "vitest";
import "./provided-context.js";

// Where the services of this run are: the globalSetup (vitest.global-setup.ts) provides them.
// Outside vitest (the bench imports these helpers), from the environment.
const inVitest = Boolean(process.env.VITEST);

/** host:port of the Firebase Auth emulator. */
export const EMULATOR_HOST = inVitest ? inject("authEmulatorHost") : process.env.FIREBASE_AUTH_EMULATOR_HOST;
export const PROJECT_ID = inVitest
  ? inject("firebaseProjectId")
  : (process.env.FIREBASE_PROJECT_ID ?? "demo-chatbot-gallery");
/**
 * A PostgreSQL server where each test app creates its own database; undefined: the embedded database, as
 * `pnpm start` runs it (the api-embedded project sets TEST_DATABASE=embedded, vitest.embedded.config.ts).
 */
export const DATABASE_SERVER_URL =
  process.env.TEST_DATABASE === "embedded"
    ? undefined
    : (inVitest ? inject("databaseUrl") : process.env.TEST_DATABASE_URL) || undefined;

/** Migrated starting points made by the globalSetup; outside vitest none (a test app then migrates its own). */
export const EMBEDDED_SNAPSHOT_DIR = (inVitest ? inject("embeddedSnapshotDir") : null) ?? undefined;
export const DATABASE_TEMPLATE = (inVitest ? inject("databaseTemplate") : null) ?? undefined;
