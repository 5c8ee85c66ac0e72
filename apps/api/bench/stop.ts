import type { ChildProcess } from "node:child_process";

/** SIGTERM and wait: the server closes its database (PGlite must be closed before another process opens it). */
export async function stopGracefully(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  // Creates still in flight when a measurement ends (image encoding) may hold the close for a while.
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, 60_000);
  await exited;
  clearTimeout(timer);
  // A killed server leaves the embedded database's lock behind until it goes stale (15 s).
  if (killed) await new Promise((resolve) => setTimeout(resolve, 16_000));
}
