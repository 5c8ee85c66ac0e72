import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { storedCreatorJsonSql, storedListingJsonSql } from "./read-model.js";

/**
 * The public read shape kept on the rows (migration 0009): BEFORE INSERT OR UPDATE triggers write each
 * listing's JSON into chatbots.listing_json and each creator's into users.creator_json, from the read
 * model's own SQL (read-model.ts), so a gallery page reads stored text instead of building it (issue 15,
 * item 9: the largest part of the database's work for a page). Every change to a row, a favourite
 * count kept by a trigger included, passes through its trigger, so the copy cannot fall behind.
 *
 * The functions are written here, at start, rather than in a migration, so the shape keeps one home: a
 * start whose read model differs from the installed one replaces the functions and rewrites every
 * copy, in one transaction, under a lock that other starting instances wait on.
 */
function triggerFunctions(): string {
  return `
    CREATE OR REPLACE FUNCTION chatbots_set_listing_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.listing_json := (SELECT ${storedListingJsonSql()} FROM (SELECT NEW.*) c);
      RETURN NEW;
    END $fn$;
    CREATE OR REPLACE FUNCTION users_set_creator_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.creator_json := (SELECT ${storedCreatorJsonSql()} FROM (SELECT NEW.*) u);
      RETURN NEW;
    END $fn$;
    CREATE OR REPLACE TRIGGER chatbots_listing_json BEFORE INSERT OR UPDATE ON chatbots
      FOR EACH ROW EXECUTE FUNCTION chatbots_set_listing_json();
    CREATE OR REPLACE TRIGGER users_creator_json BEFORE INSERT OR UPDATE ON users
      FOR EACH ROW EXECUTE FUNCTION users_set_creator_json();`;
}

/** Tells the installed shape's version: its definition's hash, kept as the listing function's comment. */
const installedVersion = sql<{ version: string | null }>`
  SELECT obj_description(to_regproc('chatbots_set_listing_json'), 'pg_proc') AS version`;

/** Installs the triggers of the current read model and rewrites the stored copies when it changed. */
export async function installStoredReadShape(db: Db): Promise<void> {
  const definition = triggerFunctions();
  const version = createHash("sha256").update(definition).digest("hex");
  const current = async (executor: Db) => (await installedVersion.execute(executor)).rows[0]?.version;
  if ((await current(db)) === version) return;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('gallery stored read shape'))`.execute(trx);
    // Another instance may have installed the same version while this one waited.
    if ((await current(trx)) === version) return;
    await sql.raw(definition).execute(trx);
    await sql.raw(`COMMENT ON FUNCTION chatbots_set_listing_json() IS '${version}'`).execute(trx);
    // Setting the copies to NULL runs the triggers, which write them afresh.
    await sql`UPDATE users SET creator_json = NULL`.execute(trx);
    await sql`UPDATE chatbots SET listing_json = NULL`.execute(trx);
  });
}
