import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const API_DIR = path.resolve(import.meta.dirname, "../..");

/**
 * A port for a test server: below Linux's ephemeral range (32768 and up), where the tests' own outgoing
 * connections take their local ports, so a collision needs two test servers picking the same number.
 */
export function testPort() {
  return 20_000 + Math.floor(Math.random() * 12_000);
}

/**
 * Runs the real server entry (src/server.ts, or with `built` dist/server.js) in its own process; node itself (not the tsx wrapper) so that a
 * SIGKILL reaches the server. nodeArgs: e.g. --cpu-prof (bench/overhead.ts). A port that turns out taken is
 * retried on another. `output()`: what it has written to stdout so far (its JSON log lines, when LOG_LEVEL
 * lets them through). A server that exits while starting fails with what it wrote to stderr.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
  { built = false }: { built?: boolean } = {},
) {
  // Built: dist/server.js, as `pnpm start` and the image run it (after `pnpm --filter @gallery/api build`).
  const entry = built
    ? [path.join(API_DIR, "dist/server.js")]
    : ["--import", "tsx", path.join(API_DIR, "src/server.ts")];
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, [...nodeArgs, ...entry], testPort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(env: Record<string, string | undefined>, args: string[], port: number) {
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  let written = "";
  let errors = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    written += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  const output = () => written;
  const url = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: the embedded database alone may take the api's 60 s plugin timeout on a busy machine.
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) {
      if (errors.includes("is already in use")) throw new PortTakenError(errors);
      throw new Error(`server exited with ${child.exitCode}: ${errors.trim()}`);
    }
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
  throw new Error(`server did not start: ${errors.trim()}`);
}
