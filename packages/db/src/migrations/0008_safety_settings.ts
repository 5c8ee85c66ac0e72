import { type Kysely, sql } from "kysely";

/**
 * A member's safety settings (issue 13): a tag blocklist (lower-cased, at most 100, checked by the api)
 * and how NSFW images are shown to them: show (the default), blur, hide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN blocked_tags text[] NOT NULL DEFAULT '{}',
      ADD COLUMN nsfw_display text NOT NULL DEFAULT 'show'
        CONSTRAINT users_nsfw_display_check CHECK (nsfw_display IN ('show', 'blur', 'hide'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS nsfw_display, DROP COLUMN IF EXISTS blocked_tags`.execute(db);
}
