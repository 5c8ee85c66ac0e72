import { type Kysely, sql } from "kysely";

/**
 * The under-18 rule and creators' e-mail (issue 23): a member's private date of birth (`birth_date`, asked once
 * before the first NSFW picture; no call returns it) and whether signed-in members see their e-mail
 * (`show_email`, default on as before). The date of birth changes only who a session is (a `viewers` change,
 * like the safety settings of 0008/0010); showing the e-mail or not changes what members are shown (`shapes`).
 */
const PRIVATE_COLUMNS = ["blocked_tags", "nsfw_display", "birth_date", "updated_at"];
const publicPart = (row: "OLD" | "NEW") => `to_jsonb(${row}) - ${PRIVATE_COLUMNS.map((c) => `'${c}'`).join(" - ")}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN birth_date date,
      ADD COLUMN show_email boolean NOT NULL DEFAULT true`.execute(db);
  await sql`DROP TRIGGER users_notify_public_update ON users`.execute(db);
  await sql`DROP TRIGGER users_notify_settings ON users`.execute(db);
  await sql
    .raw(`
    CREATE TRIGGER users_notify_public_update AFTER UPDATE ON users FOR EACH ROW
    WHEN ((${publicPart("OLD")}) IS DISTINCT FROM (${publicPart("NEW")}))
    EXECUTE FUNCTION notify_gallery_change_kind('shapes')`)
    .execute(db);
  await sql`
    CREATE TRIGGER users_notify_settings AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.blocked_tags IS DISTINCT FROM NEW.blocked_tags OR OLD.nsfw_display IS DISTINCT FROM NEW.nsfw_display
      OR OLD.birth_date IS DISTINCT FROM NEW.birth_date)
    EXECUTE FUNCTION notify_gallery_change_kind('viewers')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const previous = ["blocked_tags", "nsfw_display", "updated_at"];
  const part = (row: string) => `to_jsonb(${row}) - ${previous.map((c) => `'${c}'`).join(" - ")}`;
  await sql`DROP TRIGGER IF EXISTS users_notify_public_update ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_notify_settings ON users`.execute(db);
  await sql
    .raw(`
    CREATE TRIGGER users_notify_public_update AFTER UPDATE ON users FOR EACH ROW
    WHEN ((${part("OLD")}) IS DISTINCT FROM (${part("NEW")}))
    EXECUTE FUNCTION notify_gallery_change_kind('shapes')`)
    .execute(db);
  await sql`
    CREATE TRIGGER users_notify_settings AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.blocked_tags IS DISTINCT FROM NEW.blocked_tags OR OLD.nsfw_display IS DISTINCT FROM NEW.nsfw_display)
    EXECUTE FUNCTION notify_gallery_change_kind('viewers')`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS show_email, DROP COLUMN IF EXISTS birth_date`.execute(db);
}
