import { defineConfig } from "vitest/config";

/**
 * The API tests again on the embedded database, exactly as `pnpm start` runs it: PGlite behind its loopback
 * socket, the same pool and connection settings (TEST_DATABASE=embedded: test/support/services.ts gives each
 * test app an embedded database of its own instead of one on the run's PostgreSQL). EVERY file under test/ runs
 * here too, except those named below with the reason it does not; src/ holds unit tests that open no database
 * (the api project runs them once). A new test file runs on both databases unless it is added here with a reason.
 */
export const NOT_EMBEDDED: Record<string, string> = {
  // About PostgreSQL itself, or several processes on one database (the embedded one belongs to one process).
  "test/load.test.ts":
    "a project of its own (vitest.load.config.ts): a built server on PostgreSQL under 100 connections",
  "test/lock-order.test.ts": "row locks between concurrent transactions: PGlite runs one transaction at a time",
  "test/replicas.test.ts": "several api instances on one PostgreSQL, its LISTEN/NOTIFY between them",
  "test/response-cache.test.ts":
    "copies dropped by another process's writes through LISTEN/NOTIFY and lost notifications (the embedded database's own changes: shared-copies-changes.test.ts)",
  "test/faults.test.ts":
    "stops and restarts the PostgreSQL server under a running app (embedded-restart.test.ts restarts the embedded one)",
  "test/image-jobs.test.ts":
    "a job carried on by another process once its lease runs out: two processes on one database",
  "test/rate-limits.test.ts":
    "counts shared by two instances through one PostgreSQL; its last case runs the embedded database itself",
  "test/roles.test.ts": "pnpm roles, a CLI against a database server's DATABASE_URL",
  "test/startup.test.ts": "server processes started with bad settings; its own cases start the embedded parts too",
  "test/overload.test.ts":
    "holds every pooled connection and starves the event loop to reach overload: on PGlite (one transaction at a time) the run did not end within 10 minutes",
  // Open no database: the same whichever database the run has.
  "test/config.test.ts": "reads configuration only",
  "test/dependencies.test.ts": "reads the package manifests only",
  "test/dockerfile.test.ts": "reads the Dockerfiles only",
  "test/logger.test.ts": "the logger's output only",
  "test/web-manifest.test.ts": "reads a built web manifest only",
  "test/stored-shape.test.ts": "compares generated SQL text, no database",
  "test/openapi-contract.test.ts": "compares the committed contract and generated files, no database",
  "test/client-package.test.ts":
    "type-checks and packs the client package (slow: tsc, pnpm pack); each answer it reads is checked on both databases by the calls' own tests",
  "test/client-outside-project.test.ts":
    "packs the client and type-checks an outside project with it (slow), no database",
};

export default defineConfig({
  test: {
    name: "api-embedded",
    environment: "node",
    // Every REST answer checked against the OpenAPI document: a test whose answer differs fails.
    setupFiles: ["test/support/answer-check-setup.ts"],
    env: { TEST_DATABASE: "embedded" },
    include: ["test/**/*.test.ts"],
    exclude: [...Object.keys(NOT_EMBEDDED), "**/node_modules/**"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
