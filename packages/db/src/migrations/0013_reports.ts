import { type Kysely, sql } from "kysely";

/**
 * Reports and the moderation queue (issue 23).
 * - `reports`: one row per report (a visitor's or member's, a creator's appeal, the system's possible
 *   duplicate); at most one open report per reporter and target. Targets are kept by id without a foreign key,
 *   so a report outlives what it names (its outcome then says so).
 * - `report_targets`: the queue, one summary row per target with open reports (counts per reason, newest
 *   report), written in the same transaction as the reports, so the queue's pages never group a million rows.
 * - `moderation_decisions`: what a moderator (or the auto-hide) decided about a creator's listing or account,
 *   with the reason, shown to the creator, who may ask for one review of each.
 * - Listing and account states: `hidden_at`/`hidden_reason` (hidden by a moderator), `review_pending` (hidden
 *   by reports until a moderator looks), `owner_suspended` (its creator's account is suspended), and `withheld`,
 *   generated from the three: what every public read leaves out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN suspended_at timestamptz,
      ADD COLUMN suspension_reason text`.execute(db);
  await sql`
    ALTER TABLE chatbots
      ADD COLUMN hidden_at timestamptz,
      ADD COLUMN hidden_reason text,
      ADD COLUMN review_pending boolean NOT NULL DEFAULT false,
      ADD COLUMN owner_suspended boolean NOT NULL DEFAULT false,
      ADD COLUMN withheld boolean NOT NULL
        GENERATED ALWAYS AS (hidden_at IS NOT NULL OR review_pending OR owner_suspended) STORED`.execute(db);
  await sql`CREATE INDEX chatbots_withheld_idx ON chatbots (user_id) WHERE withheld`.execute(db);
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      target_kind text NOT NULL CONSTRAINT reports_target_kind_check CHECK (target_kind IN ('listing', 'profile')),
      target_id uuid NOT NULL,
      reporter text NOT NULL,
      reporter_weight int NOT NULL DEFAULT 1,
      reason text NOT NULL CONSTRAINT reports_reason_check CHECK (reason IN
        ('mislabelled', 'stolen', 'broken_link', 'illegal', 'spam', 'other', 'appeal', 'duplicate')),
      details text,
      original_url text,
      related_id uuid,
      status text NOT NULL DEFAULT 'open' CONSTRAINT reports_status_check CHECK (status IN ('open', 'closed')),
      outcome text,
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports (target_kind, target_id, reporter)
      WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_open_target_idx ON reports (target_id, created_at DESC) WHERE status = 'open'`.execute(
    db,
  );
  await sql`CREATE INDEX reports_reporter_idx ON reports (reporter, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE report_targets (
      target_kind text NOT NULL,
      target_id uuid NOT NULL,
      open_count int NOT NULL DEFAULT 0,
      reason_counts jsonb NOT NULL DEFAULT '{}',
      last_report_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (target_kind, target_id)
    )`.execute(db);
  await sql`CREATE INDEX report_targets_queue_idx ON report_targets (last_report_at DESC, target_id DESC)`.execute(db);
  await sql`
    CREATE TABLE moderation_decisions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chatbot_id uuid REFERENCES chatbots (id) ON DELETE CASCADE,
      kind text NOT NULL CONSTRAINT moderation_decisions_kind_check CHECK (kind IN
        ('hidden', 'autoHidden', 'restored', 'markedNsfw', 'edited', 'suspended', 'lifted')),
      reason text,
      appealed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX moderation_decisions_user_idx ON moderation_decisions (user_id, created_at DESC)`.execute(db);
  // Listings already listed by another creator under the same platform identifier enter the queue now.
  await sql`
    WITH pairs AS (
      SELECT DISTINCT ON (later.id) later.id AS id, earlier.id AS related_id
      FROM chatbots later JOIN chatbots earlier
        ON earlier.user_id <> later.user_id AND earlier.created_at <= later.created_at AND earlier.id <> later.id
       AND ((later.polybuzz_cid IS NOT NULL AND later.polybuzz_cid = earlier.polybuzz_cid)
         OR (later.roleplaya_cid IS NOT NULL AND later.roleplaya_cid = earlier.roleplaya_cid))
      ORDER BY later.id, earlier.created_at
    ), inserted AS (
      INSERT INTO reports (target_kind, target_id, reporter, reason, related_id)
      SELECT 'listing', id, 'system:duplicate', 'duplicate', related_id FROM pairs
      RETURNING target_id
    )
    INSERT INTO report_targets (target_kind, target_id, open_count, reason_counts)
    SELECT 'listing', target_id, 1, '{"duplicate": 1}' FROM inserted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS moderation_decisions, report_targets, reports`.execute(db);
  await sql`
    ALTER TABLE chatbots DROP COLUMN IF EXISTS withheld, DROP COLUMN IF EXISTS owner_suspended,
      DROP COLUMN IF EXISTS review_pending, DROP COLUMN IF EXISTS hidden_reason, DROP COLUMN IF EXISTS hidden_at`.execute(
    db,
  );
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS suspension_reason, DROP COLUMN IF EXISTS suspended_at`.execute(db);
}
