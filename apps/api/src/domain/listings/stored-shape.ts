import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { storedCreatorJsonSql, storedListingJsonSql } from "./read-model.js";

/**
 * The public read shape kept on the rows (migration 0009): a BEFORE INSERT OR UPDATE trigger writes each
 * listing's JSON, its creator included, into chatbots.listing_json, with the read model's own SQL
 * (read-model.ts), so a visitor's gallery page reads stored text from one table instead of building it
 * and joining the creators (issue 15, item 9: most of the database's work for a page). Every change to a
 * listing, a favourite count kept by a trigger included, passes through it. A creator's change reaches
 * their listings through users.creator_json (the creator as a listing embeds it, kept by its own
 * trigger): when it changes, their listings are rewritten in the same transaction.
 *
 * The functions are written here, at start, rather than in a migration, so the shape keeps one home: a
 * start whose read model differs from the installed one replaces the functions and rewrites every
 * copy, in one transaction, under a lock that other starting instances wait on.
 */
function triggerFunctions(): string {
  return `
    CREATE OR REPLACE FUNCTION chatbots_set_listing_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- A new owner's row is locked against a change to it until this one commits: the change's rewrite of
      -- their listings (below) would not see this row yet, so it waits for it, or this reads it once done.
      IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
        PERFORM 1 FROM users WHERE id = NEW.user_id FOR SHARE;
      END IF;
      NEW.listing_json := (SELECT ${storedListingJsonSql()} FROM (SELECT NEW.*) c);
      RETURN NEW;
    END $fn$;
    CREATE OR REPLACE FUNCTION users_set_creator_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.creator_json := (SELECT ${storedCreatorJsonSql()} FROM (SELECT NEW.*) u);
      RETURN NEW;
    END $fn$;
    CREATE OR REPLACE FUNCTION users_rewrite_listing_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- Setting the copies to NULL runs their trigger, which writes them with the creator as now.
      UPDATE chatbots SET listing_json = NULL WHERE user_id = NEW.id;
      RETURN NULL;
    END $fn$;
    CREATE OR REPLACE TRIGGER chatbots_listing_json BEFORE INSERT OR UPDATE ON chatbots
      FOR EACH ROW EXECUTE FUNCTION chatbots_set_listing_json();
    CREATE OR REPLACE TRIGGER users_creator_json BEFORE INSERT OR UPDATE ON users
      FOR EACH ROW EXECUTE FUNCTION users_set_creator_json();`;
}

/** Rewrites a creator's listings when the creator as embedded changes; created after the copies are rewritten. */
const REWRITE_ON_CREATOR_CHANGE = `
  CREATE TRIGGER users_listing_json AFTER UPDATE ON users
    FOR EACH ROW WHEN (OLD.creator_json IS DISTINCT FROM NEW.creator_json)
    EXECUTE FUNCTION users_rewrite_listing_json()`;

/** Tells the installed shape's version: its definition's hash, kept as the listing function's comment. */
const installedVersion = sql<{ version: string | null }>`
  SELECT obj_description(to_regproc('chatbots_set_listing_json'), 'pg_proc') AS version`;

/** Installs the triggers of the current read model and rewrites the stored copies when it changed. */
export async function installStoredReadShape(db: Db): Promise<void> {
  const functions = triggerFunctions();
  const definition = functions + REWRITE_ON_CREATOR_CHANGE;
  const version = createHash("sha256").update(definition).digest("hex");
  const current = async (executor: Db) => (await installedVersion.execute(executor)).rows[0]?.version;
  if ((await current(db)) === version) return;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('gallery stored read shape'))`.execute(trx);
    // Another instance may have installed the same version while this one waited.
    if ((await current(trx)) === version) return;
    // Without the creator trigger while every copy is rewritten: each listing once, not once per creator too.
    await sql`DROP TRIGGER IF EXISTS users_listing_json ON users`.execute(trx);
    await sql.raw(functions).execute(trx);
    await sql.raw(`COMMENT ON FUNCTION chatbots_set_listing_json() IS '${version}'`).execute(trx);
    // Setting the copies to NULL runs the triggers, which write them afresh.
    await sql`UPDATE users SET creator_json = NULL`.execute(trx);
    await sql`UPDATE chatbots SET listing_json = NULL`.execute(trx);
    await sql.raw(REWRITE_ON_CREATOR_CHANGE).execute(trx);
  });
}
