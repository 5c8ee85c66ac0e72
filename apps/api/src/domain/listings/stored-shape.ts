import {
  storedCreatorColumns,
  storedCreatorJsonSql,
  storedListingColumns,
  storedListingJsonSql,
} from "./read-model.js";

/**
 * The public read shape kept on the rows: a trigger writes each listing's
 * JSON, its creator included, into chatbots.listing_json, with the read model's own SQL (read-model.ts), so a
 * visitor's gallery page reads stored text from one table instead of building it and joining the creators
 * (issue 15, item 9: most of the database's work for a page). Every change to a column the shape reads, a
 * favourite count kept by a trigger included, passes through it. A creator's change reaches their listings
 * through users.creator_json (the creator as a listing embeds it, kept by its own trigger): when it changes,
 * their listings are rewritten in the same transaction.
 *
 * The SQL is written here from the read model and reaches the database only as a committed migration
 * (`pnpm gen`, scripts/generate-migrations.ts): a change of the read model is a new migration, reviewed like any
 * other, that replaces the functions and rewrites every copy once.
 */
export interface StoredShapeSql {
  /** The trigger functions and the BEFORE triggers that write the copies. */
  functions: string;
  /** The trigger that rewrites a creator's listings when the creator as embedded changes. */
  rewriteOnCreatorChange: string;
}

export function storedShapeSql(): StoredShapeSql {
  // Setting a copy to NULL (the rewrites do) runs its trigger too.
  const listingColumns = [...storedListingColumns, "listing_json"].join(", ");
  const creatorColumns = [...storedCreatorColumns, "creator_json"].join(", ");
  const functions = `
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
  -- Their rows locked in id order first, as every write of many listings does (row-locks.ts), so the
  -- update below cannot deadlock with another such write (the popularity refresh).
  PERFORM 1 FROM chatbots WHERE user_id = NEW.id ORDER BY id FOR UPDATE;
  -- Setting the copies to NULL runs their trigger, which writes them with the creator as now.
  UPDATE chatbots SET listing_json = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END $fn$;
CREATE OR REPLACE TRIGGER chatbots_listing_json BEFORE INSERT OR UPDATE OF ${listingColumns} ON chatbots
  FOR EACH ROW EXECUTE FUNCTION chatbots_set_listing_json();
CREATE OR REPLACE TRIGGER users_creator_json BEFORE INSERT OR UPDATE OF ${creatorColumns} ON users
  FOR EACH ROW EXECUTE FUNCTION users_set_creator_json();
`;
  const rewriteOnCreatorChange = `
CREATE TRIGGER users_listing_json AFTER UPDATE OF ${storedCreatorColumns.join(", ")} ON users
  FOR EACH ROW WHEN (OLD.creator_json IS DISTINCT FROM NEW.creator_json)
  EXECUTE FUNCTION users_rewrite_listing_json();
`;
  return { functions, rewriteOnCreatorChange };
}
