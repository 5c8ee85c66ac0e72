import { type Kysely, sql } from "kysely";

/** The columns copied, in the copy's order. */
const COPIED = [
  "id",
  "user_id",
  "withheld",
  "nsfw",
  "polybuzz_cid",
  "roleplaya_cid",
  "story_series",
  "tags",
  "search_text",
] as const;
const CHANGEABLE = COPIED.filter((column) => column !== "id");
const columns = (prefix = "") => sql.raw(COPIED.map((column) => prefix + column).join(", "));
/** An existing copy is written again only when a column differs: no new row version for a write that changed none. */
const UPDATE_WHEN_CHANGED = sql.raw(
  `ON CONFLICT (id) DO UPDATE SET ${CHANGEABLE.map((column) => `${column} = EXCLUDED.${column}`).join(", ")}
   WHERE (${CHANGEABLE.map((column) => `f.${column}`).join(", ")})
     IS DISTINCT FROM (${CHANGEABLE.map((column) => `EXCLUDED.${column}`).join(", ")})`,
);
/** Every listing's copy made, or brought up to date. */
const copyEveryListing = (db: Kysely<unknown>) =>
  sql`INSERT INTO listing_facets AS f (${columns()}) SELECT ${columns("c.")} FROM chatbots c ${UPDATE_WHEN_CHANGED}`.execute(
    db,
  );

/**
 * The tag facets' own narrow copy of each listing (issue 26): only the columns the gallery's filters read, under the
 * same names, kept by a trigger. Counting the tags of 2,000 matches read 2,000 pages of `chatbots` at 1M listings
 * (a row there carries its stored read shape and is rewritten by every score refresh, so the table is wide and
 * loose); here they are about 80 pages, and a common search's matches are found by reading on rather than by the
 * trigram bitmap of all of them (docs/performance.md). The platform identifiers are the registry's two of today: a
 * new platform's migration adds its column here too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_facets (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      withheld boolean NOT NULL,
      nsfw boolean NOT NULL,
      polybuzz_cid text,
      roleplaya_cid text,
      story_series text,
      tags text[] NOT NULL,
      search_text text NOT NULL
    )`.execute(db);
  // Filled and indexed before anything refers to chatbots: a trigger or a foreign key on it locks out its writes (not
  // its reads) until the migration commits, so the copy is made while old replicas still write (rolling upgrade).
  await copyEveryListing(db);
  await sql`CREATE INDEX listing_facets_search_trgm_idx ON listing_facets USING gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX listing_facets_tags_idx ON listing_facets USING gin (tags)`.execute(db);
  await sql`CREATE INDEX listing_facets_user_idx ON listing_facets (user_id)`.execute(db);
  // AFTER the row is written, so search_text is what chatbots' own BEFORE trigger made of it. For the columns copied
  // and what they are made from: title (search_text; a creator's new name rewrites it with `SET title = title`) and
  // the three moderation states (withheld). A score refresh leaves the copy alone.
  await sql`
    CREATE FUNCTION chatbots_copy_facets() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO listing_facets AS f (${columns()}) VALUES (${columns("NEW.")}) ${UPDATE_WHEN_CHANGED};
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER chatbots_facets AFTER INSERT OR UPDATE OF title, user_id, nsfw, polybuzz_cid, roleplaya_cid,
      story_series, tags, search_text, hidden_at, review_pending, owner_suspended ON chatbots
    FOR EACH ROW EXECUTE FUNCTION chatbots_copy_facets()`.execute(db);
  // A listing's delete takes its copy along. NOT VALID: checked below, after the copy is brought up to date.
  await sql`
    ALTER TABLE listing_facets ADD CONSTRAINT listing_facets_id_fkey FOREIGN KEY (id) REFERENCES chatbots (id)
      ON DELETE CASCADE NOT VALID`.execute(db);
  // What was written between the copy and the lock: new and changed listings, then deleted ones.
  await copyEveryListing(db);
  await sql`DELETE FROM listing_facets f WHERE NOT EXISTS (SELECT FROM chatbots c WHERE c.id = f.id)`.execute(db);
  await sql`ALTER TABLE listing_facets VALIDATE CONSTRAINT listing_facets_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS chatbots_facets ON chatbots`.execute(db);
  await sql`DROP FUNCTION IF EXISTS chatbots_copy_facets()`.execute(db);
  await sql`DROP TABLE IF EXISTS listing_facets`.execute(db);
}
