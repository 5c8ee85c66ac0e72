// `pnpm --filter @gallery/db gen` (part of the root `pnpm gen`): writes src/migrations/index.ts from the
// migration files in that folder; writes nothing when it is up to date.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { INDEX_FILE, migrationNames, renderMigrationIndex } from "./migration-index.js";

const text = renderMigrationIndex(migrationNames());
if (existsSync(INDEX_FILE) && readFileSync(INDEX_FILE, "utf8") === text) {
  console.log("packages/db/src/migrations/index.ts is up to date");
} else {
  writeFileSync(INDEX_FILE, text);
  console.log("wrote packages/db/src/migrations/index.ts");
}
