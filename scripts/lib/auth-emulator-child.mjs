#!/usr/bin/env node
// Runs the Firebase Authentication emulator of the installed firebase-tools (no Java, no CLI).
//   node scripts/lib/auth-emulator-child.mjs --project demo-chatbot-gallery [--host 127.0.0.1] [--port 9099]
//     [--single-project-mode none|warning|error] [--data-dir DIR] [--watch-parent]
// Prints "AUTH_EMULATOR_READY <host:port>" once it answers HTTP, then runs until killed.
// With --data-dir, accounts are imported from DIR at start and exported there when it stops
// (SIGTERM/SIGINT/SIGHUP, or its parent going away), like `firebase emulators:start --import --export-on-exit`.
// With --watch-parent (used by startAuthEmulator) it also exits when its stdin closes or its parent
// process disappears, so it never outlives the process that started it.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    project: { type: "string", default: process.env.FIREBASE_PROJECT_ID || "demo-chatbot-gallery" },
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "9099" },
    "single-project-mode": { type: "string", default: "none" },
    "data-dir": { type: "string" },
    "watch-parent": { type: "boolean", default: false },
  },
});

let address; // host:port once ready
let quitting = false;
async function quit(code = 0) {
  if (quitting) return;
  quitting = true;
  if (address && values["data-dir"]) {
    const timer = setTimeout(() => process.exit(code), 10_000);
    try {
      await exportAccounts(values["data-dir"]);
    } catch (error) {
      console.error(`auth emulator: export to ${values["data-dir"]} failed: ${error.message}`);
    }
    clearTimeout(timer);
  }
  process.exit(code);
}

if (values["watch-parent"]) {
  const parentPid = process.ppid;
  process.stdin.on("end", () => quit());
  process.stdin.on("close", () => quit());
  process.stdin.on("error", () => quit());
  process.stdin.resume();
  setInterval(() => {
    try {
      process.kill(parentPid, 0);
      if (process.ppid !== parentPid) quit();
    } catch {
      quit();
    }
  }, 1000).unref();
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => quit());

// firebase-tools is a root devDependency (or installed next to this script in the Docker image).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(path.join(root, "package.json"));
let AuthEmulator;
let SingleProjectMode;
try {
  ({ AuthEmulator, SingleProjectMode } = require("firebase-tools/lib/emulator/auth/index.js"));
} catch (error) {
  console.error(`cannot load firebase-tools (${error.message}): run pnpm install`);
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`invalid --port ${values.port}: the emulator needs a fixed port (1-65535)`);
  process.exit(2);
}
const modes = {
  none: SingleProjectMode.NO_WARNING,
  warning: SingleProjectMode.WARNING,
  error: SingleProjectMode.ERROR,
};
const emulator = new AuthEmulator({
  projectId: values.project,
  host: values.host,
  port,
  singleProjectMode: modes[values["single-project-mode"]] ?? SingleProjectMode.NO_WARNING,
});

// start() does not wait for listen(): a busy port surfaces as an uncaught EADDRINUSE.
process.on("uncaughtException", (error) => {
  console.error(`auth emulator failed: ${error.code ?? ""} ${error.message}`);
  if (error.code === "EADDRINUSE") process.exit(98);
  quit(1);
});

await emulator.start();
const connectHost = values.host === "0.0.0.0" || values.host === "::" ? "127.0.0.1" : values.host;
const target = `${connectHost.includes(":") ? `[${connectHost}]` : connectHost}:${port}`;
for (let attempt = 0; ; attempt++) {
  try {
    const response = await fetch(`http://${target}/`);
    if (response.ok) break;
  } catch {}
  if (attempt > 300) {
    console.error("auth emulator did not answer within 30 s");
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
address = target;
if (values["data-dir"] && existsSync(path.join(values["data-dir"], "accounts.json"))) {
  try {
    await emulator.importData(values["data-dir"], values.project, { initiatedBy: "start" });
  } catch (error) {
    console.error(`auth emulator: import from ${values["data-dir"]} failed: ${error.message}`);
  }
}
console.log(`AUTH_EMULATOR_READY ${address}`);

/** Writes accounts.json and config.json (the layout importData reads) atomically into dir. */
async function exportAccounts(dir) {
  mkdirSync(dir, { recursive: true });
  const project = encodeURIComponent(values.project);
  const get = async (url) => {
    const response = await fetch(`http://${address}${url}`, { headers: { Authorization: "Bearer owner" } });
    if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
    return response.text();
  };
  const files = {
    "accounts.json": await get(
      `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:batchGet?maxResults=-1`,
    ),
    "config.json": await get(`/emulator/v1/projects/${project}/config`),
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
}
