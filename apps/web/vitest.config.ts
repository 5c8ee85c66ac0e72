import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Unit tests of the web app (jsdom). Only src/**/*.test.{ts,tsx}: the Playwright specs in /e2e are not ours.
export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
  },
});
