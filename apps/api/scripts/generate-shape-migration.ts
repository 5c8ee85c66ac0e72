// `pnpm --filter @gallery/api db:generate-shape`: when the read model's stored shape
// (src/domain/listings/stored-shape.ts) differs from what the newest generated migration installs, writes it
// as a new migration of packages/db named by the UTC time, and regenerates the migrations' index.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { INDEX_FILE, migrationNames, migrationTimestamp, renderMigrationIndex } from "@gallery/db/migration-index";
import { storedShapeSql } from "../src/domain/listings/stored-shape.js";
import { MIGRATIONS_DIR, renderShapeMigration, shapeMigrationName, shapeMigrations } from "./shape-migration.js";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const shape = storedShapeSql();
const generated = shapeMigrations();
const newest = generated.at(-1);
if (newest && readFileSync(newest.file, "utf8") === renderShapeMigration(shape, generated.at(-2)?.name)) {
  console.log(`The stored read shape is up to date: ${newest.name} installs it.`);
} else {
  const name = shapeMigrationName(migrationTimestamp());
  const file = path.join(MIGRATIONS_DIR, `${name}.ts`);
  if (existsSync(file)) fail(`${file} exists already: run this again in a minute`);
  writeFileSync(file, renderShapeMigration(shape, newest?.name));
  writeFileSync(INDEX_FILE, renderMigrationIndex(migrationNames()));
  console.log(
    [
      `Wrote ${path.relative(path.resolve(import.meta.dirname, "../../.."), file)} and listed it in index.ts: commit both.`,
      "It replaces the stored read shape's trigger functions and rewrites every stored copy once, when it runs.",
      "Never edit it once committed: a later change of the read model is a NEW migration (run this again).",
    ].join("\n"),
  );
}
