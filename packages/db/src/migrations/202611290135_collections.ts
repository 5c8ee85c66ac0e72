import { type Kysely, sql } from "kysely";

/**
 * Collections (issue 38 §2): a member's named lists of listings, in an order they choose by hand, public or private.
 * - `collections`: the owner, a title (1-80 characters), a description (at most 500), whether it is public, when it
 *   was made and last changed. Its page's slug is derived from the title when asked (packages/schema
 *   collections.ts `collectionPath`, as a listing's), never stored, so a renamed collection's old links redirect.
 * - `collection_items`: one row per collection and listing (a listing at most once per collection: the key), its
 *   place in the hand order (`position`, 0 first) and when it was added. Positions never repeat within a collection
 *   (a deferred unique constraint, so one statement may renumber them all); the domain writes them under a lock on
 *   the collection's row, so concurrent adds and reorders take turns and the positions stay 0..n-1.
 * The limits (items per collection, collections per member) are the domain's (members/collections.ts), checked
 * under those locks. Both go with their owner, a collection's items with it, an item with its listing (cascades).
 * Only a change the sitemap shows notifies `shapes` (below); items never do (no shared copy shows them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title text NOT NULL CONSTRAINT collections_title_length CHECK (char_length(title) BETWEEN 1 AND 80),
      description text CONSTRAINT collections_description_length CHECK (char_length(description) <= 500),
      is_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // A member's collections, newest first (their menu and their profile's list).
  await sql`CREATE INDEX collections_user_idx ON collections (user_id, created_at DESC, id DESC)`.execute(db);
  // The sitemap's keyset over public collections by id.
  await sql`CREATE INDEX collections_public_idx ON collections (id) WHERE is_public`.execute(db);

  await sql`
    CREATE TABLE collection_items (
      collection_id uuid NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
      chatbot_id uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
      position integer NOT NULL CONSTRAINT collection_items_position_check CHECK (position >= 0),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (collection_id, chatbot_id),
      CONSTRAINT collection_items_position_unique UNIQUE (collection_id, position) DEFERRABLE INITIALLY DEFERRED
    )`.execute(db);
  // A listing's delete cascades through this index; "which of my collections hold it" reads it too.
  await sql`CREATE INDEX collection_items_chatbot_idx ON collection_items (chatbot_id)`.execute(db);

  // What the sitemap shows (public collections, their titles): a new or deleted collection, or a change of those
  // columns, says `shapes` (0010's function). An item's change touches only `updated_at` and says nothing: no shared
  // copy shows a collection's items (its page and lists of collections are never shared), so adds by one member do not
  // drop every copy the gallery's readers share (packages/db changes.ts classifies the api's own writes alike).
  await sql`
    CREATE TRIGGER collections_notify_shapes AFTER INSERT OR DELETE OR TRUNCATE ON collections
    FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);
  await sql`
    CREATE TRIGGER collections_notify_public_update AFTER UPDATE ON collections FOR EACH ROW
    WHEN ((OLD.title, OLD.is_public, OLD.user_id) IS DISTINCT FROM (NEW.title, NEW.is_public, NEW.user_id))
    EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS collection_items, collections`.execute(db);
}
