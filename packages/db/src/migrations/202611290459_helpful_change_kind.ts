import { type Kysely, sql } from "kysely";

/**
 * A helpful mark changes only what the reads showing helpful marks show (issue 38 "Show it": every mark dropped
 * every shared copy, the gallery's included). An update of `reviews` that changes nothing but `helpful_count` (what
 * review_helpful_votes' trigger writes) now says `helpful` (changes.ts ChangeKind); any other change of a review
 * (its stars, text, reply, hiding, its author's suspension, a new or deleted review) says `shapes` as before. The
 * rows are compared whole, less that one column, so a column added later says `shapes` without anyone listing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER reviews_notify_shapes ON reviews`.execute(db);
  await sql`
    CREATE TRIGGER reviews_notify_shapes AFTER INSERT OR DELETE OR TRUNCATE ON reviews
      FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);
  await sql`
    CREATE FUNCTION reviews_notify_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF EXISTS (
        SELECT FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL OR (to_jsonb(o) - 'helpful_count') IS DISTINCT FROM (to_jsonb(n) - 'helpful_count')
      ) THEN
        PERFORM pg_notify('gallery_changed', 'shapes');
      ELSIF EXISTS (SELECT FROM new_rows) THEN
        PERFORM pg_notify('gallery_changed', 'helpful');
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER reviews_notify_update AFTER UPDATE ON reviews
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION reviews_notify_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS reviews_notify_update ON reviews`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reviews_notify_update()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reviews_notify_shapes ON reviews`.execute(db);
  await sql`
    CREATE TRIGGER reviews_notify_shapes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
      FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);
}
