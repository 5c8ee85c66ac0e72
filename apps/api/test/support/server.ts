import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const API_DIR = path.resolve(import.meta.dirname, "../..");

/**
 * Runs the real server entry (src/server.ts) in its own process on a free-ish port; node itself
 * (not the tsx wrapper) so that a SIGKILL reaches the server. nodeArgs: e.g. --cpu-prof (bench/overhead.ts).
 * `output()`: what it has written to stdout so far (its JSON log lines, when LOG_LEVEL lets them through).
 */
export async function startServerProcess(env: Record<string, string | undefined>, nodeArgs: string[] = []) {
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  const args = [...nodeArgs, "--import", "tsx", path.join(API_DIR, "src/server.ts")];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  let written = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    written += chunk;
  });
  const output = () => written;
  const url = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: the embedded database alone may take the api's 60 s plugin timeout on a busy machine.
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, port, child, output, kill: () => child.kill("SIGKILL") };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}
