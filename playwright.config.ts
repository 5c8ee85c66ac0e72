import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
// @ts-expect-error: JavaScript helpers shared with scripts/start.mjs and the vitest globalSetup
import { PROJECT_ID } from "./scripts/lib/auth-emulator.mjs";
// @ts-expect-error: see above
import { findPostgresBinaries } from "./scripts/lib/postgres.mjs";

// Browser tests against the built app, started the way `pnpm start` starts it (scripts/start.mjs).
// Playwright starts and stops everything it needs as webServers: a throwaway PostgreSQL (when
// installed; else the app runs on PGlite and the specs that set roles in SQL are skipped) and the
// app, whose start.mjs also runs the Auth emulator (firebase emulators:start) on a port chosen here.
//
// Inputs (all optional): E2E_PORT, E2E_DATA_DIR, E2E_DATABASE_URL (a database of your own),
// FIREBASE_AUTH_EMULATOR_HOST (an emulator of your own), E2E_SKIP_BUILD=1 (the app is built already),
// CHROMIUM_PATH (default /usr/bin/chromium).
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
env.FIREBASE_PROJECT_ID ||= PROJECT_ID;
env.E2E_PORT ||= freePort();
env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "gallery-e2e-"));
env.E2E_START_EMULATOR ||= env.FIREBASE_AUTH_EMULATOR_HOST ? "0" : "1";
env.E2E_START_POSTGRES ||= !env.E2E_DATABASE_URL && findPostgresBinaries() ? "1" : "0";
if (env.E2E_START_EMULATOR === "1") {
  env.E2E_AUTH_EMULATOR_PORT ||= freePort();
  env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${env.E2E_AUTH_EMULATOR_PORT}`;
}
// The default-path project's app: `pnpm start` on its embedded defaults, with an emulator of its own.
env.E2E_NEWCOMER_PORT ||= freePort();
env.E2E_NEWCOMER_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "gallery-newcomer-"));
env.E2E_NEWCOMER_EMULATOR_PORT ||= freePort();
env.E2E_NEWCOMER_EMULATOR_HOST = `127.0.0.1:${env.E2E_NEWCOMER_EMULATOR_PORT}`;

const baseURL = `http://127.0.0.1:${env.E2E_PORT}`;
const build = "pnpm exec turbo run build --filter=@gallery/api --filter=@gallery/web --output-logs=errors-only";
// The database URL is known only once the postgres webServer is up (Playwright sets E2E_DATABASE_URL
// from its output), so the shell reads it when it starts the app.
const start = 'DATABASE_URL="$E2E_DATABASE_URL" node scripts/start.mjs';
// A busy 2-core machine is slow to start things: generous start-up limits, a bounded whole run.
const stopGently = { signal: "SIGTERM", timeout: 15_000 } as const;

const postgres = {
  name: "postgres",
  command: "node scripts/lib/postgres.mjs",
  wait: { stdout: /postgres ready: (?<e2e_database_url>\S+)/ },
  timeout: 120_000,
  gracefulShutdown: stopGently,
};
const app = {
  name: "app",
  command: env.E2E_SKIP_BUILD === "1" ? start : `${build} && ${start}`,
  url: `${baseURL}/api/health`,
  timeout: 300_000,
  stdout: "pipe" as const,
  gracefulShutdown: stopGently,
  env: {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: env.E2E_PORT ?? "",
    DATA_DIR: env.E2E_DATA_DIR ?? "",
    S3_ENDPOINT: "",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    // Browser tests sign many users in from one address; the limits have API tests of their own.
    RATE_LIMIT_SIGNIN: "100000",
    RATE_LIMIT_WRITES: "100000",
    REPORTS_PER_HOUR: "100000",
    RATE_LIMIT_GO: "100000",
    // Views and click-outs count once per address: a test stands for several people by the address a proxy on
    // loopback says they came from (X-Forwarded-For), as a deployment behind its proxy sees them.
    TRUST_PROXY: "127.0.0.1",
    // Image jobs pause between batches, so a browser test can watch one run (e2e/admin.spec.ts).
    IMAGE_JOB_BATCH_DELAY_MS: "1000",
    // Browser tests must pass on a busy machine: no 503s for a slow event loop (the overload and load API
    // tests cover that behaviour).
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    // A verified account with this e-mail becomes super admin on sign-in (see e2e/support).
    SUPER_ADMIN_EMAILS: "superadmin@e2e.test",
    FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID ?? PROJECT_ID,
    // start.mjs starts the emulator itself (and stops it with the app) unless one of your own is given.
    FIREBASE_AUTH_EMULATOR_HOST: env.E2E_START_EMULATOR === "1" ? "" : (env.FIREBASE_AUTH_EMULATOR_HOST ?? ""),
    AUTH_EMULATOR_PORT: env.E2E_AUTH_EMULATOR_PORT ?? "",
    FIREBASE_SERVICE_ACCOUNT: "",
    GOOGLE_APPLICATION_CREDENTIALS: "",
  },
};

/**
 * The README's first command as a newcomer runs it: every default (PGlite, the embedded S3 server, the demo
 * gallery, an Auth emulator started by start.mjs), only a port, a data folder, a super admin's e-mail and no overload shedding set.
 * Used by e2e/default-path.spec.ts alone, so its idle is not disturbed by other specs.
 */
const newcomer = {
  name: "newcomer",
  // Started after the app's server (webServers start in order), whose command builds the app.
  command: "node scripts/start.mjs",
  url: `http://127.0.0.1:${env.E2E_NEWCOMER_PORT}/api/health`,
  timeout: 300_000,
  stdout: "pipe" as const,
  gracefulShutdown: stopGently,
  env: {
    PORT: env.E2E_NEWCOMER_PORT ?? "",
    DATA_DIR: env.E2E_NEWCOMER_DATA_DIR ?? "",
    AUTH_EMULATOR_PORT: env.E2E_NEWCOMER_EMULATOR_PORT ?? "",
    SUPER_ADMIN_EMAILS: "newcomer-admin@e2e.test",
    LOG_LEVEL: "warn",
    // The one difference from a newcomer's start: on a busy machine (CI beside other work) the app must not shed
    // this walk's requests as overload (503 with Retry-After), which is not what it tests; the overload and load
    // API tests cover that. Every other 5xx still fails it.
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    OVERLOAD_DATABASE_WAIT_MS: "30000",
    // Unset whatever the run itself was given, so the defaults apply.
    NODE_ENV: "",
    DATABASE_URL: "",
    S3_ENDPOINT: "",
    SEED_DEMO: "",
    FIREBASE_AUTH_EMULATOR_HOST: "",
    FIREBASE_SERVICE_ACCOUNT: "",
    GOOGLE_APPLICATION_CREDENTIALS: "",
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: Boolean(env.CI),
  retries: env.CI ? 1 : 0,
  // Two cores: two browsers against one server.
  workers: 2,
  // Per test, generous for a busy 2-core machine (a passing test never waits for it); inside a test,
  // waits are web-first assertions (expect.timeout) and actions wait as long as the test may run.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // The whole browser run, so a starved machine ends with a report (and its servers stopped) instead of hanging.
  globalTimeout: 25 * 60_000,
  reporter: env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    navigationTimeout: 30_000,
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
  // The default-path walk first: it mostly waits (idling past every timeout, nearly two minutes) on a server of its
  // own, so one worker waits there while the other starts the rest; listed last it ran alone at the end.
  projects: [
    {
      name: "default-path",
      testMatch: /default-path\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${env.E2E_NEWCOMER_PORT}` },
    },
    { name: "chromium", testIgnore: /default-path\.spec\.ts/ },
  ],
  webServer: [...(env.E2E_START_POSTGRES === "1" ? [postgres] : []), app, newcomer],
});
