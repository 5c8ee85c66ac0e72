#!/usr/bin/env node
// `pnpm dev`: the api with reload (tsx watch) and the Vite dev server with hot reload, on the
// embedded defaults, with the Firebase Auth emulator (accounts kept in .data). Vite proxies /api,
// /trpc and /images to the api. Ctrl-C or SIGTERM stops every process it started.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAuthEmulator } from "./lib/auth-emulator.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, ".data") };
env.FIREBASE_PROJECT_ID ||= "demo-chatbot-gallery";
env.PORT ||= "3000";
// Development only: tRPC error answers carry the server's stack trace (every other way of running leaves them out).
env.ERROR_STACKS ??= "true";

let stopping = false;
let emulator;
const children = [];
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // Each child leads its own process group (pnpm, tsx watch, the server; pnpm, vite): stop the groups.
  const signal = (child, name) => {
    try {
      process.kill(-child.pid, name);
    } catch {}
  };
  for (const child of children) signal(child, "SIGTERM");
  const force = setTimeout(() => {
    for (const child of children) signal(child, "SIGKILL");
  }, 10_000);
  await Promise.all(children.map((child) => child.closed));
  clearTimeout(force);
  await emulator?.stop();
  process.exit(code);
}
for (const name of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(name, () => stopAll(0));

if (!env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_SERVICE_ACCOUNT) {
  emulator = await startAuthEmulator({ port: Number(env.AUTH_EMULATOR_PORT ?? 9099), dataDir: env.DATA_DIR });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  console.log(`Firebase Auth emulator on http://${emulator.host}`);
}
if (stopping) process.exit(0);
const run = (pkg, extra = {}) => {
  const child = spawn("pnpm", ["--filter", pkg, "dev"], {
    env: { ...env, ...extra },
    stdio: "inherit",
    detached: true,
  });
  child.closed = new Promise((resolve) => child.once("close", resolve));
  child.closed.then((code) => stopAll(code ?? 1));
  children.push(child);
};
run("@gallery/api");
run("@gallery/web", { API_URL: `http://127.0.0.1:${env.PORT}` });
