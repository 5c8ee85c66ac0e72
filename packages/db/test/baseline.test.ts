// The baseline (src/migrations/202611290851_baseline.ts) replaced the migrations before it, on both databases the
// app supports: a database they built adopts it in their place and migrates on, two instances starting at once
// adopt it once, and a database left at an older release is refused with what to run first.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, type Migration, sql } from "kysely";
import { afterEach, expect, inject, it } from "vitest";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { createDatabase } from "../../../scripts/lib/postgres.mjs";
import {
  BASELINE,
  type DatabaseHandle,
  LAST_BEFORE_BASELINE,
  migrateToLatest,
  openDatabase,
  SQUASHED,
} from "../src/index.js";
import { migrations } from "../src/migrations/index.js";

let handle: DatabaseHandle | undefined;
let cleanup: (() => void) | undefined;

afterEach(async () => {
  await handle?.close();
  cleanup?.();
  handle = cleanup = undefined;
});

const recorded = async (db: Kysely<unknown>) =>
  (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map((r) => r.name);

/** What the migrator recorded, as if these migrations had run (the schema stays the baseline's). */
async function recordAs(db: Kysely<unknown>, names: readonly string[]) {
  await sql`DELETE FROM kysely_migration`.execute(db);
  for (const name of names) {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(db);
  }
}

/** A migration after the baseline, as the next release would bring one. */
const next = (table: string): Record<string, Migration> => ({
  [`209912312359_${table}`]: {
    up: async (db) => {
      await sql`CREATE TABLE ${sql.id(table)} (id int)`.execute(db);
    },
  },
});

async function checkBaseline(db: Kysely<unknown>) {
  // A fresh database runs the baseline.
  expect((await migrateToLatest(db)).results?.map((r) => [r.migrationName, r.status])).toEqual([[BASELINE, "Success"]]);
  expect(await recorded(db)).toEqual([BASELINE]);

  // A database the squashed migrations built (its schema is the baseline's): the baseline takes their place
  // without running, and the next migration runs.
  await recordAs(db, SQUASHED);
  const result = await migrateToLatest(db, { ...migrations, ...next("next_one") });
  expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([["209912312359_next_one", "Success"]]);
  expect(await recorded(db)).toEqual([BASELINE, "209912312359_next_one"]);

  // Two instances starting at once on such a database: one adopts the baseline, the other finds it done.
  await sql`DROP TABLE next_one`.execute(db);
  await recordAs(db, SQUASHED);
  await Promise.all([migrateToLatest(db), migrateToLatest(db)]);
  expect(await recorded(db)).toEqual([BASELINE]);

  // Left at an older release (some of the squashed migrations): refused, naming the commit to run once first,
  // and nothing recorded changes.
  const older = SQUASHED.slice(0, 30);
  await recordAs(db, older);
  await expect(migrateToLatest(db)).rejects.toThrow(
    `its newest migration is ${older.at(-1)}): run commit ${LAST_BEFORE_BASELINE} once on it`,
  );
  expect(await recorded(db)).toEqual([...older].sort());
}

it("PGlite: a fresh database runs the baseline; one the squashed migrations built adopts it", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-baseline-"));
  cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  handle = await openDatabase({ dataDir });
  await checkBaseline(handle.db as Kysely<unknown>);
});

it.runIf(inject("databaseUrl"))(
  "PostgreSQL: a fresh database runs the baseline; one the squashed migrations built adopts it",
  async () => {
    const server = inject("databaseUrl")!;
    const url: string = await createDatabase(server, "gallery_baseline");
    handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
    await checkBaseline(handle.db as Kysely<unknown>);
  },
);
