import { defineConfig } from "vitest/config";

// `vitest run` at the root: every project below in one run. The globalSetup starts PostgreSQL and the
// Auth emulator once for all of them. Playwright specs (e2e/) belong to no project.
export default defineConfig({
  test: {
    projects: [
      "apps/api/vitest.config.ts", // unit and API tests (on PostgreSQL)
      "apps/api/vitest.embedded.config.ts", // the API tests on the embedded database, as `pnpm start` runs it
      "apps/api/vitest.load.config.ts", // the load test, alone after the others (sequence.groupOrder)
      "apps/web/vitest.config.ts", // web unit tests (jsdom)
      "packages/db/vitest.config.ts", // migrations on PGlite and PostgreSQL
      "packages/client/vitest.config.ts", // the client package's unit tests (a fake fetch)
    ],
    globalSetup: ["./vitest.global-setup.ts"],
    // Two cores: at most two test files at a time across all projects.
    maxWorkers: 2,
  },
});
