// The Firebase Authentication emulator through firebase-tools' own CLI (`firebase emulators:start`),
// on a port of our choosing (a generated firebase.json: the one at the root fixes port 9099).
//   const emulator = await startAuthEmulator();            // a free port
//   process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host; ... await emulator.stop();
// With dataDir, accounts are imported from dataDir/auth-emulator and exported there on stop.
// `firebase emulators:exec` would be shorter, but on SIGTERM it exits and leaves its command running.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PROJECT_ID = "demo-chatbot-gallery";

/** A port that was free a moment ago. */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Writes a firebase.json for the Auth emulator alone on host:port into dir; returns its path. */
export function writeFirebaseConfig(dir, port, host = "127.0.0.1", { hubPort, loggingPort } = {}) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "firebase.json");
  // The hub and logging ports default to 4400 and 4500: a second emulator on the machine (another test run,
  // a `pnpm start`) would find them taken and exit after a minute, so each run gets free ones.
  const config = {
    emulators: {
      auth: { host, port },
      ...(hubPort ? { hub: { host, port: hubPort } } : {}),
      ...(loggingPort ? { logging: { host, port: loggingPort } } : {}),
      ui: { enabled: false },
      singleProjectMode: false,
    },
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** The `firebase emulators:start` arguments for the config file (and a data folder, if any). */
export function emulatorArgs(configFile, { projectId = PROJECT_ID, dataDir } = {}) {
  const args = ["emulators:start", "--only", "auth", "--project", projectId, "--config", configFile];
  if (dataDir) {
    const data = path.resolve(dataDir, "auth-emulator");
    args.push("--import", data, "--export-on-exit", data);
  }
  return args;
}

export const FIREBASE_BIN = path.join(ROOT, "node_modules/firebase-tools/lib/bin/firebase.js");

/**
 * @param {{ port?: number, projectId?: string, dataDir?: string, timeoutMs?: number }} options
 * @returns {Promise<{ host: string, projectId: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ port, projectId = PROJECT_ID, dataDir, timeoutMs = 180_000 } = {}) {
  const chosen = port || (await freePort());
  const tmp = mkdtempSync(path.join(os.tmpdir(), "gallery-auth-"));
  const config = writeFirebaseConfig(tmp, chosen, "127.0.0.1", {
    hubPort: await freePort(),
    loggingPort: await freePort(),
  });
  const child = spawn(process.execPath, [FIREBASE_BIN, ...emulatorArgs(config, { projectId, dataDir })], {
    cwd: tmp,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const host = `127.0.0.1:${chosen}`;
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      process.off("exit", kill);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(tmp, { recursive: true, force: true });
    })();
    return stopping;
  };
  const kill = () => child.kill("SIGKILL");
  process.on("exit", kill);

  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(`http://${host}/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host, projectId, stop };
}
