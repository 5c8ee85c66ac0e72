#!/usr/bin/env node
// `pnpm dev`: the api with reload (tsx watch) and the Vite dev server with hot reload, on the
// embedded defaults. Vite proxies /api, /trpc and /images to the api.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAuthEmulator } from "./lib/auth-emulator.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, ".data") };
env.FIREBASE_PROJECT_ID ||= "demo-chatbot-gallery";
env.PORT ||= "3000";

let emulator;
if (!env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_SERVICE_ACCOUNT) {
  emulator = await startAuthEmulator({
    projectId: env.FIREBASE_PROJECT_ID,
    port: Number(env.AUTH_EMULATOR_PORT ?? 9099),
    dataDir: env.DATA_DIR,
  });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

const children = [
  spawn("pnpm", ["--filter", "@gallery/api", "dev"], { env, stdio: "inherit" }),
  spawn("pnpm", ["--filter", "@gallery/web", "dev"], {
    env: { ...env, API_URL: `http://127.0.0.1:${env.PORT}` },
    stdio: "inherit",
  }),
];
const stopAll = async (code = 0) => {
  for (const child of children) child.kill("SIGTERM");
  await emulator?.stop();
  process.exit(code);
};
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
for (const child of children) child.on("exit", (code) => stopAll(code ?? 1));
