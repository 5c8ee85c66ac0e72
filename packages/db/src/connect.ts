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
  /** Connections in the pool for PostgreSQL (default 10); the embedded database always has one. */
  poolSize?: number;
  /** How long a query may wait for a free connection before it fails (default 20 s). */
  connectionWaitMs?: number;
  /** How long an unused connection stays open (default POOL_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
  /**
   * Run the code's fixed SELECTs as named prepared statements (default true). Off for a pooler that moves a
   * session's statements between server connections (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
}

/** How long the pool keeps an unused connection open: pg's default, stated so tests can idle past it. */
export const POOL_IDLE_TIMEOUT_MS = 10_000;
/** PostgreSQL connections kept open when idle (the embedded database's is in-process: cheap to open again). */
const WARM_CONNECTIONS = 2;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: "postgres" | "pglite";
  /** Connections in the pool. */
  poolSize: number;
  /** Connection string the pool uses (for PGlite, its loopback socket). */
  connectionString: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database only: stops it and starts it again on the same address, under a running pool. */
  restartEmbedded?: () => Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

/**
 * Opens the configured database. Both kinds go through the pg driver: PGlite is served on a
 * loopback socket, so queries, transactions and errors behave the same everywhere.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return fromConnectionString(options.databaseUrl, "postgres", options.poolSize ?? 10, options);
  }
  const embedded = await startEmbedded(options.dataDir ?? ".data");
  try {
    // One connection: PGlite is a single PostgreSQL session that every socket connection shares (and
    // pglite-socket can interleave the extended-protocol messages of concurrent connections,
    // electric-sql/pglite#1046), so the pool queues queries instead.
    const handle = await fromConnectionString(embedded.connectionString, "pglite", 1, options, embedded.stop);
    return { ...handle, restartEmbedded: embedded.restart };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

async function fromConnectionString(
  connectionString: string,
  kind: DatabaseHandle["kind"],
  max: number,
  { connectionWaitMs = 20_000, idleTimeoutMs = POOL_IDLE_TIMEOUT_MS, preparedStatements = true }: DatabaseOptions,
  stopServer: () => Promise<void> = async () => {},
): Promise<DatabaseHandle> {
  // Waiting for a free connection under load is not an outage: only a long wait means the database is gone.
  const pool = new pg.Pool({
    connectionString,
    max,
    // A few connections stay open however long the pool idles: opening one takes several round trips, which a
    // starved process may not finish within connectionWaitMs (a page's picture answered 503 that way).
    min: kind === "postgres" ? Math.min(WARM_CONNECTIONS, max) : 0,
    connectionTimeoutMillis: connectionWaitMs,
    idleTimeoutMillis: idleTimeoutMs,
  });
  // An idle client losing its server (a restart) must not crash the process.
  pool.on("error", () => {});
  const sessions = settingUpSessions(pool, kind);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparedStatements ? withPreparedSelects(sessions) : sessions }),
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
    poolSize: max,
    connectionString,
    ping,
    close: async () => {
      await db.destroy();
      await stopServer();
    },
  };
}

/**
 * The session settings the app's queries expect, on every connection. synchronize_seqscans off: PostgreSQL starts a
 * scan of a big table where the last one stopped, so short scans that stop after a few thousand rows (the tag
 * facets) walked the whole table over time, mostly from outside its memory; from its first pages they read the same
 * pages each time (p99 28-43 ms against 10 ms for a common search's facets at 1M; docs/performance.md).
 */
export const SESSION_SETTINGS = "SET synchronize_seqscans = off";

/**
 * The pool, with SESSION_SETTINGS run on each connection before its first use. PostgreSQL ends a session with its
 * connection; PGlite's one session outlives every socket connection, and a new connection's client knows no
 * prepared statement, so there the session is cleared first (`DISCARD ALL`): else the first named statement after
 * the pool closed an idle connection failed with "prepared statement already exists" (and any other session state
 * would leak into the next connection the same way).
 */
function settingUpSessions(pool: pg.Pool, kind: DatabaseHandle["kind"]): Pick<pg.Pool, "connect" | "end"> {
  const setUp = new WeakSet<pg.PoolClient>();
  // One at a time: DISCARD ALL refuses to run inside the transaction a multi-statement query makes.
  const setup = kind === "pglite" ? ["DISCARD ALL", SESSION_SETTINGS] : [SESSION_SETTINGS];
  return {
    connect: (async () => {
      const client = await pool.connect();
      if (!setUp.has(client)) {
        try {
          for (const statement of setup) await client.query(statement);
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
        setUp.add(client);
      }
      return client;
    }) as pg.Pool["connect"],
    end: () => pool.end(),
  };
}

/** The embedded database's own folder under dataDir (its files and nothing else). */
export function embeddedDatabaseDir(dataDir: string) {
  return path.resolve(dataDir, "pglite");
}

async function startEmbedded(dataDir: string) {
  const dir = embeddedDatabaseDir(dataDir);
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
  const serve = async (port: number) => {
    const pglite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port, maxConnections: 64 });
    try {
      await server.start();
    } catch (error) {
      await pglite.close();
      throw error;
    }
    return {
      port: Number(server.getServerConn().split(":").pop()),
      stop: async () => {
        await server.stop();
        await pglite.close();
      },
    };
  };
  try {
    let running = await serve(0);
    const { port } = running;
    return {
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
      restart: async () => {
        await running.stop();
        running = await serve(port);
      },
      stop: async () => {
        await running.stop();
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
