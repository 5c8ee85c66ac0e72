// `pnpm bench` and `pnpm bench:moderation`, issue 23: the moderation queue and the audit log at scale.
import pg from "pg";

/** How many reports (a tenth of them still open) and audit entries the rows are measured with. */
export const REPORTS = 1_000_000;
export const AUDIT_ENTRIES = 100_000;

const REASONS = "ARRAY['mislabelled','stolen','broken_link','illegal','spam','other']";
const ACTIONS =
  "ARRAY['user.approve','listing.edit','listing.hide','listing.restore','report.dismiss','listing.markNsfw','user.suspend','listing.delete']";

/**
 * Seeds the reports over the seeded listings (ten each, one open in ten), the queue's summary rows as the
 * api keeps them, and the audit entries, with set-based SQL; makes `moderatorId` a super admin.
 */
export async function seedModeration(databaseUrl: string, moderatorId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("UPDATE users SET is_admin = true, is_super_admin = true WHERE id = $1", [moderatorId]);
    await client.query(
      `WITH targets AS (SELECT id, (row_number() OVER (ORDER BY id)) - 1 AS n FROM chatbots),
            size AS (SELECT count(*) AS total FROM targets)
       INSERT INTO reports (target_kind, target_id, reporter, reporter_weight, reason, details, status, outcome, closed_at, created_at)
       SELECT 'listing', t.id, 'visitor:' || md5(g::text), 1, (${REASONS})[1 + g % 6],
              CASE WHEN g % 3 = 0 THEN 'bench report ' || g END,
              CASE WHEN g % 10 = 0 THEN 'open' ELSE 'closed' END,
              CASE WHEN g % 10 = 0 THEN NULL ELSE 'dismissed' END,
              CASE WHEN g % 10 = 0 THEN NULL ELSE now() END,
              now() - make_interval(secs => g)
       FROM generate_series(1, $1::int) AS g CROSS JOIN size
       JOIN targets t ON t.n = (g::bigint * 7919) % size.total`,
      [REPORTS],
    );
    await client.query(
      `INSERT INTO report_targets (target_kind, target_id, open_count, reason_counts, last_report_at)
       SELECT target_kind, target_id, sum(n)::int, jsonb_object_agg(reason, n), max(last)
       FROM (SELECT target_kind, target_id, reason, count(*) AS n, max(created_at) AS last
             FROM reports WHERE status = 'open' GROUP BY 1, 2, 3) per_reason
       GROUP BY 1, 2
       ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `INSERT INTO audit_log (at, moderator_id, moderator_name, action, target_kind, target_id, target_label, before, after)
       SELECT now() - make_interval(secs => g), $2::uuid, 'Bench Moderator', (${ACTIONS})[1 + g % 8], 'listing',
              md5(g::text), 'Listing ' || g, '{"hidden": false}', '{"hidden": true}'
       FROM generate_series(1, $1::int) AS g`,
      [AUDIT_ENTRIES, moderatorId],
    );
    await client.query("ANALYZE reports; ANALYZE report_targets; ANALYZE audit_log");
  } finally {
    await client.end();
  }
}

/** The queue's and the audit log's first pages (a super admin's reads: never a shared copy). */
export function moderationScenarios(moderatorCookie: string) {
  const cookie = moderatorCookie;
  return [
    { name: "moderation queue, first page (1M reports)", path: "/api/admin/queue", cookie, onlyLargest: true },
    { name: "audit log, first page (100k entries)", path: "/api/admin/audit-log", cookie, onlyLargest: true },
    {
      name: "audit log, one action's first page",
      path: "/api/admin/audit-log?action=listing.hide",
      cookie,
      onlyLargest: true,
    },
  ];
}
