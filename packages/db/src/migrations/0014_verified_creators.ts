import { type Kysely, sql } from "kysely";

/**
 * Verified creators (issue 23, item 6): a creator asks with a short text and 1-5 links, a moderator checks
 * them by hand and approves or denies (with a reason), and may later withdraw the mark. `users.verified_at`
 * is the mark itself (a public column: the listings' stored shape shows it); the requests keep the history.
 * One pending request per creator, enforced by a partial unique index so two racing requests cannot both land.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN verified_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE verification_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      text text NOT NULL CONSTRAINT verification_requests_text_check CHECK (char_length(text) BETWEEN 1 AND 500),
      links text[] NOT NULL CONSTRAINT verification_requests_links_check CHECK (cardinality(links) BETWEEN 1 AND 5),
      status text NOT NULL DEFAULT 'pending'
        CONSTRAINT verification_requests_status_check CHECK (status IN ('pending', 'approved', 'denied', 'withdrawn')),
      decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
      decided_at timestamptz,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (user_id)
      WHERE status = 'pending'`.execute(db);
  // The moderators' list: pending requests, oldest first.
  await sql`
    CREATE INDEX verification_requests_pending_idx ON verification_requests (created_at, id)
      WHERE status = 'pending'`.execute(db);
  // A creator's latest request.
  await sql`CREATE INDEX verification_requests_user_idx ON verification_requests (user_id, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS verification_requests`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS verified_at`.execute(db);
}
