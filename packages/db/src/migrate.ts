import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely";
import { migrations } from "./migrations/index.js";

/**
 * Migrations run in their names' order. New ones are named by their UTC timestamp, so a branch merged after
 * a newer migration already ran on a database can bring an older name: that one still runs (unordered
 * migrations are allowed), after the ones already applied. Hand-written migrations therefore never assume
 * a migration whose timestamp is newer than their own, and each generated migration installs its copies
 * and triggers whole, so whichever generated migration runs last leaves the declared state.
 */
export function createMigrator(db: Kysely<any>, list: Record<string, Migration> = migrations): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => list }, allowUnorderedMigrations: true });
}

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return result;
}
