import { defineConfig } from "vitest/config";

/** The load test: a minute of traffic that other test files running beside it would skew. */
export default defineConfig({
  test: {
    name: "load",
    environment: "node",
    include: ["test/load.test.ts"],
    // Runs after every other project (they are in group 0), alone.
    sequence: { groupOrder: 1 },
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
