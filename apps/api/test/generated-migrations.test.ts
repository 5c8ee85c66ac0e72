// The database copies, triggers and indexes declared in code (scripts/generated-migrations.ts) reach the
// database only as migrations holding them (the baseline's DECLARED, then generated ones): the committed ones must
// install what the declarations say now (else `pnpm gen` writes the missing one), generating is idempotent, and a
// database migrated to the newest holds exactly what is declared.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { INDEX_FILE, migrationNames, renderMigrationIndex } from "@gallery/db/migration-index";
import { PLATFORMS } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import {
  changedParts,
  DECLARED_PARTS,
  installedParts,
  MIGRATIONS_DIR,
  renderGeneratedMigration,
} from "../scripts/generated-migrations.js";
import { FACETS_COPY_COLUMNS } from "../src/domain/listings/facets-copy.js";
import { STAT_KINDS } from "../src/domain/listings/platform-columns.js";
import { sortIndexesSql } from "../src/domain/listings/sort-indexes.js";
import { test } from "./support/fixtures.js";

describe("generated files", () => {
  test("every declared copy, trigger and index is installed by a committed migration, and the index lists them all", async () => {
    const stale = await changedParts();
    expect(
      stale.map(({ part }) => part.key),
      "a declaration differs from what the generated migrations install: run `pnpm gen` and commit the NEW migration it writes (never edit a committed one)",
    ).toEqual([]);
    expect(
      readFileSync(INDEX_FILE, "utf8") === renderMigrationIndex(migrationNames()),
      "packages/db/src/migrations/index.ts is stale: run `pnpm gen` and commit it",
    ).toBe(true);
  });

  test("generating again writes nothing; a declaration's change is one new migration holding only that part", async () => {
    // A scratch copy of the migrations holding DECLARED under the api (so their imports resolve), then one whose
    // SORT_INDEXES is an older declaration's: generating puts back exactly that part, and then nothing more.
    const scratch = path.resolve(import.meta.dirname, "../.tmp", `generated-${process.pid}-${Date.now()}`);
    mkdirSync(scratch, { recursive: true });
    try {
      const installed = await installedParts();
      for (const migration of new Set([...installed.values()].map((at) => at.migration))) {
        cpSync(path.join(MIGRATIONS_DIR, `${migration}.ts`), path.join(scratch, `${migration}.ts`));
      }
      expect(await changedParts(scratch)).toEqual([]);
      const sortIndexes = DECLARED_PARTS.find((part) => part.key === "SORT_INDEXES")!;
      const older = "209912312358_generated";
      writeFileSync(
        path.join(scratch, `${older}.ts`),
        renderGeneratedMigration([
          { part: sortIndexes, steps: ["SELECT 'an older declaration'"], before: installed.get("SORT_INDEXES") },
        ]),
      );
      const changed = await changedParts(scratch);
      expect(changed.map(({ part, before }) => [part.key, before?.migration])).toEqual([["SORT_INDEXES", older]]);
      const next = renderGeneratedMigration(changed);
      // Its down puts the older declaration back.
      expect(next).toContain(`await install(db, m${older}.DECLARED.SORT_INDEXES!);`);
      writeFileSync(path.join(scratch, "209912312359_generated.ts"), next);
      expect(await changedParts(scratch)).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("each part is declared once, in install order: platform columns before the copies that read them", () => {
    const keys = DECLARED_PARTS.map((part) => part.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.indexOf("PLATFORM_COLUMNS")).toBeLessThan(keys.indexOf("LISTING_FACETS"));
    expect(keys.indexOf("PLATFORM_COLUMNS")).toBeLessThan(keys.indexOf("STORED_READ_SHAPE"));
  });
});

describe("a database migrated to the newest holds what is declared", () => {
  test("the facets copy's columns, the platforms' columns and stat kinds, the sorts' indexes, the change triggers", async ({
    app,
  }) => {
    const db = app.database.db;
    const columns = await sql<{ name: string; type: string; nullable: string }>`
      SELECT column_name AS name, format_type(a.atttypid, a.atttypmod) AS type, is_nullable AS nullable
      FROM information_schema.columns c
      JOIN pg_attribute a ON a.attrelid = 'listing_facets'::regclass AND a.attname = c.column_name
      WHERE c.table_schema = current_schema() AND c.table_name = 'listing_facets'
      ORDER BY c.ordinal_position`.execute(db);
    // By name: a column added later (a new platform's) comes last in the table, wherever it is declared.
    const byName = (list: Array<{ name: string; type: string; notNull: boolean }>) =>
      list.sort((a, b) => a.name.localeCompare(b.name));
    expect(
      byName(columns.rows.map(({ name, type, nullable }) => ({ name, type, notNull: nullable === "NO" }))),
    ).toEqual(
      byName(
        [{ name: "id", type: "uuid", notNull: true }, ...FACETS_COPY_COLUMNS].map(({ name, type, notNull }) => ({
          name,
          type,
          notNull: notNull ?? false,
        })),
      ),
    );
    const chatbotColumns = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'chatbots'`.execute(db);
    const names = chatbotColumns.rows.map(({ name }) => name);
    for (const platform of PLATFORMS)
      expect(names).toEqual(expect.arrayContaining([`${platform}_cid`, `${platform}_url`]));
    const check = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conname = 'listing_stats_daily_kind_check'`.execute(db);
    for (const kind of STAT_KINDS) expect(check.rows[0]!.definition).toContain(`'${kind}'`);
    const indexes = await sql<{ name: string }>`
      SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'chatbots'`.execute(
      db,
    );
    const declared = [...sortIndexesSql().matchAll(/CREATE INDEX IF NOT EXISTS (\w+)/g)].map((m) => m[1]);
    expect(indexes.rows.map(({ name }) => name)).toEqual(expect.arrayContaining(declared));
    const triggers = await sql<{ name: string }>`
      SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal
        AND tgname IN ('chatbots_facets', 'users_notify_public_update', 'users_notify_settings')`.execute(db);
    expect(triggers.rows.map(({ name }) => name).sort()).toEqual([
      "chatbots_facets",
      "users_notify_public_update",
      "users_notify_settings",
    ]);
  });
});
