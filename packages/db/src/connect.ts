import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import lockfile from "proper-lockfile";
import { withPreparedSelects } from "./prepared-selects.js";
import type { Database } from "./schema.js";

// Return DATE/TIMESTAMP columns as JS Dates but keep int8 counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset means the embedded PGlite under dataDir. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database (default .data). */
  dataDir?: string;
  /** Connections in the pool (default 10 for PostgreSQL, 1 for PGlite). */
  poolSize?: number;
  /** How long a query may wait for a free connection before it fails (default 20 s). */
  connectionWaitMs?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: "postgres" | "pglite";
  /** Connection string the pool uses (for PGlite, its loopback socket). */
  connectionString: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

/**
 * Opens the configured database. Both kinds go through the pg driver: PGlite is served on a
 * loopback socket, so queries, transactions and errors behave the same everywhere.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return fromConnectionString(options.databaseUrl, "postgres", options.poolSize ?? 10, async () => {}, options);
  }
  const embedded = await startEmbedded(options.dataDir ?? ".data");
  try {
    // One connection: pglite-socket can interleave the extended-protocol messages of concurrent
    // connections (electric-sql/pglite#1046), so the pool queues queries instead.
    return await fromConnectionString(
      embedded.connectionString,
      "pglite",
      options.poolSize ?? 1,
      embedded.stop,
      options,
    );
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

async function fromConnectionString(
  connectionString: string,
  kind: DatabaseHandle["kind"],
  max: number,
  stopServer: () => Promise<void>,
  { connectionWaitMs = 20_000 }: DatabaseOptions,
): Promise<DatabaseHandle> {
  // Waiting for a free connection under load is not an outage: only a long wait means the database is gone.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectionWaitMs });
  // An idle client losing its server (a restart) must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedSelects(pool) }),
    plugins: [new CamelCasePlugin()],
  });
  const ping = async () => {
    await pool.query("SELECT 1");
  };
  try {
    await ping();
  } catch (error) {
    await db.destroy();
    await stopServer();
    throw new DatabaseUnavailableError(`cannot reach the database (${describe(error)})`);
  }
  return {
    db,
    kind,
    connectionString,
    ping,
    close: async () => {
      await db.destroy();
      await stopServer();
    },
  };
}

async function startEmbedded(dataDir: string) {
  const dir = path.resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  // PGlite has no lock of its own: a second process on the same files would corrupt them.
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { stale: 15_000, update: 5_000, lockfilePath: `${dir}.lock` });
  } catch {
    throw new DatabaseUnavailableError(
      `the embedded database in ${dir} is in use by another process; stop it or set DATA_DIR to another folder`,
    );
  }
  try {
    const pglite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 64 });
    await server.start();
    return {
      connectionString: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
      stop: async () => {
        await server.stop();
        await pglite.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describe).join("; ");
  return error instanceof Error ? error.message : String(error);
}
