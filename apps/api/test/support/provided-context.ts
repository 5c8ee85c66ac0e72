// What vitest.global-setup.ts (the root's globalSetup) provides to every project's tests: declared once, imported
// by the setup that provides it and by services.ts, which injects it.

declare module "vitest" {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator. */
    authEmulatorHost: string;
    firebaseProjectId: string;
    /** A PostgreSQL role that may CREATE DATABASE (each test app makes its own), or null for PGlite. */
    databaseUrl: string | null;
    /** A DATA_DIR with a migrated embedded database to copy (test/support/migrated-databases.ts), or null. */
    embeddedSnapshotDir: string | null;
    /** A migrated database on databaseUrl's server to create test databases from, or null. */
    databaseTemplate: string | null;
  }
}

export {};
