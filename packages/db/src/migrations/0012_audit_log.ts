import { type Kysely, sql } from "kysely";

/**
 * The moderators' audit log (issue 23): one row per moderator action, who, what, when and a short
 * before/after. It names people and listings by value (id and the name they had), with no foreign key, so
 * an entry outlives what it names; a trigger refuses every UPDATE and DELETE, so no code path can edit one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      moderator_id uuid,
      moderator_name text NOT NULL,
      action text NOT NULL,
      target_kind text NOT NULL CONSTRAINT audit_log_target_kind_check
        CHECK (target_kind IN ('listing', 'user', 'report', 'job')),
      target_id text,
      target_label text NOT NULL,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`CREATE INDEX audit_log_moderator_idx ON audit_log (moderator_id, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target_id, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit log entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_immutable()`.execute(db);
}
