import { defineConfig } from "vitest/config";

// `pnpm mutate` (stryker.config.mjs): the api tests that guard the rule modules, on PostgreSQL, one file at a time.
// The root globalSetup starts PostgreSQL and the Auth emulator once for the whole mutation run; Stryker then runs,
// for each mutant, only the tests that reached it (coverageAnalysis "perTest").
export const RULE_TESTS = [
  "src/domain/**/*.test.ts",
  "src/calls/limits.test.ts",
  "src/plugins/external/rate-limit.test.ts",
  "src/services/response-cache.test.ts",
  "src/trpc/viewer-keys.test.ts",
  "test/admin.test.ts",
  "test/age-and-email.test.ts",
  "test/age-nsfw-display.test.ts",
  "test/api-tokens.test.ts",
  "test/audit.test.ts",
  "test/authorization.test.ts",
  "test/card-size-trpc.test.ts",
  "test/character-cards.test.ts",
  "test/click-stats.test.ts",
  "test/honest-states.test.ts",
  "test/moderator-desk.test.ts",
  "test/moderation-actions.test.ts",
  "test/profile-privacy.test.ts",
  "test/rate-limits.test.ts",
  "test/reports.test.ts",
  "test/response-cache.test.ts",
  "test/reviews.test.ts",
  "test/roles.test.ts",
  "test/safety-settings.test.ts",
  "test/shared-copies-changes.test.ts",
  "test/shared-copies-contract.test.ts",
  "test/shared-copies-personal.test.ts",
  "test/token-scopes.test.ts",
  "test/viewer-keys.test.ts",
  "test/abuse/*.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "api",
          root: "./apps/api",
          environment: "node",
          include: RULE_TESTS,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
    // MUTATE_UNITS=1: unit tests only (the pure card reader's), without PostgreSQL and the Auth emulator, so that a
    // mutant that loops (cut off by the timeout, its runner restarted) costs a restart of vitest alone.
    globalSetup: process.env.MUTATE_UNITS ? [] : ["./vitest.global-setup.ts"],
    maxWorkers: 1,
  },
});
