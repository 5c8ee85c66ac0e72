// The migrations' index is generated (scripts/migration-index.ts): it must list every migration file, and a
// migration from a merged branch whose timestamp is older than one a database already ran still runs there.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Migration, sql } from "kysely";
import { expect, it } from "vitest";
import { INDEX_FILE, MIGRATION_NAME, migrationNames, renderMigrationIndex } from "../scripts/migration-index.js";
import { BASELINE, createMigrator, openDatabase } from "../src/index.js";
import { migrations } from "../src/migrations/index.js";

it("index.ts lists every migration file in order, as `pnpm gen` writes it", () => {
  expect(
    readFileSync(INDEX_FILE, "utf8") === renderMigrationIndex(migrationNames()),
    "packages/db/src/migrations/index.ts is stale: run `pnpm gen` and commit it",
  ).toBe(true);
  expect(Object.keys(migrations)).toEqual(migrationNames());
  expect(Object.keys(migrations).every((name) => MIGRATION_NAME.test(name))).toBe(true);
});

it("every migration is named by its UTC timestamp, the baseline first", () => {
  expect(migrationNames()[0]).toBe(BASELINE);
  // Numbered names (the squashed migrations' kind) are refused, like any name without its timestamp.
  expect(() => migrationNames(path.resolve(import.meta.dirname, "fixtures/badly-named-migrations"))).toThrow(
    /0001_first, 0025_next/,
  );
});

it("a merged branch's migration older than one already run still runs, after it", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-unordered-"));
  const handle = await openDatabase({ dataDir });
  try {
    const ran: string[] = [];
    const step = (name: string): Migration => ({
      up: async (db) => {
        ran.push(name);
        await sql`CREATE TABLE ${sql.id(`t_${name}`)} (id int)`.execute(db);
      },
    });
    const newer = { "202611290900_newer_on_main": step("newer") };
    const merged = { ...newer, "202611281200_older_from_branch": step("older") };
    expect((await createMigrator(handle.db, newer).migrateToLatest()).error).toBeUndefined();
    const result = await createMigrator(handle.db, merged).migrateToLatest();
    expect(result.error).toBeUndefined();
    expect(ran).toEqual(["newer", "older"]);
    expect((await createMigrator(handle.db, merged).migrateToLatest()).results).toEqual([]);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
