// @ts-check
// Mutation testing of the modules that hold the rules (issue 41): `pnpm mutate`. Not part of `pnpm test` or CI's
// every run (a full run takes about an hour on 2 cores); run it before and after touching these modules. It is
// incremental: reports/stryker-incremental.json (committed) keeps the last results, so a run tests only the mutants in
// code or tests that changed since. `pnpm mutate --force` runs everything again; `pnpm mutate --mutate <file>[:lines]`
// narrows a run. docs/testing.md has the scores and the surviving mutants that are equivalent.

import { createRequire } from "node:module";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Named by path: under pnpm, Stryker's "@stryker-mutator/*" lookup only sees the packages beside its core.
  plugins: [createRequire(import.meta.url).resolve("@stryker-mutator/vitest-runner")],
  vitest: {
    // The api project alone, with only the tests that guard these modules, and the root globalSetup (PostgreSQL
    // and the Auth emulator, started once per run).
    configFile: "vitest.mutate.config.ts",
    related: true,
  },
  mutate: [
    // The viewer policy.
    "apps/api/src/domain/policy.ts",
    // Moderation and reports.
    "apps/api/src/domain/moderation/*.ts",
    // API tokens and limits.
    "apps/api/src/domain/members/api-tokens.ts",
    "apps/api/src/calls/limits.ts",
    "apps/api/src/plugins/external/rate-limit.ts",
    // The card parser (character-card.ts hands each card to a worker thread running character-card-worker.ts, where
    // no mutant is ever switched on: the worker's few lines are left out, the reader is unit-tested in the test's thread).
    "apps/api/src/domain/listings/character-card*.ts",
    "!apps/api/src/domain/listings/character-card-worker.ts",
    // Counting.
    "apps/api/src/domain/stats/visitor.ts",
    "apps/api/src/domain/stats/events.ts",
    // The shared copies: who may share an answer, and what a copy is kept for.
    "apps/api/src/services/response-cache.ts",
    "apps/api/src/trpc/shared-reads.ts",
    "!**/*.test.ts",
  ],
  // Each mutant runs only the tests that reached it; a test's app is built once per file, in its beforeAll.
  coverageAnalysis: "perTest",
  // Module-level constants are only run when a file loads: testing one means re-running every test. Left out; their
  // rules are read in tests through the behaviour they set (listed in docs/testing.md).
  ignoreStatic: true,
  // Two cores: one worker; a busy machine may run a test a few times slower than the dry run did.
  concurrency: 1,
  timeoutMS: 30_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 20,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
  // Only what the api's tests need is copied into Stryker's sandbox.
  ignorePatterns: [
    "apps/web",
    "e2e",
    "docs",
    "examples",
    "packages/ui",
    "packages/client",
    "apps/api/bench",
    "apps/api/dist",
    "reports",
    "**/.data",
    "test-results",
    "playwright-report",
  ],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
