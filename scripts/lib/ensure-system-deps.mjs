// Makes sure the system programs the tests need are installed: Chromium (browser tests) and
// PostgreSQL (database tests). As root on Debian/Ubuntu it installs what is missing with apt-get;
// otherwise it prints one line saying what to install and fails.
//   node scripts/lib/ensure-system-deps.mjs      (exit code 0 when everything is there)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findPostgresBinaries } from "./postgres.mjs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** What is missing, as apt package names. */
export function missingSystemDeps({ chromium = true, postgres = true } = {}) {
  const missing = [];
  if (chromium && !existsSync(CHROMIUM)) missing.push("chromium");
  if (postgres && !findPostgresBinaries()) missing.push("postgresql");
  return missing;
}

/**
 * Installs missing packages when possible; resolves when everything is there, else throws an Error
 * whose message is the one line to show.
 */
export function ensureSystemDeps({ chromium = true, postgres = true, log = console.log } = {}) {
  const missing = missingSystemDeps({ chromium, postgres });
  if (missing.length === 0) return { installed: [] };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get") && existsSync("/etc/debian_version");
  if (!isRoot || !hasApt) {
    const how = hasApt ? `sudo apt-get install -y ${missing.join(" ")}` : `install ${missing.join(" and ")}`;
    throw new Error(
      `missing system packages: ${missing.join(", ")} (${missing.includes("chromium") ? `no ${CHROMIUM}` : "no /usr/lib/postgresql/*/bin"}); ${how}`,
    );
  }
  log(`installing ${missing.join(" ")} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (args) => {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "pipe", "pipe"], env, encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(
        `apt-get ${args.join(" ")} failed (exit ${result.status}):\n${(result.stdout + result.stderr).slice(-3000)}`,
      );
    }
  };
  apt(["update", "-q"]);
  apt(["install", "-y", "-q", ...missing]);
  const still = missingSystemDeps({ chromium, postgres });
  if (still.length > 0)
    throw new Error(`apt-get installed ${missing.join(" ")} but ${still.join(", ")} is still missing`);
  if (missing.includes("chromium")) {
    try {
      log(execFileSync(CHROMIUM, ["--version"], { encoding: "utf8" }).trim());
    } catch {}
  }
  return { installed: missing };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureSystemDeps();
    console.log("system dependencies: ok (chromium, postgresql)");
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
