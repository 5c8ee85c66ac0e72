import type { ChatbotRow, UserRow } from "@gallery/db";
import {
  type Chatbot,
  type Creator,
  cidField,
  LISTING_FIELDS,
  PLATFORM_FIELDS,
  PLATFORMS,
  urlField,
} from "@gallery/schema";
import { type RawBuilder, sql } from "kysely";
import { compileOnly } from "../compile-only.js";
import { BLURRED_URL_SQL, imageUrl } from "../images/keys.js";
import type { Page } from "../paging.js";
import {
  blursListingOf,
  blursOf,
  emailOf,
  emailSqlOf,
  isModerator,
  isModeratorSql,
  isVerified,
  isVerifiedSql,
  type ListingFact,
  type ListingView,
  showsEmailsTo,
  VISITOR_FACTS,
  type Viewer,
  type ViewerFacts,
  viewerFacts,
  viewerKey,
} from "../policy.js";

/**
 * The ONE read shape of a listing (chatbotResponseSchema). Each field is declared once, with its value
 * from a row (single rows: create, update) and the same value as SQL (lists: PostgreSQL builds each
 * listing as JSON text, so the api parses one string per row instead of converting 24 columns, which
 * was most of a gallery request's CPU time). test/read-model.test.ts checks both against the schema
 * and against each other.
 */
