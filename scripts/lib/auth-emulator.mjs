// Starts the Firebase Authentication emulator (firebase-tools' AuthEmulator) in a child process.
//   const emulator = await startAuthEmulator({ projectId: "demo-chatbot-gallery" });
//   process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host; ... await emulator.stop();
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "auth-emulator-child.mjs");
const READY = /^AUTH_EMULATOR_READY (\S+)$/m;

/** A port that was free a moment ago (the child retries on the rare race). */
export async function freePort(host = "127.0.0.1") {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * @param {{ projectId: string, port?: number, host?: string, singleProjectMode?: "none" | "warning" | "error",
 *   dataDir?: string, timeoutMs?: number, log?: (line: string) => void }} options
 *   port 0 (default) picks a free port; host is the bind address (default 127.0.0.1);
 *   dataDir keeps the accounts across restarts in dataDir/auth-emulator (imported at start, exported at stop);
 *   log receives the emulator's output lines after start-up (default: dropped).
 * @returns {Promise<{ host: string, projectId: string, pid: number, stop: () => Promise<void> }>}
 *   host is "127.0.0.1:PORT", ready for FIREBASE_AUTH_EMULATOR_HOST.
 */
export async function startAuthEmulator({
  projectId,
  port = 0,
  host = "127.0.0.1",
  singleProjectMode = "none",
  dataDir,
  timeoutMs = 60_000,
  log,
} = {}) {
  if (!projectId) throw new Error("startAuthEmulator needs a projectId (e.g. demo-chatbot-gallery)");
  for (let attempt = 1; ; attempt++) {
    const chosen = port || (await freePort(host === "0.0.0.0" ? "127.0.0.1" : host));
    try {
      return await launch({ projectId, port: chosen, host, singleProjectMode, dataDir, timeoutMs, log });
    } catch (error) {
      if (error.code === "EADDRINUSE" && !port && attempt < 5) continue;
      throw error;
    }
  }
}

function launch({ projectId, port, host, singleProjectMode, dataDir, timeoutMs, log }) {
  const args = [CHILD, "--project", projectId, "--host", host, "--port", String(port)];
  args.push("--single-project-mode", singleProjectMode, "--watch-parent");
  if (dataDir) args.push("--data-dir", path.resolve(dataDir, "auth-emulator"));
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"], env: process.env });
  // Belt and braces: the child also exits (after saving its accounts) when its stdin pipe closes.
  const killOnExit = () => child.kill("SIGTERM");
  process.on("exit", killOnExit);

  let output = "";
  let ready = false;
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  return new Promise((resolve, reject) => {
    const fail = (error) => {
      clearTimeout(timer);
      process.off("exit", killOnExit);
      child.kill("SIGKILL");
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`auth emulator did not start within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      const text = chunk.toString();
      if (ready) {
        if (log) for (const line of text.split("\n")) if (line.trim()) log(line);
        return;
      }
      output += text;
      const match = READY.exec(output);
      if (!match) return;
      ready = true;
      clearTimeout(timer);
      const address = match[1];
      let stopping;
      resolve({
        host: address,
        projectId,
        pid: child.pid,
        stop: () => {
          stopping ??= (async () => {
            process.off("exit", killOnExit);
            if (child.exitCode === null && child.signalCode === null) {
              child.kill("SIGTERM");
              const force = setTimeout(() => child.kill("SIGKILL"), dataDir ? 12_000 : 3000);
              await exited;
              clearTimeout(force);
            }
          })();
          return stopping;
        },
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    exited.then(({ code, signal }) => {
      if (ready) return;
      const error = new Error(
        `auth emulator exited before it was ready (${signal ?? `code ${code}`}):\n${output.slice(-2000)}`,
      );
      if (code === 98) error.code = "EADDRINUSE";
      fail(error);
    });
  });
}

/** Deletes every account of the project in the emulator at host ("127.0.0.1:PORT"). */
export async function clearAuthEmulator(host, projectId) {
  const response = await fetch(`http://${host}/emulator/v1/projects/${encodeURIComponent(projectId)}/accounts`, {
    method: "DELETE",
    headers: { Authorization: "Bearer owner" },
  });
  if (!response.ok)
    throw new Error(`clearing the auth emulator failed: HTTP ${response.status} ${await response.text()}`);
}
