import type { ChatbotRow, UserRow } from "@gallery/db";
import type { Chatbot, Creator } from "@gallery/schema";
import { type RawBuilder, sql } from "kysely";
import { BLURRED_URL_SQL, imageUrl } from "../images/keys.js";
import { blursNsfw, isModerator, isModeratorSql, mayViewEmails, type Viewer } from "../policy.js";

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

const listingFields: Field<ChatbotRow>[] = [
  column("c", "id"),
  column("c", "title"),
  column("c", "tagline"),
  column("c", "description"),
  column("c", "tags"),
  column("c", "polybuzzCid"),
  column("c", "polybuzzUrl"),
  column("c", "roleplayaCid"),
  column("c", "roleplayaUrl"),
  column("c", "storySeries"),
  column("c", "nsfw"),
  column("c", "imageUrl"),
  {
    // Legacy rows without a card-size variant fall back to the original until repaired.
    name: "thumbnailUrl",
    sql: sql`COALESCE(${imageUrl("")} || NULLIF(c.thumbnail_key, ''), c.image_url)`,
    value: (row) => (row.thumbnailKey ? imageUrl(row.thumbnailKey) : row.imageUrl),
  },
  column("c", "userId"),
  timestamp("c", "createdAt"),
  timestamp("c", "updatedAt"),
  column("c", "favoriteCount"),
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
function creatorFields(viewer: Viewer): Field<UserRow>[] {
  const showEmail = mayViewEmails(viewer);
  return [
    column("u", "id"),
    column("u", "nickname"),
    column("u", "firstName"),
    column("u", "lastName"),
    { name: "email", sql: showEmail ? sql`u.email` : sql`NULL::text`, value: (row) => (showEmail ? row.email : null) },
    column("u", "avatarUrl"),
    column("u", "profileImageUrl"),
    { name: "isAdmin", sql: isModeratorSql("u"), value: (row) => isModerator(row) },
  ];
}

function fromRow<Row>(fields: Field<Row>[], row: Row): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, field.value(row)]));
}

function jsonObject(fields: Field<never>[], extra: RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  const pairs = fields.map((field) => sql`${sql.lit(field.name)}, ${field.sql}`);
  return sql`json_build_object(${sql.join([...pairs, ...extra])})`;
}

/** One listing row in the read shape; with its creator when given. */
export function toChatbot(row: ChatbotRow, creator?: { row: UserRow; viewer: Viewer }): Chatbot {
  const chatbot = fromRow(listingFields, row) as Chatbot;
  if (creator) chatbot.user = fromRow(creatorFields(creator.viewer), creator.row) as Creator;
  return chatbot;
}

/**
 * The same shape built by PostgreSQL as JSON text, for a query over `chatbots as c` joined with
 * `users as u` (the creator always included).
 */
export function chatbotJsonSql(viewer: Viewer): RawBuilder<string> {
  // Built once per variant (viewers differ in the e-mail and blurred images): SQL fragments are immutable.
  const showEmail = mayViewEmails(viewer);
  const blur = blursNsfw(viewer);
  const variant = `${showEmail}/${blur}`;
  let built = jsonSqlByVariant.get(variant);
  if (!built) {
    const user = jsonObject(creatorFields(viewer) as Field<never>[]);
    const fields = blur ? blurredListingFields : listingFields;
    built = sql<string>`${jsonObject(fields as Field<never>[], [sql`'user', ${user}`])}::text`;
    jsonSqlByVariant.set(variant, built);
  }
  return built;
}
const jsonSqlByVariant = new Map<string, RawBuilder<string>>();

/** A listing read from chatbotJsonSql's text. */
export const parseChatbotJson = (json: string) => JSON.parse(json) as Chatbot & { user: Creator };