interface Field<Row> {
  name: string;
  sql: RawBuilder<unknown>;
  value: (row: Row) => unknown;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A column shown as it is stored. */
function column<Row>(alias: string, name: keyof Row & string): Field<Row> {
  return { name, sql: sql.ref(`${alias}.${snakeCase(name)}`), value: (row) => row[name] };
}

/** A timestamptz as JavaScript's toISOString() writes it (UTC, milliseconds truncated, "Z"). */
function timestamp<Row>(alias: string, name: keyof Row & string): Field<Row> {
  return {
    name,
    sql: sql.raw(`to_char(${alias}.${snakeCase(name)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    value: (row) => (row[name] as Date).toISOString(),
  };
}

/** A listing's rating from the count and sum the reviews' triggers keep (no recount): the average to two decimals. */
export const ratingOf = (row: { ratingCount: number; ratingSum: number }) => ({
  average: row.ratingCount > 0 ? Math.round((row.ratingSum * 100) / row.ratingCount) / 100 : null,
  count: row.ratingCount,
});

const listingFields: Field<ChatbotRow>[] = [
  column("c", "id"),
  column("c", "title"),
  column("c", "tagline"),
  column("c", "description"),
  column("c", "tags"),
  // polybuzzCid, polybuzzUrl, roleplayaCid, roleplayaUrl: one pair per platform, in the registry's order.
  ...PLATFORMS.flatMap((platform) => [
    column<ChatbotRow>("c", cidField(platform)),
    column<ChatbotRow>("c", urlField(platform)),
  ]),
  column("c", "storySeries"),
  // The declared listing fields (listing-fields.ts), in their order.
  ...LISTING_FIELDS.map((field) => column<ChatbotRow>("c", field.name as keyof ChatbotRow & string)),
  column("c", "nsfw"),
  column("c", "imageUrl"),
  {
    // Legacy rows without a card-size variant fall back to the original until repaired.
    name: "thumbnailUrl",
    sql: sql`COALESCE(${sql.lit(imageUrl(""))} || NULLIF(c.thumbnail_key, ''), c.image_url)`,
    value: (row) => (row.thumbnailKey ? imageUrl(row.thumbnailKey) : row.imageUrl),
  },
  column("c", "imageFocusX"),
  column("c", "imageFocusY"),
  column("c", "userId"),
  timestamp("c", "createdAt"),
  timestamp("c", "updatedAt"),
  column("c", "favoriteCount"),
  column("c", "chatsThisWeek"),
  { name: "chatsThisMonth", sql: sql.ref("c.popular_score"), value: (row) => row.popularScore },
  {
    // Reviews (issue 38): the count and sum kept by the reviews' triggers, the average to two decimals.
    name: "rating",
    sql: sql`json_build_object('average', CASE WHEN c.rating_count > 0 THEN round(c.rating_sum::numeric / c.rating_count, 2)::float8 END, 'count', c.rating_count)`,
    value: ratingOf,
  },
];

/**
 * For a member whose NSFW display is Blur (lists and the listing page): an NSFW listing's imageUrl and
 * thumbnailUrl are its blurred copy (images/keys.ts, made on the server), and the originals only in
 * revealImageUrl/revealThumbnailUrl, which the web loads after the member clicks to reveal. A legacy row
 * without a stored image has no blurred copy: no image until revealed.
 */
const BLURRED = sql.raw(BLURRED_URL_SQL);
const blurredListingFields: Field<ChatbotRow>[] = listingFields.flatMap((field): Field<ChatbotRow>[] => {
  if (field.name !== "imageUrl" && field.name !== "thumbnailUrl") return [field];
  const reveal = field.name === "imageUrl" ? "revealImageUrl" : "revealThumbnailUrl";
  return [
    { name: field.name, sql: sql`CASE WHEN c.nsfw THEN ${BLURRED} ELSE ${field.sql} END`, value: field.value },
    { name: reveal, sql: sql`CASE WHEN c.nsfw THEN ${field.sql} END`, value: () => null },
  ];
});

/** The creator as embedded in a listing; the e-mail only for viewers who may see e-mails. */
function creatorFields(view: Pick<ViewerFacts, "signedIn">): Field<UserRow>[] {
  return [
    column("u", "id"),
    column("u", "nickname"),
    column("u", "firstName"),
    column("u", "lastName"),
    { name: "email", sql: emailSqlOf(view, "u"), value: (row) => emailOf(view, row) },
    column("u", "avatarUrl"),
    column("u", "profileImageUrl"),
    { name: "isAdmin", sql: isModeratorSql("u"), value: (row) => isModerator(row) },
    { name: "isVerified", sql: isVerifiedSql("u"), value: (row) => isVerified(row) },
  ];
}

function fromRow<Row>(fields: Field<Row>[], row: Row): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, field.value(row)]));
}

/**
 * The fields as one JSON object, written compactly (as JSON.stringify would). row_to_json over a one-row
 * subquery costs PostgreSQL less than json_build_object with the same pairs (measured: a tenth to a quarter more
 * pages per second), and its text needs no reformatting before it is sent.
 */
function jsonObject(
  fields: Field<never>[],
  extra: RawBuilder<unknown>[] = [],
  from: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const columns = fields.map((field) => sql`${field.sql} AS ${sql.id(field.name)}`);
  return sql`(SELECT row_to_json(r) FROM (SELECT ${sql.join([...columns, ...extra])} ${from}) r)`;
}

/** One listing row in the read shape; with its creator when given. */
export function toChatbot(row: ChatbotRow, creator?: { row: UserRow; viewer: Viewer }): Chatbot {
  const chatbot = fromRow(listingFields, row) as Chatbot;
  if (creator) chatbot.user = fromRow(creatorFields(viewerFacts(creator.viewer)), creator.row) as Creator;
  return chatbot;
}

/**
 * The same shape built by PostgreSQL as JSON text, for a query over `chatbots as c` (the creator read
 * by the listing's user_id, so a list needs no join). Viewers who see the public shape (no e-mails,
 * nothing blurred: visitors) read the copy kept on the rows (stored-shape.ts), and the shape built on
 * the spot only where a row has none.
 */
export function chatbotJsonSql(viewer: Viewer | ListingView): RawBuilder<string> {
  const view = viewer !== null && "signedIn" in viewer ? viewer : viewerFacts(viewer);
  // Built once per variant (viewers differ in the e-mail and blurred images: the facts the shape reads, keyed by
  // the policy's key function): SQL fragments are immutable.
  const variant = viewerKey(view, SHAPE_FACTS);
  let built = jsonSqlByVariant.get(variant);
  if (!built) {
    const onTheSpot = shapeSql(view);
    const isPublicShape = !showsEmailsTo(view) && !blursOf(view);
    built = precompiled(isPublicShape ? sql<string>`COALESCE(c.listing_json, ${onTheSpot})` : onTheSpot);
    jsonSqlByVariant.set(variant, built);
  }
  return built;
}
const jsonSqlByVariant = new Map<string, RawBuilder<string>>();

/** The facts of the viewer the listing shape reads (the e-mails, the blurred images): a part of their ListingView. */
const SHAPE_FACTS = ["signedIn", "nsfwDisplay"] as const satisfies readonly ListingFact[];

/** The shape as the viewer sees it, built on the spot over a listing row aliased `c`. */
function shapeSql(view: Pick<ViewerFacts, (typeof SHAPE_FACTS)[number]>): RawBuilder<string> {
  const user = jsonObject(creatorFields(view) as Field<never>[], [], sql`FROM users u WHERE u.id = c.user_id`);
  const fields = blursOf(view) ? blurredListingFields : listingFields;
  return sql<string>`${jsonObject(fields as Field<never>[], [sql`${user} AS "user"`])}::text`;
}

/**
 * What the triggers of stored-shape.ts keep, as SQL text: in chatbots.listing_json, the public shape of
 * a listing row aliased `c` (the same SQL as the one built on the spot, so the two cannot differ); in
 * users.creator_json, the creator as a listing embeds it (over a row aliased `u`), whose change is
 * what rewrites the creator's listings.
 */
export const storedListingJsonSql = (): string => precompiledText(shapeSql(VISITOR_FACTS));
export const storedCreatorJsonSql = (): string =>
  precompiledText(sql`${jsonObject(creatorFields(VISITOR_FACTS) as Field<never>[])}::text`);

/**
 * The columns those two read, snake_case as in SQL: the triggers fire for a change of these only, so a
 * change of any other column (a score, a member's settings) leaves the copies alone. test/stored-shape.test.ts
 * checks them against the columns the SQL above refers to.
 */
export const storedListingColumns = (
  [
    "id",
    "title",
    "tagline",
    "description",
    "tags",
    ...PLATFORM_FIELDS.map(({ name }) => name),
    "storySeries",
    ...LISTING_FIELDS.map(({ name }) => name as keyof ChatbotRow),
    "nsfw",
    "imageUrl",
    "thumbnailKey",
    "imageFocusX",
    "imageFocusY",
    "userId",
    "createdAt",
    "updatedAt",
    "favoriteCount",
    "chatsThisWeek",
    "popularScore",
    "ratingCount",
    "ratingSum",
  ] satisfies Array<keyof ChatbotRow>
).map(snakeCase);
export const storedCreatorColumns = (
  [
    "id",
    "nickname",
    "firstName",
    "lastName",
    "avatarUrl",
    "profileImageUrl",
    "isAdmin",
    "isSuperAdmin",
    "verifiedAt",
  ] satisfies Array<keyof UserRow>
).map(snakeCase);

/**
 * A fragment without parameters as one piece of SQL text: a page's query then carries the read shape's
 * fifty-odd expressions as a single node, instead of Kysely walking and compiling them on every request
 * (measured: most of the api's time building a gallery query).
 */
function precompiled<T>(fragment: RawBuilder<T>): RawBuilder<T> {
  return sql.raw<T>(precompiledText(fragment));
}

function precompiledText(fragment: RawBuilder<unknown>): string {
  const { sql: text, parameters } = fragment.compile(compileOnly);
  if (parameters.length > 0) throw new Error("a precompiled SQL fragment takes no parameters");
  return text;
}

/** A listing read from chatbotJsonSql's text. */
export const parseChatbotJson = (json: string) => JSON.parse(json) as ListedChatbot;

/**
 * A listing's JSON text as this viewer is shown it: the SQL blurs every NSFW picture for a viewer whose display is
 * Blur, and their own listings are then given back their pictures (blursListingOf: a creator sees what they made
 * as it is). Only a text that names the viewer is read, so a page of others' listings passes untouched.
 */
export function shownTo(view: Pick<ViewerFacts, "nsfwDisplay" | "id">, json: string): string {
  if (!blursOf(view) || view.id === null || !json.includes(view.id)) return json;
  const listing = parseChatbotJson(json) as ListedChatbot & { revealImageUrl?: string | null };
  if (!listing.nsfw || blursListingOf(view, listing)) return json;
  const { revealImageUrl, revealThumbnailUrl, ...rest } = listing;
  return JSON.stringify({ ...rest, imageUrl: revealImageUrl ?? null, thumbnailUrl: revealThumbnailUrl ?? null });
}

/** A listing as lists and the listing page show it: with its creator. */
export type ListedChatbot = Chatbot & { user: Creator };
/** A page of listings as the reads answer it. */
export type ListingPage = Page<ListedChatbot>;
const untouchedPageJson = new WeakMap<object, string>();

/**
 * A page of listings from chatbotJsonSql's texts, to everyone a plain `{ items, nextCursor }`. Its items
 * are parsed when first read; until then the page's JSON array text stays at hand (pageJsonOf), so an
 * answer that only passes the page on sends PostgreSQL's text as it is, instead of parsing 24 listings
 * and writing them out again (measured: about a sixth of the api's time on a gallery page).
 */
export function pageFromJson(texts: string[], nextCursor: string | null): ListingPage {
  const json = `[${texts.join(",")}]`;
  let items: ListedChatbot[] | undefined;
  const page = { nextCursor } as ListingPage;
  Object.defineProperty(page, "items", {
    enumerable: true,
    get() {
      if (!items) {
        items = JSON.parse(json) as ListedChatbot[];
        // Read items may be changed by the reader: from now on only they tell what the page holds.
        untouchedPageJson.delete(page);
      }
      return items;
    },
  });
  untouchedPageJson.set(page, json);
  return page;
}

/** The JSON array text of a page from pageFromJson whose items nobody has read yet; otherwise undefined. */
export const pageJsonOf = (page: object): string | undefined => untouchedPageJson.get(page);
