// A throwaway PostgreSQL cluster from Debian's binaries (/usr/lib/postgresql/*/bin, or PG_BIN), on
// 127.0.0.1 and a free port, fsync off, in a temp folder; as root it runs as the postgres user.
//   const pg = await startThrowawayPostgres();   // null when PostgreSQL is not installed
//   pg.url: role "gallery" (CREATEDB) on its database; await pg.stop();
// As a command (Playwright's webServer): `node scripts/lib/postgres.mjs` prints
// "postgres ready: <url>" and runs until SIGTERM/SIGINT.
import { execFile, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, chownSync, existsSync, fstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((name) => /^\d+$/.test(name)) : [];
  const candidates = [process.env.PG_BIN, ...versions.sort((a, b) => b - a).map((v) => path.join(base, v, "bin"))];
  return (
    candidates.find((dir) => dir && ["initdb", "postgres"].every((bin) => existsSync(path.join(dir, bin)))) ?? null
  );
}

/**
 * @returns {Promise<null | { url: string, port: number, version: string, pause: () => Promise<void>,
 *   resume: () => Promise<void>, stop: () => Promise<void> }>} pause/resume stop and restart the server
 *   on the same port with its data (fault tests).
 */
export async function startThrowawayPostgres() {
  const bin = findPostgresBinaries();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  // The postgres user must reach the folder: never under /root (TMPDIR may point there).
  const dir = mkdtempSync(path.join(asRoot ? "/tmp" : os.tmpdir(), "gallery-pg-"));
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
  // As root, the server programs run as the postgres user (spawn's uid/gid: no runuser in between).
  const ids = { cwd: dir, ...(asRoot ? postgresIds() : {}) };
  const pg = (cmd, args) => run(path.join(bin, cmd), args, ids);
  const port = await freePort();
  const adminUrl = `postgres://postgres:${superPassword}@127.0.0.1:${port}/postgres`;
  const options = ["-D", dataDir, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1"].concat([
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=300",
  ]);
  // The server runs in the foreground as our child (not daemonized by pg_ctl), so it stays in our
  // process group: a stop of the whole group reaches it too.
  let server;
  const start = async () => {
    const child = spawn(path.join(bin, "postgres"), options, { ...ids, stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    child.stderr.on("data", (chunk) => {
      log = (log + chunk).slice(-4000);
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    server = { child, exited };
    for (const deadline = Date.now() + 60_000; ; ) {
      if (
        await sql(adminUrl, "SELECT 1").then(
          () => true,
          () => false,
        )
      )
        return;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** Fast shutdown (SIGINT) and wait. */
  const pause = async () => {
    if (!server || server.child.exitCode !== null) return;
    server.child.kill("SIGINT");
    await server.exited;
  };
  // Also when the process exits through process.exit (a signal handler): no server left behind.
  const cleanup = () => {
    if (server?.child.exitCode === null) server.child.kill("SIGQUIT");
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pg(
      "initdb",
      ["-D", dataDir, "-U", "postgres", "--auth=scram-sha-256", `--pwfile=${path.join(dir, "pwfile")}`].concat([
        "--encoding=UTF8",
        "--locale=C",
        "--no-sync",
        "--no-instructions",
      ]),
    );
    await start();
    await sql(adminUrl, [
      `CREATE ROLE gallery LOGIN CREATEDB PASSWORD '${password}'`,
      "CREATE DATABASE gallery OWNER gallery",
    ]);
  } catch (error) {
    process.off("exit", cleanup);
    cleanup();
    throw error;
  }
  let stopping;
  return {
    url: `postgres://gallery:${password}@127.0.0.1:${port}/gallery`,
    port,
    version: path.basename(path.dirname(bin)),
    pause,
    resume: start,
    stop: () => {
      stopping ??= (async () => {
        await pause();
        process.off("exit", cleanup);
        cleanup();
      })();
      return stopping;
    },
  };
}

function postgresIds() {
  const [uid, gid] = ["-u", "-g"].map((flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" })));
  return { uid, gid };
}

/** Runs statements one by one on url, each outside a transaction (so CREATE DATABASE works). */
export async function sql(url, statements) {
  // pg is a dependency of the database package; the scripts borrow it.
  const pg = createRequire(path.join(ROOT, "packages/db/package.json"))("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of [statements].flat()) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server at serverUrl (a role that may CREATE DATABASE), named `<prefix>_<random>`,
 * empty or a copy of `template`: its address.
 */
export async function createDatabase(serverUrl, prefix, { template } = {}) {
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  await sql(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops the database at databaseUrl from the server at serverUrl. Best effort: the throwaway cluster goes away anyway,
 * and FORCE may not end a backend of another role (e.g. autovacuum) without superuser rights.
 */
export async function dropDatabase(serverUrl, databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  await sql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startThrowawayPostgres();
  if (!cluster) {
    console.error("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin): apt-get install postgresql");
    process.exit(1);
  }
  console.log(`postgres ready: ${cluster.url}`);
  const stop = () => cluster.stop().then(() => process.exit(0));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
  // Started with a pipe as stdin (Playwright's webServer): its end means the parent is gone.
  const stdin = fstatSync(0);
  if (stdin.isFIFO() || stdin.isSocket()) process.stdin.on("end", stop).resume();
  setInterval(() => {}, 1 << 30);
}
