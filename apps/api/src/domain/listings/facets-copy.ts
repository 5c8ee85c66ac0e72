import { LISTING_FIELDS, PLATFORMS } from "@gallery/schema";

/**
 * listing_facets, the tag facets' narrow copy of each listing (issue 26): only the
 * columns the gallery's filters read (queries.ts applyFilters), under the same names, kept by a trigger on
 * chatbots. Declared here and installed by generated migrations (`pnpm gen`, scripts/generate-migrations.ts):
 * a new platform's identifier column, or a new filterable column, is a line here or in the registry, never SQL
 * by hand. Counting the tags of 2,000 matches reads about 80 pages here against 2,000 of `chatbots` at 1M
 * listings (docs/performance.md).
 */
export interface CopiedColumn {
  /** The column, as in chatbots. */
  name: string;
  /** Its SQL type in the copy. */
  type: string;
  notNull?: true;
  /** The chatbots columns it is made from, when not only itself: the trigger fires for a change of these. */
  from?: readonly string[];
  /** Its value from a chatbots row named `row` (NEW in the trigger), when not that row's column of the same name. */
  value?: (row: string) => string;
}

/** The copy's columns besides id, in its order: the gallery's filters, each platform's identifier included. */
export const FACETS_COPY_COLUMNS: readonly CopiedColumn[] = [
  { name: "user_id", type: "uuid", notNull: true },
  // Generated on chatbots from the three moderation states, which fire the trigger.
  { name: "withheld", type: "boolean", notNull: true, from: ["hidden_at", "review_pending", "owner_suspended"] },
  { name: "nsfw", type: "boolean", notNull: true },
  // The platform filter (`<key>_cid IS NOT NULL`): one per platform in the registry.
  ...PLATFORMS.map((platform) => ({ name: `${platform}_cid`, type: "text" })),
  { name: "story_series", type: "text" },
  // The declared listing fields' filters (listing-fields.ts): one per field.
  ...LISTING_FIELDS.map((field) => ({ name: field.column, type: "text" })),
  { name: "tags", type: "text[]", notNull: true },
  // Written by chatbots' own BEFORE trigger from the title, tags and creator's name; a creator's new name rewrites
  // it with `SET title = title`.
  { name: "search_text", type: "text", notNull: true, from: ["title", "search_text"] },
  // The search's weighted document, written by chatbots' own BEFORE trigger from
  // these columns (a rename: `SET title = title`), and popularity: Best match takes its bounded candidates here in
  // popularity order (queries.ts), reading this narrow row rather than the listing's wide one.
  {
    name: "search_doc",
    type: "tsvector",
    notNull: true,
    from: ["title", "tags", "user_id", "story_series", "tagline", "description"],
  },
  { name: "popular_score", type: "integer", notNull: true },
  // The listing's popularity tier and its document with each word marked with it (table search_tiers):
  // Best match and the suggestions read the most popular matches tier by tier
  // (search-tiers.ts); the rebalancing job rewrites both when the tiers are cut again.
  {
    name: "search_tier",
    type: "smallint",
    notNull: true,
    from: ["popular_score"],
    value: (row) => `search_tier_of(${row}.popular_score, ${row}.id)`,
  },
  {
    name: "search_tiered",
    type: "tsvector",
    notNull: true,
    from: ["title", "tags", "user_id", "story_series", "tagline", "description", "popular_score"],
    value: (row) => `search_tiered(${row}.search_doc, search_tier_of(${row}.popular_score, ${row}.id))`,
  },
];

/** The copy's indexes: the search's trigram index, the tag filter's and a creator's listings. */
const FACETS_COPY_INDEXES = [
  "listing_facets_search_trgm_idx ON listing_facets USING gin (search_text gin_trgm_ops)",
  "listing_facets_tags_idx ON listing_facets USING gin (tags)",
  "listing_facets_user_idx ON listing_facets (user_id)",
  "listing_facets_search_doc_idx ON listing_facets USING gin (search_doc)",
  "listing_facets_popular_idx ON listing_facets (popular_score DESC, id DESC)",
  "listing_facets_search_tiered_idx ON listing_facets USING gin (search_tiered)",
];

/**
 * The SQL that installs the copy as declared, from any earlier declaration: missing columns added, columns no
 * longer declared dropped, the trigger function and trigger replaced, every listing's copy brought up to date,
 * then the NOT NULLs and indexes. Safe to run again.
 */
export function facetsCopySql(): string {
  const names = ["id", ...FACETS_COPY_COLUMNS.map((column) => column.name)];
  const changeable = names.slice(1);
  const list = () => names.join(", ");
  const values = (row: string) =>
    [`${row}.id`, ...FACETS_COPY_COLUMNS.map((column) => column.value?.(row) ?? `${row}.${column.name}`)].join(", ");
  // An existing copy is written again only when a column differs: no new row version for a write that changed none.
  const updateWhenChanged = [
    `ON CONFLICT (id) DO UPDATE SET ${changeable.map((name) => `${name} = EXCLUDED.${name}`).join(", ")}`,
    `    WHERE (${changeable.map((name) => `f.${name}`).join(", ")})`,
    `      IS DISTINCT FROM (${changeable.map((name) => `EXCLUDED.${name}`).join(", ")})`,
  ].join("\n");
  const fires = [...new Set(FACETS_COPY_COLUMNS.flatMap((column) => column.from ?? [column.name]))];
  const notNull = FACETS_COPY_COLUMNS.filter((column) => column.notNull);
  return `
CREATE TABLE IF NOT EXISTS listing_facets (id uuid PRIMARY KEY);
ALTER TABLE listing_facets
${FACETS_COPY_COLUMNS.map((column) => `  ADD COLUMN IF NOT EXISTS ${column.name} ${column.type}`).join(",\n")};
DO $do$
DECLARE dropped text;
BEGIN
  FOR dropped IN SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'listing_facets'
      AND column_name <> ALL (ARRAY[${names.map((name) => `'${name}'`).join(", ")}])
  LOOP
    EXECUTE format('ALTER TABLE listing_facets DROP COLUMN %I', dropped);
  END LOOP;
END $do$;
-- AFTER the row is written, so search_text is what chatbots' own BEFORE trigger made of it.
CREATE OR REPLACE FUNCTION chatbots_copy_facets() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO listing_facets AS f (${list()}) VALUES (${values("NEW")})
  ${updateWhenChanged.replaceAll("\n", "\n  ")};
  RETURN NULL;
END $fn$;
CREATE OR REPLACE TRIGGER chatbots_facets AFTER INSERT OR UPDATE OF ${fires.join(", ")} ON chatbots
  FOR EACH ROW EXECUTE FUNCTION chatbots_copy_facets();
-- Every listing's copy made, or brought up to date (a new column filled).
INSERT INTO listing_facets AS f (${list()}) SELECT ${values("c")} FROM chatbots c
${updateWhenChanged};
DELETE FROM listing_facets f WHERE NOT EXISTS (SELECT FROM chatbots c WHERE c.id = f.id);
${notNull.length > 0 ? `ALTER TABLE listing_facets\n${notNull.map((column) => `  ALTER COLUMN ${column.name} SET NOT NULL`).join(",\n")};\n` : ""}${FACETS_COPY_INDEXES.map((index) => `CREATE INDEX IF NOT EXISTS ${index};`).join("\n")}
`;
}
