import { type Kysely, sql } from "kysely";

/**
 * Rate-limit counters shared by every api instance: one row per key (route and caller), holding the
 * count of its current window and when that window ends. An upsert per request counts atomically; a
 * row whose window has ended is reset by the next hit or removed by the periodic clean-up.
 * UNLOGGED: counters are not worth WAL writes; after a crash PostgreSQL empties the table, which only
 * restarts the windows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db);
}
