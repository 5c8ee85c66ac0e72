// Migrated starting points for the test apps' databases, made once per vitest run by its globalSetup
// (vitest.global-setup.ts) with the real migrations, so they always match the code under test. A test app
// then starts from a copy and its own start-up migrates nothing more: the same code path as `pnpm start` on an
// existing data directory, without PGlite's first-start initdb (about 30 s on a busy 2-core machine) and the
// migrations in every test file.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { embeddedDatabaseDir, migrateToLatest, openDatabase } from "@gallery/db";
import pg from "pg";

/** Opens the database as the api does (plugins/app/database.ts), migrates it and closes it. */
async function migrate(options: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(options);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

/** A data directory holding a migrated embedded database; `dataDir` is what DATA_DIR would be. */
export async function makeEmbeddedSnapshot() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-snapshot-"));
  await migrate({ dataDir });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Gives a DATA_DIR without an embedded database the snapshot's (its files only, not its lock). */
export function copyEmbeddedSnapshot(snapshotDataDir: string, dataDir: string) {
  const target = embeddedDatabaseDir(dataDir);
  if (!existsSync(target)) cpSync(embeddedDatabaseDir(snapshotDataDir), target, { recursive: true });
}

/** A migrated database on the PostgreSQL server that test databases are created from (CREATE DATABASE … TEMPLATE). */
export async function makeTemplateDatabase(serverUrl: string) {
  const name = "gallery_test_template";
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One connection, closed before any copy is made: PostgreSQL copies a template nobody is connected to.
  await migrate({ databaseUrl: url.toString(), poolSize: 1 });
  return name;
}
