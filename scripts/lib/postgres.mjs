// A throwaway PostgreSQL cluster for tests, from Debian's binaries (/usr/lib/postgresql/*/bin).
//   const pg = await startThrowawayPostgres();   // null when PostgreSQL is not installed
//   const url = await createDatabaseFrom(pg.url, "e2e"); ... await dropDatabase(pg.url, "e2e"); await pg.stop();
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "./auth-emulator.mjs";

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The bin folder of the newest installed PostgreSQL (PG_BIN overrides), or null. */
export function findPostgresBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    for (const version of versions) candidates.push(path.join(base, version, "bin"));
  }
  return (
    candidates.find((dir) => ["initdb", "pg_ctl", "postgres"].every((bin) => existsSync(path.join(dir, bin)))) ?? null
  );
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Creates and starts a fresh cluster on 127.0.0.1 with a free port, fsync off, in a new temp folder,
 * with a role "gallery" (CREATEDB) and its database "gallery". As root, the server runs as the
 * postgres user (runuser). Returns null when the binaries are missing.
 * @returns {Promise<null | { url: string, adminUrl: string, port: number, version: string, dir: string, pause: () => Promise<void>, resume: () => Promise<void>, stop: () => Promise<void> }>}
 *   url: the gallery role on its database (may CREATE DATABASE); adminUrl: the postgres superuser.
 */
export async function startThrowawayPostgres({ log = () => {} } = {}) {
  const bin = findPostgresBinaries();
  if (!bin) return null;
  const asRoot = isRoot();
  if (asRoot) {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    } catch {
      throw new Error(
        "PostgreSQL binaries found but no postgres user to run them as: reinstall the postgresql package",
      );
    }
  }
  // The postgres user must reach the folder: never under /root (TMPDIR may point there).
  const tmp = asRoot && os.tmpdir().startsWith("/root") ? "/tmp" : os.tmpdir();
  const dir = mkdtempSync(path.join(tmp, "gallery-pg-"));
  const dataDir = path.join(dir, "data");
  const superPassword = randomBytes(18).toString("base64url");
  const password = randomBytes(18).toString("base64url");
  writeFileSync(path.join(dir, "pwfile"), `${superPassword}\n`);
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
    chownSync(path.join(dir, "pwfile"), uid, gid);
  }
  chmodSync(dir, 0o700);

  const pgRun = (cmd, args) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  let started = false;
  const cleanup = () => {
    if (started) {
      try {
        const ctl = [path.join(bin, "pg_ctl"), "stop", "-D", dataDir, "-m", "immediate", "-w"];
        if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", ...ctl], { stdio: "ignore" });
        else execFileSync(ctl[0], ctl.slice(1), { stdio: "ignore" });
      } catch {}
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A runner killed by a signal still leaves no server behind when it exits through process.exit.
  process.on("exit", cleanup);

  try {
    const version = path.basename(path.dirname(bin));
    await pgRun("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=scram-sha-256",
      `--pwfile=${path.join(dir, "pwfile")}`,
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
    let port;
    let options;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      options = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses=127.0.0.1",
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c max_connections=200",
      ].join(" ");
      try {
        await pgRun("pg_ctl", [
          "start",
          "-D",
          dataDir,
          "-w",
          "-t",
          "60",
          "-l",
          path.join(dir, "server.log"),
          "-o",
          options,
        ]);
        started = true;
        break;
      } catch (error) {
        const serverLog = readLog(path.join(dir, "server.log"));
        if (attempt < 5 && /could not bind|already in use/i.test(serverLog)) continue;
        throw new Error(`PostgreSQL did not start: ${error.message}\n${serverLog}`);
      }
    }
    const adminUrl = `postgres://postgres:${superPassword}@127.0.0.1:${port}/postgres`;
    await sql(adminUrl, [
      `CREATE ROLE gallery LOGIN CREATEDB PASSWORD '${password}'`,
      "CREATE DATABASE gallery OWNER gallery",
    ]);
    const url = `postgres://gallery:${password}@127.0.0.1:${port}/gallery`;
    log(`PostgreSQL ${version} on 127.0.0.1:${port} (${dir})`);
    let stopping;
    return {
      url,
      adminUrl,
      port,
      version,
      dir,
      /** Stops the server but keeps its data (fault tests: the database goes away). */
      pause: async () => {
        await pgRun("pg_ctl", ["stop", "-D", dataDir, "-m", "fast", "-w"]);
      },
      /** Starts it again on the same port (fault tests: the database comes back). */
      resume: async () => {
        await pgRun("pg_ctl", [
          "start",
          "-D",
          dataDir,
          "-w",
          "-t",
          "60",
          "-l",
          path.join(dir, "server.log"),
          "-o",
          options,
        ]);
      },
      stop: () => {
        stopping ??= (async () => {
          process.off("exit", cleanup);
          if (started) {
            await pgRun("pg_ctl", ["stop", "-D", dataDir, "-m", "fast", "-w"]).catch(() => {});
            started = false;
          }
          cleanup();
        })();
        return stopping;
      },
    };
  } catch (error) {
    process.off("exit", cleanup);
    cleanup();
    throw error;
  }
}

function postgresIds() {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function readLog(file) {
  try {
    return readFileSync(file, "utf8").slice(-2000);
  } catch {
    return "";
  }
}

function loadPg() {
  // pg is a dependency of the database package; the scripts borrow it.
  return createRequire(path.join(ROOT, "packages/db/package.json"))("pg");
}

/** Runs statements one by one on url (each outside a transaction, so CREATE DATABASE works). */
export async function sql(url, statements) {
  const pg = loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results = [];
    for (const statement of [statements].flat()) results.push(await client.query(statement));
    return results;
  } finally {
    await client.end();
  }
}

const quoteIdent = (name) => `"${String(name).replaceAll('"', '""')}"`;

/**
 * Creates database `name` (dropping an older one of that name) through the server at url, owned by
 * url's role; returns url pointed at it.
 */
export async function createDatabaseFrom(url, name) {
  const target = new URL(url);
  await sql(url, [`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`, `CREATE DATABASE ${quoteIdent(name)}`]);
  target.pathname = `/${encodeURIComponent(name)}`;
  return target.toString();
}

/** Drops database `name` on the server at url, closing its connections. */
export async function dropDatabase(url, name) {
  await sql(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}
