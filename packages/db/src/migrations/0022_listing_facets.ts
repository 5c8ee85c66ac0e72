import { type Kysely, sql } from "kysely";

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
  await sql`
    INSERT INTO listing_facets (id, user_id, withheld, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, search_text)
    SELECT id, user_id, withheld, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, search_text FROM chatbots`.execute(
    db,
  );
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
      INSERT INTO listing_facets AS f
        (id, user_id, withheld, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, search_text)
      VALUES (NEW.id, NEW.user_id, NEW.withheld, NEW.nsfw, NEW.polybuzz_cid, NEW.roleplaya_cid, NEW.story_series,
        NEW.tags, NEW.search_text)
      ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, withheld = EXCLUDED.withheld, nsfw = EXCLUDED.nsfw,
        polybuzz_cid = EXCLUDED.polybuzz_cid, roleplaya_cid = EXCLUDED.roleplaya_cid,
        story_series = EXCLUDED.story_series, tags = EXCLUDED.tags, search_text = EXCLUDED.search_text
      WHERE (f.user_id, f.withheld, f.nsfw, f.polybuzz_cid, f.roleplaya_cid, f.story_series, f.tags, f.search_text)
        IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.withheld, EXCLUDED.nsfw, EXCLUDED.polybuzz_cid,
          EXCLUDED.roleplaya_cid, EXCLUDED.story_series, EXCLUDED.tags, EXCLUDED.search_text);
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
  await sql`
    INSERT INTO listing_facets AS f
      (id, user_id, withheld, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, search_text)
    SELECT c.id, c.user_id, c.withheld, c.nsfw, c.polybuzz_cid, c.roleplaya_cid, c.story_series, c.tags, c.search_text
    FROM chatbots c
    ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, withheld = EXCLUDED.withheld, nsfw = EXCLUDED.nsfw,
      polybuzz_cid = EXCLUDED.polybuzz_cid, roleplaya_cid = EXCLUDED.roleplaya_cid,
      story_series = EXCLUDED.story_series, tags = EXCLUDED.tags, search_text = EXCLUDED.search_text
    WHERE (f.user_id, f.withheld, f.nsfw, f.polybuzz_cid, f.roleplaya_cid, f.story_series, f.tags, f.search_text)
      IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.withheld, EXCLUDED.nsfw, EXCLUDED.polybuzz_cid,
        EXCLUDED.roleplaya_cid, EXCLUDED.story_series, EXCLUDED.tags, EXCLUDED.search_text)`.execute(db);
  await sql`DELETE FROM listing_facets f WHERE NOT EXISTS (SELECT FROM chatbots c WHERE c.id = f.id)`.execute(db);
  await sql`ALTER TABLE listing_facets VALIDATE CONSTRAINT listing_facets_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS chatbots_facets ON chatbots`.execute(db);
  await sql`DROP FUNCTION IF EXISTS chatbots_copy_facets()`.execute(db);
  await sql`DROP TABLE IF EXISTS listing_facets`.execute(db);
}
