import { defineConfig } from "vitest/config";

// The client package's unit tests (a fake fetch, no server); the package against the app is apps/api's client-package test.
export default defineConfig({
  test: {
    name: "client",
    environment: "node",
    include: ["test/**/*.test.ts"],
  },
});
