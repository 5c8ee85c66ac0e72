import { type Kysely, sql } from "kysely";

/**
 * Says what a change changed (the NOTIFY payload, read by changes.ts): `shapes` when what a public read
 * shows may differ (a listing, a creator as shown, an account appearing or going), `viewers` when only who
 * a session is may differ (a session ended, a member's own safety settings). A sign-in writes nothing
 * public: a row updated to the same values, or only in a member's own columns, says `viewers` or nothing,
 * so it no longer drops every shared copy on every instance (0002 notified on any write to users).
 */
const PRIVATE_COLUMNS = ["blocked_tags", "nsfw_display", "updated_at"];
const publicPart = (row: "OLD" | "NEW") => `to_jsonb(${row}) - ${PRIVATE_COLUMNS.map((c) => `'${c}'`).join(" - ")}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_gallery_change_kind() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- One notification per transaction and kind: PostgreSQL folds identical payloads.
      PERFORM pg_notify('gallery_changed', TG_ARGV[0]);
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER chatbots_notify_changed ON chatbots`.execute(db);
  await sql`DROP TRIGGER users_notify_changed ON users`.execute(db);
  await sql`DROP TRIGGER session_notify_ended ON session`.execute(db);
  await sql`DROP FUNCTION notify_gallery_changed`.execute(db);
  await sql`
    CREATE TRIGGER chatbots_notify_shapes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chatbots
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);
  await sql`
    CREATE TRIGGER users_notify_shapes AFTER INSERT OR DELETE OR TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);
  // Row by row, comparing values: an update that leaves every public column as it was says nothing public.
  await sql
    .raw(`
    CREATE TRIGGER users_notify_public_update AFTER UPDATE ON users FOR EACH ROW
    WHEN ((${publicPart("OLD")}) IS DISTINCT FROM (${publicPart("NEW")}))
    EXECUTE FUNCTION notify_gallery_change_kind('shapes')`)
    .execute(db);
  await sql`
    CREATE TRIGGER users_notify_settings AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.blocked_tags IS DISTINCT FROM NEW.blocked_tags OR OLD.nsfw_display IS DISTINCT FROM NEW.nsfw_display)
    EXECUTE FUNCTION notify_gallery_change_kind('viewers')`.execute(db);
  // Sessions are written at every sign-in and renewal; only their end changes who a cookie is.
  await sql`
    CREATE TRIGGER session_notify_ended AFTER DELETE OR TRUNCATE ON session
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('viewers')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ["chatbots_notify_shapes", "chatbots"],
    ["users_notify_shapes", "users"],
    ["users_notify_public_update", "users"],
    ["users_notify_settings", "users"],
    ["session_notify_ended", "session"],
  ] as const) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS notify_gallery_change_kind`.execute(db);
  await sql`
    CREATE FUNCTION notify_gallery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('gallery_changed', TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER chatbots_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chatbots
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_changed()`.execute(db);
  await sql`
    CREATE TRIGGER users_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_changed()`.execute(db);
  await sql`
    CREATE TRIGGER session_notify_ended AFTER DELETE OR TRUNCATE ON session
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_changed()`.execute(db);
}
