// What every bench script starts before its server: a data folder, the Auth emulator and PostgreSQL (a throwaway
// cluster, or DATABASE_URL, or none with --embedded), and the way to end them all, in reverse.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { startAuthEmulator } from "../../../scripts/lib/auth-emulator.mjs";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";

export interface BenchServices {
  dataDir: string;
  /** PostgreSQL's address; undefined with --embedded (the server's own PGlite in dataDir). */
  databaseUrl: string | undefined;
  /** How the report names the database. */
  database: "PostgreSQL" | "PGlite (embedded)";
  /** The server's environment these make: data folder, database, emulator, write and sign-in limits lifted. */
  env: Record<string, string>;
  /** Runs at the end, before what was started earlier (the server, stopped before its database). */
  onCleanup(cleanup: () => unknown): void;
}

/**
 * Starts the services, runs `bench` with them and ends them all, whatever happens. `name` names the data folder
 * (gallery-<name>-…); `embedded` leaves PostgreSQL out.
 */
export async function withBenchServices<T>(
  name: string,
  options: { embedded: boolean },
  bench: (services: BenchServices) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `gallery-${name}-`));
  const cleanups: Array<() => unknown> = [() => rmSync(dataDir, { recursive: true, force: true })];
  try {
    const emulator = await startAuthEmulator({ projectId: "demo-chatbot-gallery" });
    cleanups.push(() => emulator.stop());
    // The test helpers (createAccount) read it when they load.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    let databaseUrl = process.env.DATABASE_URL || undefined;
    if (!databaseUrl && !options.embedded) {
      const cluster = await startThrowawayPostgres();
      if (!cluster) throw new Error("PostgreSQL is not installed: apt-get install postgresql, or run with --embedded");
      cleanups.push(() => cluster.stop());
      databaseUrl = cluster.url;
    }
    return await bench({
      dataDir,
      databaseUrl,
      database: databaseUrl ? "PostgreSQL" : "PGlite (embedded)",
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        RATE_LIMIT_WRITES: "100000000",
        RATE_LIMIT_SIGNIN: "100000000",
      },
      onCleanup: (cleanup) => cleanups.push(cleanup),
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** A new account of the emulator, signed in on the server: its session cookie, user id and ID token. */
export async function signInNewAccount(serverUrl: string): Promise<{ cookie: string; id: string; idToken: string }> {
  const { createAccount } = await import("../test/support/auth.js");
  const account = await createAccount();
  const response = await fetch(`${serverUrl}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  return {
    cookie: response.headers.get("set-cookie")!.split(";")[0]!,
    id: ((await response.json()) as { id: string }).id,
    idToken: account.idToken,
  };
}
