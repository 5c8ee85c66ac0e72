import { type Kysely, type RawBuilder, sql } from "kysely";

/**
 * Platform links lead only to their platform (issue 36): from now on a listing's platform URL is refused on create
 * and edit unless its host is one of the platform's hosts or a subdomain of one, and `/go` never redirects
 * elsewhere. The listings already holding a link to another host enter the moderation queue: one open
 * "Broken link" report each, from the system (`system:foreign-link`), its details naming each field and the host it
 * leads to, counted in the target's queue row as `openReport` counts (domain/moderation/open-report.ts).
 *
 * The hosts below are a FROZEN COPY of PLATFORM_REGISTRY's hosts (packages/schema/src/platforms.ts) as they were
 * when this migration was written, and the columns are named, not derived: a migration must do the same thing
 * on every database whenever it runs, so it does not follow later changes to the registry (a new host there
 * needs no migration; a removed one would need a new one).
 *
 * A link is proper as the app's rule reads it (platforms.ts, linkHost): `http(s)://`, a plain host name on a
 * platform host, an optional port, then a path, a query, a fragment or nothing; no backslash, space or
 * control character anywhere.
 */
const FROZEN_PLATFORM_LINKS = [
  { column: "polybuzz_url", label: "Polybuzz URL", hosts: ["polybuzz.ai"] },
  { column: "roleplaya_url", label: "Roleplaya URL", hosts: ["roleplaya.com"] },
] as const;

const REPORTER = "system:foreign-link";

/** The pattern of a proper link on one of the hosts (PostgreSQL regular expression, matched without case). */
const properLink = (hosts: readonly string[]) =>
  `^https?://([a-z0-9.-]*\\.)?(${hosts.map((host) => host.replaceAll(".", "\\.")).join("|")})(:[0-9]{1,5})?([/?#]|$)`;

/** 'Polybuzz URL leads to evil.example, not polybuzz.ai' when the column holds a foreign link, else NULL. */
function foreignLinkNote(link: (typeof FROZEN_PLATFORM_LINKS)[number]): RawBuilder<string | null> {
  const url = sql.raw(`c.${link.column}`);
  // The address part as written (credentials and all), for the moderator to see; cut to a readable length.
  const written = sql`left(substring(${url} from '^[A-Za-z][A-Za-z0-9+.-]*:/*([^/?#]*)'), 200)`;
  return sql<string | null>`CASE WHEN ${url} IS NOT NULL AND NOT (
      strpos(${url}, chr(92)) = 0 AND ${url} !~ '[[:space:][:cntrl:]]' AND ${url} ~* ${sql.lit(properLink(link.hosts))}
    ) THEN ${sql.lit(link.label)} || ' leads to ' || COALESCE(NULLIF(${written}, ''), 'an address with no host')
      || ${sql.lit(`, not ${link.hosts.join(" or ")}`)} END`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const notes = FROZEN_PLATFORM_LINKS.map(foreignLinkNote);
  await sql`
    WITH foreign_links AS (
      SELECT c.id, concat_ws('; ', ${sql.join(notes)}) AS details
      FROM chatbots c
      WHERE ${sql.join(notes, sql` IS NOT NULL OR `)} IS NOT NULL
    ), inserted AS (
      INSERT INTO reports (target_kind, target_id, reporter, reason, details)
      SELECT 'listing', id, ${sql.lit(REPORTER)}, 'broken_link', details FROM foreign_links
      ON CONFLICT (target_kind, target_id, reporter) WHERE status = 'open' DO NOTHING
      RETURNING target_id
    )
    INSERT INTO report_targets AS t (target_kind, target_id, open_count, reason_counts)
    SELECT 'listing', target_id, 1, '{"broken_link": 1}'::jsonb FROM inserted
    ON CONFLICT (target_kind, target_id) DO UPDATE SET
      open_count = t.open_count + 1,
      reason_counts = t.reason_counts
        || jsonb_build_object('broken_link', COALESCE((t.reason_counts ->> 'broken_link')::int, 0) + 1),
      last_report_at = now()`.execute(db);
}

/** Takes the open reports this migration opened out of the queue again, as if each were withdrawn. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    WITH withdrawn AS (
      DELETE FROM reports WHERE reporter = ${sql.lit(REPORTER)} AND status = 'open' RETURNING target_kind, target_id
    )
    UPDATE report_targets t SET
      open_count = t.open_count - 1,
      reason_counts = CASE WHEN (t.reason_counts ->> 'broken_link')::int > 1
        THEN t.reason_counts || jsonb_build_object('broken_link', (t.reason_counts ->> 'broken_link')::int - 1)
        ELSE t.reason_counts - 'broken_link' END
    FROM withdrawn w
    WHERE t.target_kind = w.target_kind AND t.target_id = w.target_id`.execute(db);
  await sql`DELETE FROM report_targets WHERE open_count <= 0`.execute(db);
}
