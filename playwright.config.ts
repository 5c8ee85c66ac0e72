import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests against the built app, started the way `pnpm start` starts it (scripts/start.mjs).
// `pnpm test` provides the services; `pnpm test:e2e` alone works too (it builds first, uses PGlite,
// and start.mjs starts its own Auth emulator).
//
// Inputs (all optional): E2E_PORT, E2E_DATA_DIR, E2E_DATABASE_URL (else PGlite),
// FIREBASE_AUTH_EMULATOR_HOST (else start.mjs starts one on a free port), FIREBASE_PROJECT_ID,
// E2E_SKIP_BUILD=1 (the app is built already), CHROMIUM_PATH (default /usr/bin/chromium).
//
// This file is evaluated by the runner and again by every worker: values chosen here go through
// process.env so the workers see the runner's choices.

/** A free TCP port, found synchronously (config files cannot await). */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}

const env = process.env;
env.FIREBASE_PROJECT_ID ||= "demo-chatbot-gallery";
env.E2E_PORT ||= freePort();
env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "gallery-e2e-"));
if (!env.FIREBASE_AUTH_EMULATOR_HOST) {
  // start.mjs starts the emulator on this port; the helpers in e2e/support talk to it there.
  env.E2E_AUTH_EMULATOR_PORT ||= freePort();
  env.E2E_START_EMULATOR = "1";
  env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${env.E2E_AUTH_EMULATOR_PORT}`;
}

const baseURL = `http://127.0.0.1:${env.E2E_PORT}`;
const build = "pnpm exec turbo run build --filter=@gallery/api --filter=@gallery/web --output-logs=errors-only";
const start = "node scripts/start.mjs";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: Boolean(env.CI),
  retries: env.CI ? 1 : 0,
  // Two cores: two browsers against one server.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: env.E2E_SKIP_BUILD === "1" ? start : `${build} && ${start}`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: env.E2E_PORT,
      DATA_DIR: env.E2E_DATA_DIR,
      // Never the developer's own database or bucket: a fresh database, else PGlite in DATA_DIR.
      DATABASE_URL: env.E2E_DATABASE_URL ?? "",
      S3_ENDPOINT: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Browser tests sign many users in from one address; the limits have API tests of their own.
      RATE_LIMIT_SIGNIN: "100000",
      RATE_LIMIT_WRITES: "100000",
      // A verified account with this e-mail becomes super admin on sign-in (see e2e/support).
      SUPER_ADMIN_EMAILS: "superadmin@e2e.test",
      FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: env.E2E_START_EMULATOR ? "" : env.FIREBASE_AUTH_EMULATOR_HOST,
      AUTH_EMULATOR_PORT: env.E2E_AUTH_EMULATOR_PORT ?? "",
      FIREBASE_SERVICE_ACCOUNT: "",
      GOOGLE_APPLICATION_CREDENTIALS: "",
    },
  },
});
