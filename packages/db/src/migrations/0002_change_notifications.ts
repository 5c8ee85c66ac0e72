import { type Kysely, sql } from "kysely";

/**
 * Every api instance keeps short-lived copies of public gallery pages. These triggers tell all of
 * them (LISTEN gallery_changed) when what those pages show may have changed: any change to listings
 * or users, and a session ending (sign-out, expiry), whoever made it (another instance, a CLI, psql).
 * NOTIFY is sent on commit, and one statement sends one notification however many rows it touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
  // Sessions are written at every sign-in; only their end can make a copy wrong (a member page for a signed-out cookie).
  await sql`
    CREATE TRIGGER session_notify_ended AFTER DELETE OR TRUNCATE ON session
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS session_notify_ended ON session`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_notify_changed ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS chatbots_notify_changed ON chatbots`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_gallery_changed`.execute(db);
}
