#!/usr/bin/env node
// `pnpm start`: runs the built app on its embedded defaults. Without real Firebase configuration
// it starts the Firebase Auth emulator first, so sign-up and sign-in work offline.
import { spawn } from "node:child_process";
import { fstatSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAuthEmulator } from "./lib/auth-emulator.mjs";
import { runtime } from "./lib/runtime.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The server runs on Node.js 24 (the pinned binary), or on this Node with a one-line warning (scripts/lib/runtime.mjs).
const node = runtime();
if (node.warning) console.warn(`chatbot-gallery: ${node.warning}`);
const env = node.env;
env.WEB_DIST ??= path.join(root, "apps/web/dist");
env.DATA_DIR ??= path.join(root, ".data");
env.FIREBASE_PROJECT_ID ||= "demo-chatbot-gallery";

const usesRealFirebase = Boolean(env.FIREBASE_SERVICE_ACCOUNT || env.GOOGLE_APPLICATION_CREDENTIALS);
let emulator;
if (!env.FIREBASE_AUTH_EMULATOR_HOST && !usesRealFirebase) {
  const port = Number(env.AUTH_EMULATOR_PORT ?? 9099);
  try {
    emulator = await startAuthEmulator({ projectId: env.FIREBASE_PROJECT_ID, port, dataDir: env.DATA_DIR });
  } catch (error) {
    console.error(
      `chatbot-gallery: cannot start: the Firebase Auth emulator did not start (${error.message}); free port ${port} or set AUTH_EMULATOR_PORT`,
    );
    process.exit(1);
  }
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  console.log(`Firebase Auth emulator on http://${emulator.host} (project ${env.FIREBASE_PROJECT_ID})`);
}

const server = spawn(node.node, ["--enable-source-maps", path.join(root, "apps/api/dist/server.js")], {
  env,
  stdio: "inherit",
});
const stop = (signal) => server.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Started with a pipe as stdin (Playwright's webServer): its end means the parent is gone.
const stdin = fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) process.stdin.on("end", () => stop("SIGTERM")).resume();
server.on("exit", async (code, signal) => {
  await emulator?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
