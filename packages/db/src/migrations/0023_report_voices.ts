import { type Kysely, sql } from "kysely";

/**
 * One person is one voice (issue 36): what a report needs to weigh towards hiding a listing before review.
 * - `users.email_verified`: whether the identity provider said the member's e-mail is verified at their last
 *   sign-in (rows from before this migration read false until the member signs in again);
 * - `reports.reporter_address` and `reports.reporter_network`: keyed hashes, with the day's salt of the click
 *   counts (listing_stats_salts), of the reporter's address and of its network (/24 for IPv4, /48 for IPv6),
 *   never the address itself. They cap reports per address and tell reports from one address or network apart
 *   (the queue's "possibly coordinated"). Reports from before have none: each counts as its own address.
 * A visitor's report no longer weighs towards hiding: the open ones already in are set to 0 as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE reports ADD COLUMN reporter_address bytea, ADD COLUMN reporter_network bytea`.execute(db);
  // The hourly cap per address counts an address's reports of the last hour.
  await sql`CREATE INDEX reports_address_idx ON reports (reporter_address, created_at DESC)
    WHERE reporter_address IS NOT NULL`.execute(db);
  await sql`UPDATE reports SET reporter_weight = 0 WHERE reporter LIKE 'visitor:%' AND reporter_weight <> 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reports_address_idx`.execute(db);
  await sql`ALTER TABLE reports DROP COLUMN IF EXISTS reporter_network, DROP COLUMN IF EXISTS reporter_address`.execute(
    db,
  );
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS email_verified`.execute(db);
}
