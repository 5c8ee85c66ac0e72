#!/usr/bin/env node
// `pnpm test`: every check, as the standard commands a developer would type, one after the other, on Node.js 24
// (scripts/lib/runtime.mjs):
//   biome (lint), dependency-cruiser (the api's layers, no import circles), turbo (typecheck and build, cached), tsc on the e2e specs, vitest (unit, API,
//   migrations, then load; its globalSetup starts PostgreSQL and the Auth emulator), Playwright
//   (browser tests; its webServers start their own services and the built app).
// This file only installs Debian's chromium, postgresql and nginx-light (the replicas test's proxy) when
// missing (as root), runs each command in its own process group, and on SIGINT/SIGTERM/SIGHUP or a step running too long stops that whole
// group, so nothing is left behind. It stops at the first failing step; the exit code says so.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findPostgresBinaries } from "./lib/postgres.mjs";
import { runtime } from "./lib/runtime.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STEP_MINUTES = Number(process.env.TEST_STEP_MINUTES ?? 25);
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
// The tools themselves, not through `pnpm exec`: pnpm would pass a stop signal on a second time, and
// Playwright takes a second Ctrl-C as "quit now, skip the teardown" (its webServers would stay).
const bin = (name) => path.join(ROOT, "node_modules/.bin", name);
// Every step on Node.js 24 (the pinned binary's folder first on PATH: vitest, Playwright, its webServers and
// whatever they start), or on the running Node with a warning where the pinned binary does not run.
const node = runtime();
console.log(`pnpm test: Node.js ${node.version} (${node.node})`);
if (node.warning) console.warn(`warning: ${node.warning}`);
const steps = [
  ["lint", bin("biome"), ["check", "."]],
  [
    "dependencies",
    bin("depcruise"),
    [
      ...["apps/api/src", "apps/web/src", "packages/db/src", "packages/schema/src", "packages/ui/src"],
      ...["--config", ".dependency-cruiser.cjs"],
    ],
  ],
  ["typecheck+build", bin("turbo"), ["run", "typecheck", "build", "--output-logs=errors-only"]],
  ["typecheck e2e", bin("tsc"), ["-p", "e2e/tsconfig.json"]],
  ["vitest", bin("vitest"), ["run"]],
  ["playwright", bin("playwright"), ["test"], { E2E_SKIP_BUILD: "1", CHROMIUM_PATH: CHROMIUM }],
];

const missing = [
  !existsSync(CHROMIUM) && "chromium",
  !findPostgresBinaries() && "postgresql",
  !existsSync("/usr/sbin/nginx") && "nginx-light",
].filter(Boolean);
if (missing.length > 0) {
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.error(`missing system packages: ${missing.join(" ")} (sudo apt-get install -y ${missing.join(" ")})`);
    process.exit(1);
  }
  console.log(`installing ${missing.join(" ")} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-q"],
    ["install", "-y", "-q", ...missing],
  ]) {
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) process.exit(1);
  }
}

let current;
let stopping = false;
/**
 * Stops the step's whole group as Ctrl-C would (SIGINT: vitest and Playwright then run their
 * teardowns, Playwright stops its webServers), then SIGTERM after 20 s and SIGKILL after 40 s.
 */
function stop(reason) {
  if (stopping || !current) return;
  stopping = true;
  console.error(`\n${reason}: stopping ${current.name}`);
  const group = -current.child.pid;
  const signal = (name) => {
    try {
      process.kill(group, name);
    } catch {}
  };
  signal("SIGINT");
  setTimeout(() => signal("SIGTERM"), 20_000).unref();
  setTimeout(() => signal("SIGKILL"), 40_000).unref();
}
for (const name of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(name, () => stop(name));

const started = performance.now();
const done = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
let failed;
for (const [name, command, args, env = {}] of steps) {
  if (stopping) break;
  console.log(`\n\x1b[1m▶ ${name}: ${path.basename(command)} ${args.join(" ")}\x1b[0m`);
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: "inherit",
    detached: true, // its own process group, so a stop reaches everything it started
    env: { ...node.env, TURBO_TELEMETRY_DISABLED: "1", ...env },
  });
  current = { name, child };
  const timer = setTimeout(() => stop(`${name} ran past ${STEP_MINUTES} minutes`), STEP_MINUTES * 60_000);
  const code = await new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("close", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  clearTimeout(timer);
  // Whatever the step left in its group (it should be nothing) goes with it.
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {}
  done.push(`${name} ${seconds(performance.now() - t0)}`);
  if (code !== 0 || stopping) {
    failed = name;
    break;
  }
}
const summary = failed ? `FAILED at ${failed}` : "passed";
console.log(`\npnpm test: ${summary} in ${seconds(performance.now() - started)} (${done.join(", ")})`);
process.exit(failed ? 1 : 0);
