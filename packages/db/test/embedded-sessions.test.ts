// The embedded database (PGlite behind its loopback socket) is one PostgreSQL session shared by every
// connection. The pool must find a clean session on each new connection, as it would on PostgreSQL:
// named statements, settings and temporary tables of a closed connection must not reach the next one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterEach, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/index.js";

const IDLE_MS = 200;
let handle: DatabaseHandle | undefined;
let dataDir: string | undefined;

async function openEmbedded() {
  dataDir = mkdtempSync(path.join(tmpdir(), "gallery-embedded-"));
  handle = await openDatabase({ dataDir, idleTimeoutMs: IDLE_MS });
  return handle;
}

afterEach(async () => {
  await handle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  handle = dataDir = undefined;
});

const fixedSelect = sql<{ n: number }>`SELECT 40 + 2 AS n`;

it("a named statement still runs after the pool closed its idle connection", async () => {
  const { db } = await openEmbedded();
  expect((await fixedSelect.execute(db)).rows).toEqual([{ n: 42 }]);
  await sql`SET statement_timeout = '4321ms'`.execute(db);
  await sql`CREATE TEMP TABLE left_behind (a int)`.execute(db);
  // Idle past the pool's timeout (what is under test): the pool closes the connection, the next query opens one.
  await sleep(IDLE_MS * 5);
  // Before the fix: 'prepared statement "gallery_N" already exists' on every run from here on.
  expect((await fixedSelect.execute(db)).rows).toEqual([{ n: 42 }]);
  expect((await fixedSelect.execute(db)).rows).toEqual([{ n: 42 }]);
  const { rows } = await sql<{ timeout: string }>`SELECT current_setting('statement_timeout') AS timeout`.execute(db);
  expect(rows).toEqual([{ timeout: "0" }]);
  await expect(sql`SELECT a FROM left_behind`.execute(db)).rejects.toThrow(/does not exist/);
});

it("recovers when the embedded database restarts under the running pool, data kept", async () => {
  const embedded = await openEmbedded();
  const { db } = embedded;
  await sql`CREATE TABLE kept (a int)`.execute(db);
  await sql`INSERT INTO kept VALUES (${1})`.execute(db);
  expect((await fixedSelect.execute(db)).rows).toEqual([{ n: 42 }]);

  await embedded.restartEmbedded!();
  // The pooled connection went down with the old server: the first query may fail with a connection error
  // (the api answers 503 for it); from then on every query runs on a new connection.
  await vi.waitFor(() => fixedSelect.execute(db), { timeout: 10_000, interval: 50 });
  expect((await fixedSelect.execute(db)).rows).toEqual([{ n: 42 }]);
  expect((await sql<{ a: number }>`SELECT a FROM kept`.execute(db)).rows).toEqual([{ a: 1 }]);
  await sql`INSERT INTO kept VALUES (${2})`.execute(db);
  expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM kept`.execute(db)).rows).toEqual([{ n: 2 }]);
});
