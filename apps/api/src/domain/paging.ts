// Keyset paging, for every list of the domain (listings, the moderation queue, verification requests, the audit
// log, the admin tables): the page's shape and its opaque cursor. It knows no list: each passes its order's name
// and how its key is cast.

import { type SelectQueryBuilder, sql } from "kysely";
import { InvalidError } from "./errors.js";

/** One page of a list (keyset paging: the next page starts after `nextCursor`). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Which page: how many items, starting after which cursor. */
export interface PageInput {
  limit: number;
  cursor?: string | undefined;
}

/** How a cursor's key text is cast back in SQL; it also says what a valid key looks like. */
export type KeyCast = "timestamptz" | "integer" | "float8" | "text";

/**
 * Opaque keyset cursor: the order it was made for, the last row's sort key as PostgreSQL wrote it (a
 * timestamp with microseconds, a score, a lower-cased title) and its id.
 */
export interface Cursor<S extends string = string> {
  sort: S;
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a sort key looks like, so a cursor never reaches SQL as a value PostgreSQL cannot cast. */
const isTimestamp = (key: string) => !Number.isNaN(Date.parse(key));
const KEY_CHECKS: Record<KeyCast, (key: string) => boolean> = {
  timestamptz: isTimestamp,
  integer: (key) => /^-?\d{1,10}$/.test(key),
  float8: (key) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(key),
  text: (key) => key.length <= 1000,
};

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");
}

/** Returns null for anything that is not a cursor this api made for this order (its key cast as `cast`). */
export function decodeCursor<S extends string>(text: string, sort: S, cast: KeyCast): Cursor<S> | null {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value)) return null;
    // Cursors made before there were several orders: [createdAt, id].
    const [cursorSort, key, id] = value.length === 2 ? ["newest", ...value] : value;
    if (value.length > 3 || cursorSort !== sort || typeof key !== "string" || typeof id !== "string") return null;
    if (!UUID.test(id) || !KEY_CHECKS[cast](key)) return null;
    return { sort, key, id };
  } catch {
    return null;
  }
}

/**
 * Where a list ordered by a timestamp (the queue, verification requests, the admin tables) resumes: the cursor's
 * key and id, or undefined for the first page. Anything that is not such a cursor is a 400.
 */
function timestampCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  const cursor = decodeCursor(text, "newest", "timestamptz");
  if (!cursor) throw new InvalidError("Invalid cursor");
  return cursor;
}

/**
 * A page of `rows` read with `limit + 1`: the first `limit`, and the cursor after the last of them when there was
 * more (`at` its timestamp as PostgreSQL wrote it, `id` its tie-break).
 */
function timestampPage<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => { at: string; id: string },
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || !last) return { rows: page, nextCursor: null };
  const { at, id } = keyOf(last);
  return { rows: page, nextCursor: encodeCursor({ sort: "newest", key: at, id }) };
}

/**
 * One page of a list ordered by a timestamp and its id (verification requests, verified creators, the admin tables):
 * the rows after `input.cursor` (timestampCursor) in `direction`, `limit + 1` read, the first `limit` made items
 * (`toItem`) with the cursor after the last (timestampPage). `at` and `id` are the columns as the SQL names them
 * (`r.created_at`); `cursorAt` is a row's timestamp as PostgreSQL wrote it (selected as text).
 */
export async function timestampKeysetPage<DB, TB extends keyof DB, O extends { id: string }, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: { at: string; id: string; direction: "asc" | "desc"; cursorAt: (row: O) => string },
  input: PageInput,
  toItem: (row: O) => T,
): Promise<Page<T>> {
  const at = sql.ref(order.at);
  const id = sql.ref(order.id);
  const cursor = timestampCursor(input.cursor);
  const past = order.direction === "asc" ? sql`>` : sql`<`;
  const rows = (await (cursor
    ? query.where(sql<boolean>`(${at}, ${id}) ${past} (${cursor.key}::timestamptz, ${cursor.id}::uuid)`)
    : query
  )
    .orderBy(at, order.direction)
    .orderBy(id, order.direction)
    .limit(input.limit + 1)
    .execute()) as O[];
  const page = timestampPage(rows, input.limit, (row) => ({ at: order.cursorAt(row), id: row.id }));
  return { items: page.rows.map(toItem), nextCursor: page.nextCursor };
}
