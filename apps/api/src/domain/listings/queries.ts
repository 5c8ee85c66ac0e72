import type { Database } from "@gallery/db";
import {
  cidField,
  defaultSortFor,
  GALLERY_COUNT_CAP,
  LISTING_FIELDS,
  type ListingFieldName,
  type Platform,
  type TagCount,
} from "@gallery/schema";
import { type CompiledQuery, createQueryId, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db, Deps } from "../deps.js";
import { InvalidError, LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { decodeCursor, encodeCursor, type Page, type PageInput } from "../paging.js";
import {
  ignoringSafetySettings,
  LISTING_FACTS,
  type ListingView,
  maySeeWithheld,
  nsfwFilterOf,
  requireMayViewListing,
  requireMember,
  requireNotHiddenBySettings,
  type Viewer,
  type ViewerFacts,
  viewerFacts,
  viewerKey,
} from "../policy.js";
import { findVisibleProfile } from "../users/profile.js";
import { type ListOrder, ORDERS } from "./orders.js";
import {
  chatbotJsonSql,
  type ListedChatbot,
  type ListingPage,
  pageFromJson,
  parseChatbotJson,
  shownTo,
} from "./read-model.js";
import {
  BEST_MATCH_CANDIDATES,
  exclusionCondition,
  type PreparedSearch,
  positiveQuery,
  prepareSearch,
  relevanceKey,
  searchCondition,
  titleCondition,
} from "./search.js";
import { mostPopularByTier } from "./search-tiers.js";

/** The listing reads (who may share one copy of an answer is the call's to say: calls/chatbots.ts). */

export type { ListingPage, Page, PageInput };

/** The gallery's filters; each declared listing field (listing-fields.ts) filters on one of its values. */
export interface GalleryFilters extends Partial<Record<ListingFieldName, string | undefined>> {
  search?: string | undefined;
  platform?: Platform | undefined;
  /** true: NSFW only; false: SFW only; undefined: both (members only: visitors always get SFW only). */
  nsfw?: boolean | undefined;
  /** Listings carrying every one of these tags. */
  tags?: string[] | undefined;
  /** Listings carrying none of these tags. */
  excludeTags?: string[] | undefined;
}

interface ListFilters extends GalleryFilters, PageInput {
  /** `savedAt` (the Saved page: when `savedBy` saved each listing, newest first) needs `savedBy`. */
  sort?: ListOrder | undefined;
  userId?: string | undefined;
  storySeries?: string | undefined;
  /** Listings this member saved (favorites). */
  savedBy?: string | undefined;
  /** Listings of the creators this member follows. */
  followedBy?: string | undefined;
  /** Listings in this collection (members/collections.ts; the `position` order is its hand order). */
  inCollection?: string | undefined;
  /** Also listings withheld by moderation (the owner's own list, moderators' tools: `maySeeWithheld`). */
  includeWithheld?: boolean | undefined;
}

/** The search term taken apart and looked up (search.ts), by the read before it builds its query. */
interface Searched {
  prepared?: PreparedSearch | undefined;
  /** The rows are listing_facets': the search reads the listing's own document (chatbots). */
  searchByListing?: boolean | undefined;
}

/** The filters with their search term prepared (one lookup in the word list), when there is one. */
async function withPreparedSearch<F extends GalleryFilters>(db: Db, filters: F): Promise<F & Searched> {
  const term = filters.search?.trim();
  return term ? { ...filters, prepared: await prepareSearch(db, term) } : filters;
}

type ListQuery = SelectQueryBuilder<Database & { c: Database["chatbots"] }, "c", object>;

/** The visibility and filter conditions shared by the list and the count (the viewer's part: their ListingView). */
function applyFilters<Q extends ListQuery>(
  query: Q,
  viewer: ListingView,
  filters: Omit<ListFilters, "limit"> & Searched,
): Q {
  let q = query as ListQuery;
  // Hidden, pending review or a suspended creator's: no public list shows it (the policy's maySeeWithheld).
  if (!filters.includeWithheld) q = q.where("c.withheld", "=", sql.lit(false));
  // Visitors never receive NSFW listings, whatever they ask for; nor members whose NSFW display is Hide.
  const nsfw = nsfwFilterOf(viewer, filters.nsfw);
  if (nsfw !== undefined) q = q.where("c.nsfw", "=", sql.lit(nsfw));
  // A member's blocklist (lower-cased): no listing carrying a blocked tag, in any case, reaches them. Each tag is
  // looked up in the list (PostgreSQL hashes a long one), where lower-casing the array as text and intersecting it
  // with the list cost three times as much per row (the tag facets of 2,000 rows, docs/performance.md).
  const blocked = viewer.blockedTags;
  if (blocked.length > 0) {
    q = q.where(
      sql<boolean>`NOT EXISTS (SELECT FROM unnest(c.tags) AS t(tag) WHERE lower(t.tag) = ANY(${blocked}::text[]))`,
    );
  }
  if (filters.platform) q = q.where(`c.${cidField(filters.platform)}`, "is not", null);
  if (filters.userId) q = q.where("c.userId", "=", filters.userId);
  if (filters.storySeries !== undefined) q = q.where("c.storySeries", "=", filters.storySeries);
  // The declared listing fields (listing-fields.ts): listings with the value asked for, as a parameter.
  for (const field of LISTING_FIELDS) {
    const value = filters[field.name as ListingFieldName];
    if (value !== undefined) q = q.where(sql<boolean>`${sql.ref(`c.${field.column}`)} = ${value}`);
  }
  if (filters.prepared) {
    const found = filters.searchByListing
      ? sql<boolean>`c.id IN (SELECT s.id FROM chatbots s WHERE ${searchCondition(filters.prepared, "s")})`
      : searchCondition(filters.prepared);
    q = q.where(found);
  }
  if (filters.tags?.length) q = q.where(sql<boolean>`c.tags @> ${filters.tags}::text[]`);
  if (filters.excludeTags?.length) q = q.where(sql<boolean>`NOT (c.tags && ${filters.excludeTags}::text[])`);
  if (filters.savedBy) {
    q = q.where(sql<boolean>`c.id IN (SELECT chatbot_id FROM favorites WHERE user_id = ${filters.savedBy})`);
  }
  if (filters.followedBy) {
    q = q.where(sql<boolean>`c.user_id IN (SELECT followee_id FROM follows WHERE follower_id = ${filters.followedBy})`);
  }
  if (filters.inCollection) {
    q = q.where(
      sql<boolean>`c.id IN (SELECT chatbot_id FROM collection_items WHERE collection_id = ${filters.inCollection})`,
    );
  }
  return q as Q;
}

/**
 * The listings the viewer may see in the gallery, with no filter, as their narrow copies (listing_facets, aliased
 * `c`: the filters' columns, the search document and popularity), for a read that picks listings by their document
 * in popularity order (the search box's suggestions).
 */
export const galleryFacets = (db: Db, viewer: Viewer): ListQuery =>
  applyFilters(db.selectFrom("listingFacets as c") as unknown as ListQuery, viewerFacts(viewer), {});

/**
 * The Following view's listings newest first (followedBy), read creator by creator: `keyset` (cursor, order and
 * limit) over each followed creator's listings with the gallery's filters, in a LATERAL join on chatbots_user_idx
 * (user_id, created_at DESC, id DESC), so at most a page each, then `keyset` again over their union: the rows read
 * grow with the creators followed, not with the gallery, where walking the newest index for their listings grew
 * with the gallery (docs/performance.md, issue 26). The rows keep the alias `c`.
 */
function followedNewest(
  db: Db,
  viewer: ListingView,
  filters: ListFilters & { followedBy: string },
  keyset: (query: ListQuery) => ListQuery,
): ListQuery {
  const eachCreator = keyset(
    applyFilters(db.selectFrom("chatbots as c") as unknown as ListQuery, viewer, { ...filters, followedBy: undefined }),
  )
    .selectAll("c")
    .where(sql<boolean>`c.user_id = f.followee_id`);
  const union = db
    .selectFrom("follows as f")
    .crossJoinLateral(eachCreator.as("c"))
    .where("f.followerId", "=", filters.followedBy);
  return keyset(union as unknown as ListQuery);
}

/** Listings the viewer may see in the chosen order (newest first by default), one page at a time (keyset pagination). */
export async function listingPage(db: Db, viewer: Viewer, listFilters: ListFilters): Promise<ListingPage> {
  const filters = await withPreparedSearch(db, listFilters);
  const sort = filters.sort ?? defaultSortFor(filters.search);
  const facts = viewerFacts(viewer);
  const { rows } = await db.executeQuery(compiledListQuery(db, facts, filters));
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filters.limit && last ? encodeCursor({ sort, key: last.cursorKey, id: last.id }) : null;
  return pageFromJson(
    page.map((row) => shownTo(facts, row.json)),
    nextCursor,
  );
}

/**
 * Best match's candidates from every match (`matches`: a select over listing_facets with the search's condition),
 * sorted by popularity through the document's GIN index: the most popular, and the most popular whose title holds
 * the term (`inTitle`). `popular_score + 0` keeps the planner off the popularity index, which it would walk with the
 * text as a filter, reading the whole table for a term estimated common that is found nowhere.
 */
function everyMatchByPopularity(matches: ListQuery, inTitle: RawBuilder<boolean> | undefined) {
  const mostPopular = (query: ListQuery) =>
    query
      .select(sql<string>`c.id`.as("candidate"))
      .orderBy(sql`c.popular_score + 0`, "desc")
      .orderBy(sql`c.id`, "desc")
      .limit(sql.lit(BEST_MATCH_CANDIDATES));
  return inTitle
    ? sql`(SELECT p.candidate FROM (${mostPopular(matches)}) AS p
        UNION SELECT t.candidate FROM (${mostPopular(matches.where(inTitle))}) AS t)`
    : sql`(SELECT p.candidate FROM (${mostPopular(matches)}) AS p)`;
}

function buildListQuery(db: Db, viewer: ListingView, filters: ListFilters & Searched) {
  const sort = filters.sort ?? defaultSortFor(filters.search);
  // Best match's key is the search's own (search.ts relevanceKey).
  const order = sort === "relevance" ? { ...ORDERS.relevance, key: relevanceKey(filters.prepared) } : ORDERS[sort];
  const id = order.id ?? sql`c.id`;
  const cursor = filters.cursor ? decodeCursor(filters.cursor, sort, order.cast) : undefined;
  if (cursor === null) throw new InvalidError("Invalid cursor");
  const after = order.direction === "desc" ? sql`<` : sql`>`;
  // The fixed parts are literals: a page without user input is a query without parameters (see below).
  const keyset = (query: ListQuery) =>
    (cursor
      ? query.where(
          sql<boolean>`(${order.key}, ${id}) ${after} (${cursor.key}::${sql.raw(order.cast)}, ${cursor.id}::uuid)`,
        )
      : query
    )
      .orderBy(order.key, order.direction)
      .orderBy(id, order.direction)
      .limit(sql.lit(filters.limit + 1));
  const select = (query: ListQuery) =>
    query.select([
      chatbotJsonSql(viewer).as("json"),
      sql<string>`(${id})::text`.as("id"),
      sql<string>`(${order.key})::text`.as("cursorKey"),
    ]);
  if (sort === "savedAt") {
    // The favourite row gives the key; the join is the savedBy filter itself.
    if (!filters.savedBy) throw new Error("The savedAt order lists one member's favourites (savedBy)");
    const savedBy = filters.savedBy;
    const saved = db
      .selectFrom("chatbots as c")
      .innerJoin("favorites as f", (join) => join.onRef("f.chatbotId", "=", "c.id").on("f.userId", "=", savedBy));
    return select(keyset(applyFilters(saved as unknown as ListQuery, viewer, { ...filters, savedBy: undefined })));
  }
  if (sort === "position" || sort === "addedAt") {
    // The collection's item gives the key; the join is the inCollection filter itself.
    if (!filters.inCollection) throw new Error(`The ${sort} order lists one collection's items (inCollection)`);
    const inCollection = filters.inCollection;
    const items = db
      .selectFrom("chatbots as c")
      .innerJoin("collectionItems as ci", (join) =>
        join.onRef("ci.chatbotId", "=", "c.id").on("ci.collectionId", "=", inCollection),
      );
    return select(keyset(applyFilters(items as unknown as ListQuery, viewer, { ...filters, inCollection: undefined })));
  }
  // Following: newest first creator by creator; other orders have no per-creator index, their own is walked.
  if (filters.followedBy && sort === "newest") {
    return select(followedNewest(db, viewer, { ...filters, followedBy: filters.followedBy }, keyset));
  }
  // Best match with a term: the matches ranked by id and key alone, then the page's read shapes read for its rows
  // (sorting every match of a common word with its shape took most of the query's time: docs/bench/search.md).
  // Only the bounded candidates are ranked (search.ts BEST_MATCH_CANDIDATES): the most popular matches and the most
  // popular whose title holds the term, taken from listing_facets (the narrow copy carries the document and
  // popularity: a match costs a ~330-byte row, not the listing's ~1.3 kB one), then ranked on chatbots by id.
  if (sort === "relevance" && filters.prepared) {
    const prepared = filters.prepared;
    // The viewer's and the gallery's conditions over the narrow copy, with the search's condition or without it.
    const facets = (search?: PreparedSearch) =>
      applyFilters(db.selectFrom("listingFacets as c") as unknown as ListQuery, viewer, {
        ...filters,
        prepared: search,
        searchByListing: false,
      });
    const exclusion = exclusionCondition(prepared);
    const unexcluded = () => (exclusion ? facets().where(exclusion) : facets());
    const positive = positiveQuery(prepared, "", true);
    const inTitle = positiveQuery(prepared, "A", true);
    // Read tier by tier, most popular first (search-tiers.ts): about a tier's matches, not every match. The title's
    // are read only when the matches were more than the candidates (else every match is a candidate already, title
    // matches included: a rare term looks over the tiers once). A term the words alone cannot find (a word of one or
    // two characters, punctuation: search.ts `substring`) reads every match through the GIN index and the
    // substring's trigrams, as before the tiers.
    const candidates =
      positive && inTitle && !prepared.substring
        ? sql`(WITH p AS MATERIALIZED ${mostPopularByTier(unexcluded(), positive, BEST_MATCH_CANDIDATES)}
            SELECT p.candidate FROM p
            UNION SELECT t.candidate FROM ${mostPopularByTier(unexcluded(), inTitle, BEST_MATCH_CANDIDATES)} AS t
              WHERE (SELECT count(*) FROM p) = ${sql.lit(BEST_MATCH_CANDIDATES)})`
        : everyMatchByPopularity(facets(prepared), titleCondition(prepared));
    const ranked = keyset(
      (db.selectFrom("chatbots as c") as unknown as ListQuery).where(sql<boolean>`c.id IN ${candidates}`),
    ).select([sql<string>`c.id`.as("rankedId"), sql<number>`${order.key}`.as("rank")]);
    const page = db.selectFrom(ranked.as("r")).innerJoin("chatbots as c", "c.id", "r.rankedId") as unknown as ListQuery;
    return page
      .select([
        chatbotJsonSql(viewer).as("json"),
        sql<string>`c.id::text`.as("id"),
        sql<string>`r.rank::text`.as("cursorKey"),
      ])
      .orderBy(sql`r.rank`, "desc")
      .orderBy(sql`c.id`, "desc");
  }
  return select(keyset(applyFilters(db.selectFrom("chatbots as c") as unknown as ListQuery, viewer, filters)));
}

type ListQueryCompiled = CompiledQuery<{ json: string; id: string; cursorKey: string }>;

/**
 * The compiled SQL of each list query without parameters (the gallery's first pages in each order and
 * filter without user input), per database handle, so a repeat skips Kysely's building and compiling
 * (measured: about a tenth of the api's time on such a page) and hands the pool the same text, whose
 * prepared statement it finds at once (packages/db prepared-selects.ts). A query with parameters is never
 * kept: its values are the user's. At most MAX_KEPT_QUERIES, should the fixed inputs ever grow.
 */
const parameterlessQueries = new WeakMap<Db, Map<string, ListQueryCompiled>>();
const MAX_KEPT_QUERIES = 500;

/**
 * The key of a list query: everything its SQL is made from, the viewer's part (the facts buildListQuery may read,
 * its ListingView, keyed by the policy's one key function) and the filters.
 */
export const listQueryKey = (viewer: ViewerFacts, filters: object): string =>
  `${viewerKey(viewer, LISTING_FACTS)} ${JSON.stringify(filters)}`;

function compiledListQuery(db: Db, viewer: ViewerFacts, filters: ListFilters & Searched): ListQueryCompiled {
  const key = listQueryKey(viewer, filters);
  let kept = parameterlessQueries.get(db);
  if (!kept) {
    kept = new Map();
    parameterlessQueries.set(db, kept);
  }
  const found = kept.get(key);
  // A query id of its own per run, as Kysely gives each query (plugins may keep state by it).
  if (found) return { ...found, queryId: createQueryId() };
  const compiled = buildListQuery(db, viewer, filters).compile();
  if (compiled.parameters.length === 0 && kept.size < MAX_KEPT_QUERIES) kept.set(key, compiled);
  return compiled;
}

/** The gallery: visitors get SFW only; members choose with `nsfw`. */
export function listGallery(deps: Deps, viewer: Viewer, input: GalleryFilters & PageInput): Promise<ListingPage> {
  return listingPage(deps.db, viewer, input);
}

/**
 * How many listings match (for the gallery's 'N bots'), counted up to GALLERY_COUNT_CAP: the scan
 * stops after cap + 1 rows, so a broad filter over 100,000 listings costs as little as a narrow one.
 */
export async function countGallery(
  deps: Deps,
  viewer: Viewer,
  input: GalleryFilters & Pick<ListFilters, "followedBy" | "savedBy" | "inCollection">,
): Promise<{ count: number; capped: boolean }> {
  const filters = await withPreparedSearch(deps.db, input);
  const matches = applyFilters(
    deps.db.selectFrom("chatbots as c") as unknown as ListQuery,
    viewerFacts(viewer),
    filters,
  )
    .select(sql<number>`1`.as("one"))
    .limit(GALLERY_COUNT_CAP + 1);
  const row = await deps.db
    .selectFrom(matches.as("m"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { count: Math.min(count, GALLERY_COUNT_CAP), capped: count > GALLERY_COUNT_CAP };
}

/**
 * How many listings `lifted` (the member with their own settings lifted: policy.liftingOwnSettings) sees that
 * `member` does not, among these filters: what the member's own safety settings hide. Each side is the gallery's
 * one set of rules (applyFilters); not capped, as a member's saves are theirs to count.
 */
export async function countHiddenBySettings(
  deps: Deps,
  member: Viewer,
  lifted: Viewer,
  filters: Pick<ListFilters, "savedBy">,
): Promise<number> {
  const seen = (viewer: Viewer) =>
    applyFilters(deps.db.selectFrom("chatbots as c") as unknown as ListQuery, viewerFacts(viewer), filters).select(
      "c.id",
    );
  const row = await deps.db
    .selectFrom(seen(lifted).except(seen(member)).as("hidden"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Matches the tag facets are counted over, so a broad filter over 1,000,000 listings costs what a narrow one does
 * (as the gallery count stops at GALLERY_COUNT_CAP). Below this many matches the counts are exact; above, they come
 * from the first matches the database reaches, in no order: asking for the newest ones instead made it visit every
 * match of a common search (docs/performance.md).
 */
export const TOP_TAGS_SCAN = 2000;

/**
 * With a search, the facets count this many matches: a common word's are found by reading the facet rows in turn
 * and testing each (the trigram index would first list every match: 62,500 at 1M), so the rows read are this many
 * divided by how common the word is. A rare word's few matches come from the trigram index, all of them.
 */
export const TOP_TAGS_SEARCH_SCAN = 500;

/**
 * The most used tags among the listings matching the filters (tag facets), most used first. Counted over
 * listing_facets, the narrow copy of the columns the filters read, with the gallery's own filters.
 */
export async function topTags(
  deps: Deps,
  viewer: Viewer,
  input: GalleryFilters & Pick<ListFilters, "followedBy"> & { limit: number },
): Promise<TagCount[]> {
  const scan = input.search?.trim() ? TOP_TAGS_SEARCH_SCAN : TOP_TAGS_SCAN;
  const filters = { ...(await withPreparedSearch(deps.db, input)), searchByListing: true };
  const matches = applyFilters(
    deps.db.selectFrom("listingFacets as c") as unknown as ListQuery,
    viewerFacts(viewer),
    filters,
  )
    .select("c.tags")
    .limit(sql.lit(scan));
  // unnest in the select list: as a function in FROM it was run (and its rows stored) once per match.
  const tags = deps.db.selectFrom(matches.as("m")).select(sql<string>`unnest(m.tags)`.as("tag"));
  const rows = await deps.db
    .selectFrom(tags.as("t"))
    .select(["t.tag", sql<number>`count(*)::int`.as("count")])
    .groupBy("t.tag")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("t.tag")
    // Literals (a validated whole number): the gallery's own facets are then a query without parameters, planned
    // once per connection (packages/db prepared-selects.ts).
    .limit(sql.lit(Math.trunc(input.limit)))
    .execute();
  return rows.map((row) => ({ tag: row.tag, count: row.count }));
}

/**
 * A creator's listings (profile page) with the gallery's visibility rules; NOT_FOUND 'User not found'
 * when the viewer may not see the creator's profile (unknown, or pending approval).
 */
export async function listCreatorListings(
  deps: Deps,
  viewer: Viewer,
  input: { userId: string } & GalleryFilters & PageInput,
): Promise<ListingPage> {
  await findVisibleProfile(deps.db, viewer, input.userId);
  return listingPage(deps.db, viewer, { ...input, includeWithheld: maySeeWithheld(viewer, input.userId) });
}

/** The viewer's own listings, NSFW included (dashboard), whatever their safety settings. Members only. */
export function listOwnListings(deps: Deps, viewer: Viewer, input: PageInput): Promise<ListingPage> {
  const member = ignoringSafetySettings(requireMember(viewer));
  return listingPage(deps.db, member, {
    limit: input.limit,
    cursor: input.cursor,
    userId: member.id,
    includeWithheld: true,
  });
}

/** One creator's story series (members only). */
export function listSeries(
  deps: Deps,
  viewer: Viewer,
  input: { creatorId: string; seriesName: string } & PageInput,
): Promise<ListingPage> {
  const member = requireMember(viewer);
  return listingPage(deps.db, member, {
    userId: input.creatorId,
    storySeries: input.seriesName,
    limit: input.limit,
    cursor: input.cursor,
  });
}

/**
 * One listing (its page, GET /api/chatbots/{id}): NOT_FOUND when there is none; an NSFW listing asked
 * for by a visitor is UNAUTHORIZED, and nothing of it (not even whether its title exists) is read out.
 * One the member's safety settings hide (a blocked tag; NSFW under Hide) is FORBIDDEN with the reason
 * (HiddenListingError), unless they ask to see it this once (`showHidden`).
 */
export async function findListing(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; showHidden?: boolean | undefined },
): Promise<ListedChatbot> {
  const row = await deps.db
    .selectFrom("chatbots as c")
    .select(["c.nsfw", "c.tags", "c.withheld", "c.userId", chatbotJsonSql(viewer).as("json")])
    .where("c.id", "=", input.id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  requireMayViewListing(viewer, row);
  if (!input.showHidden) requireNotHiddenBySettings(viewer, row);
  return parseChatbotJson(shownTo(viewerFacts(viewer), row.json));
}
