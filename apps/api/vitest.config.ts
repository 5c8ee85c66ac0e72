import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "api",
    environment: "node",
    // Every REST answer checked against the OpenAPI document: a test whose answer differs fails.
    setupFiles: ["test/support/answer-check-setup.ts"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The load test is a project of its own (vitest.load.config.ts) that runs after this one.
    exclude: ["test/load.test.ts", "**/node_modules/**"],
    // Generous for a busy 2-core machine: a passing test never waits for these.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
