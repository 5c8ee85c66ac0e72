// `pnpm gen` (the api's `gen:migrations`): when a declared database copy, trigger or index (generated-migrations.ts)
// differs from what the newest migration holding it installs, writes a NEW migration of packages/db named by the
// UTC time with the parts that changed, and regenerates the migrations' index. Writes nothing when nothing changed.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { INDEX_FILE, migrationNames, migrationTimestamp, renderMigrationIndex } from "@gallery/db/migration-index";
import { changedParts, MIGRATIONS_DIR, renderGeneratedMigration } from "./generated-migrations.js";

const changed = await changedParts();
if (changed.length === 0) {
  console.log("The generated migrations are up to date: every declared copy, trigger and index is installed.");
} else {
  const name = `${migrationTimestamp()}_generated`;
  const file = path.join(MIGRATIONS_DIR, `${name}.ts`);
  if (existsSync(file)) {
    console.error(`${file} exists already: run this again in a minute`);
    process.exit(1);
  }
  writeFileSync(file, renderGeneratedMigration(changed));
  writeFileSync(INDEX_FILE, renderMigrationIndex(migrationNames()));
  console.log(
    [
      `Wrote ${path.relative(path.resolve(import.meta.dirname, "../../.."), file)} (${changed.map(({ part }) => part.key).join(", ")}) and the index: commit both.`,
      "Never edit it once committed: a later change of a declaration is a NEW migration (run `pnpm gen` again).",
    ].join("\n"),
  );
}
