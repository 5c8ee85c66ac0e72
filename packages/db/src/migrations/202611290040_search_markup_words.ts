import { type Kysely, sql } from "kysely";

/**
 * Words inside markup-like text are words (issue 39 §1: everything the substring search found is still found).
 * PostgreSQL's text parser reads `<img src=x onerror=…>` as an HTML tag and leaves it out of a tsvector, so a
 * title holding it was no longer found by "onerror" (e2e/security.spec.ts). The document now reads `<`, `>` and
 * `&` as spaces. Only the listings whose document changes are rewritten, and their words join the word list.
 */
const documentFunction = (markupAsSpace: boolean) => {
  const text = (value: string) => (markupAsSpace ? `translate(${value}, '<>&', '   ')` : value);
  return sql.raw(`
  CREATE OR REPLACE FUNCTION chatbot_search_doc(title text, tags text[], user_id uuid, story_series text, tagline text,
    description text) RETURNS tsvector LANGUAGE sql STABLE AS $$
    SELECT setweight(to_tsvector('simple', ${text("coalesce(title, '')")}), 'A')
      || setweight(to_tsvector('simple', ${text("coalesce(array_to_string(tags, ' '), '')")}), 'B')
      || setweight(to_tsvector('simple', ${text(`concat_ws(' ', (SELECT u.search_name FROM users u WHERE u.id = user_id),
           story_series)`)}), 'C')
      || setweight(to_tsvector('simple', ${text("concat_ws(' ', tagline, description)")}), 'D')
  $$`);
};

async function rewriteDocuments(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE chatbots SET search_doc = chatbot_search_doc(title, tags, user_id, story_series, tagline, description)
    WHERE (title || array_to_string(tags, ' ') || coalesce(story_series, '') || coalesce(tagline, '')
        || coalesce(description, '')) ~ '[<>&]'
      AND search_doc IS DISTINCT FROM chatbot_search_doc(title, tags, user_id, story_series, tagline, description)`.execute(
    db,
  );
  await sql`
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM chatbots, unnest(tsvector_to_array(ts_filter(search_doc, '{a,b,c}'))) AS w
      WHERE length(w) BETWEEN 2 AND 60 AND title || array_to_string(tags, ' ') || coalesce(story_series, '') ~ '[<>&]'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await documentFunction(true).execute(db);
  await rewriteDocuments(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await documentFunction(false).execute(db);
  await rewriteDocuments(db);
}
