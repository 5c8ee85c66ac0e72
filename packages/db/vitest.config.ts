import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "db",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // Each test runs the migrate command twice; a busy machine makes PGlite's start slow.
    testTimeout: 240_000,
  },
});
