import { type Kysely, sql } from "kysely";

/**
 * Background jobs of the super admin's image tools (migrate, repair). A job's row is its whole state,
 * so any api process can carry it on: where it stopped (`checkpoint`), what it counted, and who runs it
 * now (`lease_owner` until `lease_until`, renewed while it runs; an expired lease means that process died).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE maintenance_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
      checkpoint jsonb,
      done integer NOT NULL DEFAULT 0,
      total integer,
      counts jsonb NOT NULL DEFAULT '{}',
      error text,
      error_retryable boolean NOT NULL DEFAULT false,
      lease_owner text,
      lease_until timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  // At most one running job: a second start fails on this index, whichever process tries.
  await sql`CREATE UNIQUE INDEX maintenance_jobs_one_running ON maintenance_jobs ((true)) WHERE status = 'running'`.execute(
    db,
  );
  await sql`CREATE INDEX maintenance_jobs_newest_idx ON maintenance_jobs (created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS maintenance_jobs`.execute(db);
}
