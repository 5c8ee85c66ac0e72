import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "api",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The load test runs on its own (vitest.load.config.ts, the "load" step of pnpm test).
    exclude: ["test/load.test.ts", "**/node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file may start its own server and database; two at a time suits 2 cores.
    maxWorkers: 2,
  },
});
