import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  MIGRATION_LOCK_ID,
  type Migration,
  type MigrationResultSet,
  Migrator,
  sql,
} from "kysely";
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

/** The first migration: the schema the migrations it replaced (SQUASHED) built, written once. */
export const BASELINE = "202611290851_baseline";

/** The migrations the baseline replaced, as databases they migrated recorded them (in kysely_migration). */
export const SQUASHED: readonly string[] = [
  "0001_initial",
  "0002_change_notifications",
  "0003_rate_limits",
  "0004_maintenance_jobs",
  "0005_listing_text",
  "0006_click_stats",
  "0007_favorites_follows",
  "0008_safety_settings",
  "0009_stored_read_shape",
  "0010_change_kinds",
  "0011_stored_read_shape_triggers",
  "0012_audit_log",
  "0013_reports",
  "0014_verified_creators",
  "0015_age_and_email",
  "0016_stored_read_shape_triggers",
  "0017_card_signals",
  "0018_stored_read_shape_triggers",
  "0019_api_tokens",
  "0020_stored_read_shape_triggers",
  "0021_series_newest_index",
  "0022_listing_facets",
  "0023_report_voices",
  "0024_platform_hosts",
  "202611282214_generated",
  "202611282215_search",
  "202611282329_generated",
  "202611290040_search_markup_words",
  "202611290135_collections",
  "202611290140_reviews",
  "202611290141_generated",
  "202611290151_appeal_messages",
  "202611290240_notifications",
  "202611290439_follows_by_day",
  "202611290459_helpful_change_kind",
  "202611290805_search_tiers",
  "202611290838_generated",
  "202611290850_search_lexicon",
];

/** The last commit that holds the squashed migrations: a database short of the last of them runs it once. */
export const LAST_BEFORE_BASELINE = "a5b13c2";

/** The migrations a database recorded (none when the migrator never ran on it). */
async function recorded(db: Kysely<unknown>): Promise<string[]> {
  const table = await sql<{
    found: string | null;
  }>`SELECT to_regclass(${DEFAULT_MIGRATION_TABLE})::text AS found`.execute(db);
  if (!table.rows[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map(({ name }) => name);
}

/**
 * A database the squashed migrations built (a developer's data folder, a deployment) takes the baseline in their
 * place: its schema is the baseline's, so the baseline's name replaces theirs in kysely_migration, in one
 * transaction under the migrator's own lock (another instance starting at the same time waits, then finds it
 * done). A fresh database has none of them and simply migrates; one that ran only some of them (left at an older
 * release) is refused, since the baseline cannot bring it the rest. Returns whether it adopted the baseline now.
 */
export async function adoptBaseline(db: Kysely<unknown>): Promise<boolean> {
  const squashedIn = (names: string[]) => names.filter((name) => SQUASHED.includes(name));
  if (squashedIn(await recorded(db)).length === 0) return false;
  const adapter = db.getExecutor().adapter;
  const lock = { lockTable: DEFAULT_MIGRATION_LOCK_TABLE, lockRowId: MIGRATION_LOCK_ID };
  return db.connection().execute(async (connection) => {
    await adapter.acquireMigrationLock(connection, lock);
    try {
      return await connection.transaction().execute(async (trx) => {
        const ran = squashedIn(await recorded(trx));
        if (ran.length === 0) return false;
        if (ran.length < SQUASHED.length) {
          throw new Error(
            `this database was migrated by an older release (its newest migration is ${ran.sort().at(-1)}): ` +
              `run commit ${LAST_BEFORE_BASELINE} once on it, which migrates it to ${SQUASHED.at(-1)}; ` +
              `this release then takes ${BASELINE} in place of the migrations up to that one`,
          );
        }
        const table = sql.table(DEFAULT_MIGRATION_TABLE);
        await sql`DELETE FROM ${table} WHERE name IN (${sql.join(SQUASHED)})`.execute(trx);
        await sql`INSERT INTO ${table} (name, timestamp) VALUES (${BASELINE}, ${new Date().toISOString()})`.execute(
          trx,
        );
        return true;
      });
    } finally {
      await adapter.releaseMigrationLock(connection, lock);
    }
  });
}

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(
  db: Kysely<any>,
  list: Record<string, Migration> = migrations,
): Promise<MigrationResultSet> {
  await adoptBaseline(db);
  const result = await createMigrator(db, list).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return result;
}
