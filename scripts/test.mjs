#!/usr/bin/env node
// `pnpm test`: every check of the repository, one step after the other, with a summary.
//   steps: system deps, lint, typecheck, build, unit + API tests (vitest, on a throwaway PostgreSQL and
//   the Firebase Auth emulator), migrations (PGlite and PostgreSQL), browser tests (Playwright).
//   Options: --only=a,b  run only these steps; --skip=a,b  skip these (names as in the summary).
// Everything it starts uses free ports and temp folders, so several runs can share a machine.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startAuthEmulator } from "./lib/auth-emulator.mjs";
import { CHROMIUM, ensureSystemDeps } from "./lib/ensure-system-deps.mjs";
import { createDatabaseFrom, startThrowawayPostgres } from "./lib/postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROJECT_ID = "demo-chatbot-gallery";
const STEP_TIMEOUT_MS = 15 * 60_000;
const STEPS = ["system-deps", "lint", "typecheck", "build", "unit", "load", "migrations", "e2e"];

const { values: flags } = parseArgs({
  options: { only: { type: "string" }, skip: { type: "string" } },
  allowPositionals: true,
});
const list = (value) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
for (const name of [...list(flags.only), ...list(flags.skip)]) {
  if (!STEPS.includes(name)) {
    console.error(`unknown step ${name}; steps: ${STEPS.join(", ")}`);
    process.exit(2);
  }
}
const wanted = (name) =>
  (list(flags.only).length === 0 || list(flags.only).includes(name)) && !list(flags.skip).includes(name);

const startedAt = performance.now();
const results = [];
const cleanups = [];
let current; // the running step's child process (leader of its own process group)
let interrupted = false;
const services = {}; // emulator, postgres (and how long they took), or why they did not start
let servicesReady = Promise.resolve(services);
const tmp = mkdtempSync(path.join(os.tmpdir(), "gallery-test-run-"));
cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const banner = (text) => console.log(`\n\x1b[1m▶ ${text}\x1b[0m`);

function record(name, ok, detail, ms) {
  results.push({ name, ok, detail, ms });
  const mark = ok ? "\x1b[32m✓\x1b[0m" : "\x1b[31m✗\x1b[0m";
  console.log(`${mark} ${name}: ${detail}${ms === undefined ? "" : ` (${seconds(ms)})`}`);
}

