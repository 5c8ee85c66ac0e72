import { defineConfig } from "vitest/config";

/** The load test alone: a minute of traffic that other test files running beside it would skew. */
export default defineConfig({
  test: {
    name: "api-load",
    environment: "node",
    include: ["test/load.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
