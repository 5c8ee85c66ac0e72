// Databases of a test's own on the run's PostgreSQL server (vitest.global-setup.ts), through scripts/lib/postgres.mjs
// (the repository's PostgreSQL helpers, shared with packages/db's tests and the bench), typed once here.
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import * as postgres from "../../../../scripts/lib/postgres.mjs";

/** A new database named `<prefix>_<random>`, empty or a copy of `template`: its address. */
export const createDatabase: (serverUrl: string, prefix: string, options?: { template?: string }) => Promise<string> =
  postgres.createDatabase;

/** Drops the database at databaseUrl, best effort (the run's cluster goes away anyway). */
export const dropDatabase: (serverUrl: string, databaseUrl: string) => Promise<void> = postgres.dropDatabase;