/** Runs a command with inherited output; resolves to its exit code. */
function exec(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: "inherit",
      // Its own process group, so a stop reaches every process it started (turbo, vitest workers, browsers).
      detached: true,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", ...env },
    });
    current = child;
    const timer = setTimeout(() => {
      console.error(`\n${command} ${args.join(" ")} took longer than ${seconds(STEP_TIMEOUT_MS)}: stopping it`);
      killGroup(child, "SIGTERM");
      setTimeout(() => killGroup(child, "SIGKILL"), 10_000).unref();
    }, STEP_TIMEOUT_MS);
    child.on("error", (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      // Interrupted: the signal handler finishes the run.
      if (!interrupted) resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Runs a step: `run` returns true/false or an exit code; `blocked` names a failed prerequisite. */
async function step(name, description, run, blocked) {
  if (!wanted(name)) return true;
  if (blocked) {
    record(name, false, `not run (${blocked})`);
    return false;
  }
  banner(`${name}: ${description}`);
  const t0 = performance.now();
  let ok;
  let detail;
  try {
    const outcome = await run();
    ok = outcome === true || outcome === 0;
    detail = ok ? "passed" : typeof outcome === "number" ? `failed (exit ${outcome})` : "failed";
  } catch (error) {
    ok = false;
    detail = `failed (${error.message.split("\n")[0]})`;
    console.error(error.message);
  }
  record(name, ok, detail, performance.now() - t0);
  return ok;
}

async function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
  cleanups.length = 0;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping`);
    if (current) {
      const child = current;
      const closed = new Promise((resolve) => child.once("close", resolve));
      killGroup(child, "SIGTERM");
      const force = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
      await closed;
      clearTimeout(force);
    }
    await servicesReady.catch(() => {});
    await cleanup();
    process.exit(130);
  });
}

// --- system packages (Chromium, PostgreSQL) -------------------------------------------------------
const needBrowser = wanted("e2e");
const needPostgres = wanted("unit") || wanted("load") || wanted("migrations") || wanted("e2e");
let depsOk = true;
if (needBrowser || needPostgres) {
  depsOk = await step("system-deps", "chromium and postgresql", () => {
    ensureSystemDeps({ chromium: needBrowser, postgres: needPostgres });
    return true;
  });
}

// --- services, started early so they are up when the tests need them --------------------------------
const needServices = wanted("unit") || wanted("load") || wanted("migrations") || wanted("e2e");
servicesReady = needServices
  ? (async () => {
      const t0 = performance.now();
      const [emulator, postgres] = await Promise.allSettled([
        wanted("unit") || wanted("load") || wanted("e2e")
          ? startAuthEmulator({ projectId: PROJECT_ID }).then((e) => {
              services.emulatorMs = performance.now() - t0;
              return e;
            })
          : null,
        startThrowawayPostgres().then((p) => {
          services.postgresMs = performance.now() - t0;
          return p;
        }),
      ]);
      if (emulator.status === "fulfilled" && emulator.value) {
        services.emulator = emulator.value;
        cleanups.push(() => emulator.value.stop());
      } else if (emulator.status === "rejected") {
        services.emulatorError = emulator.reason;
      }
      if (postgres.status === "fulfilled" && postgres.value) {
        services.postgres = postgres.value;
        cleanups.push(() => postgres.value.stop());
      } else {
        services.postgresError =
          postgres.status === "rejected" ? postgres.reason : new Error("PostgreSQL is not installed");
      }
      return services;
    })()
  : Promise.resolve(services);

let described = false;
async function describeServices() {
  await servicesReady;
  if (described) return;
  described = true;
  const lines = [];
  if (services.emulator) {
    lines.push(`auth emulator on ${services.emulator.host} (ready after ${seconds(services.emulatorMs)})`);
  }
  if (services.postgres) {
    lines.push(
      `PostgreSQL ${services.postgres.version} on port ${services.postgres.port} (ready after ${seconds(services.postgresMs)})`,
    );
  }
  for (const line of lines) console.log(`  ${line}`);
}

// --- static checks and build ------------------------------------------------------------------------
await step("lint", "pnpm lint (biome)", () => exec("pnpm", ["lint"]));
await step("typecheck", "pnpm typecheck (turbo) and the e2e specs", async () => {
  const packages = await exec("pnpm", ["typecheck"]);
  const e2e = await exec("pnpm", ["exec", "tsc", "-p", "e2e/tsconfig.json"]);
  return packages || e2e;
});
const buildOk = await step("build", "pnpm build (turbo)", () => exec("pnpm", ["build", "--output-logs=errors-only"]));

// --- unit and API tests -----------------------------------------------------------------------------
await step(
  "unit",
  "vitest (unit and API tests)",
  async () => {
    await describeServices();
    if (!services.emulator) throw new Error(`the auth emulator did not start: ${services.emulatorError?.message}`);
    if (!services.postgres) throw new Error(`PostgreSQL did not start: ${services.postgresError?.message}`);
    return exec("pnpm", ["exec", "vitest", "run"], {
      TEST_DATABASE_URL: services.postgres.url,
      FIREBASE_AUTH_EMULATOR_HOST: services.emulator.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
    });
  },
  depsOk ? undefined : "system packages missing",
);

// --- load: a minute of 100 connections, alone so other tests do not skew it -------------------------
await step(
  "load",
  "load test (100 connections, mixed reads and writes, 60 s)",
  async () => {
    await describeServices();
    if (!services.emulator) throw new Error(`the auth emulator did not start: ${services.emulatorError?.message}`);
    return exec("pnpm", ["--filter", "@gallery/api", "exec", "vitest", "run", "--config", "vitest.load.config.ts"], {
      FIREBASE_AUTH_EMULATOR_HOST: services.emulator.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
    });
  },
  depsOk ? undefined : "system packages missing",
);

// --- migrations on both databases -----------------------------------------------------------------
await step("migrations", "migrations on PGlite and on PostgreSQL", async () => {
  await describeServices();
  if (!services.postgres) throw new Error(`PostgreSQL did not start: ${services.postgresError?.message}`);
  console.log("PGlite:");
  const pglite = await exec("pnpm", ["--silent", "--filter", "@gallery/db", "migrate"], {
    DATA_DIR: mkdtempSync(path.join(tmp, "pglite-")),
    DATABASE_URL: "",
  });
  if (pglite !== 0) return pglite;
  console.log("PostgreSQL (twice: the second run must find nothing to do):");
  const url = await createDatabaseFrom(services.postgres.url, "gallery_migrations");
  const first = await exec("pnpm", ["--silent", "--filter", "@gallery/db", "migrate"], { DATABASE_URL: url });
  if (first !== 0) return first;
  return exec("pnpm", ["--silent", "--filter", "@gallery/db", "migrate"], { DATABASE_URL: url });
});

// --- browser tests ----------------------------------------------------------------------------------
await step(
  "e2e",
  "Playwright (built app, Chromium)",
  async () => {
    await describeServices();
    if (!services.emulator) throw new Error(`the auth emulator did not start: ${services.emulatorError?.message}`);
    const env = {
      E2E_DATA_DIR: mkdtempSync(path.join(tmp, "e2e-")),
      FIREBASE_AUTH_EMULATOR_HOST: services.emulator.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      CHROMIUM_PATH: CHROMIUM,
      E2E_SKIP_BUILD: process.env.E2E_SKIP_BUILD ?? (wanted("build") ? "1" : "0"),
    };
    if (services.postgres) env.E2E_DATABASE_URL = await createDatabaseFrom(services.postgres.url, "gallery_e2e");
    else console.log(`  no PostgreSQL (${services.postgresError?.message}): the app uses PGlite`);
    return exec("pnpm", ["exec", "playwright", "test"], env);
  },
  !depsOk ? "system packages missing" : !buildOk && wanted("build") ? "build failed" : undefined,
);

await cleanup();

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`\n\x1b[1mSummary\x1b[0m (${seconds(performance.now() - startedAt)})`);
for (const r of results) {
  console.log(`  ${r.ok ? "✓" : "✗"} ${r.name}: ${r.detail}${r.ms === undefined ? "" : ` (${seconds(r.ms)})`}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
