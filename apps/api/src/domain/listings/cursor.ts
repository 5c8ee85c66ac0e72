import { type ListOrder, ORDERS, type OrderCast } from "./orders.js";

/**
 * Opaque keyset cursor: the order it was made for, the last row's sort key as PostgreSQL wrote it (a
 * timestamp with microseconds, a score, a lower-cased title) and its id.
 */
export interface Cursor {
  sort: ListOrder;
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a sort key looks like, so a cursor never reaches SQL as a value PostgreSQL cannot cast. */
const isTimestamp = (key: string) => !Number.isNaN(Date.parse(key));
const KEY_CHECKS: Record<OrderCast, (key: string) => boolean> = {
  timestamptz: isTimestamp,
  integer: (key) => /^-?\d{1,10}$/.test(key),
  float8: (key) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(key),
  text: (key) => key.length <= 1000,
};

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");
}

/** Returns null for anything that is not a cursor this api made for this order. */
export function decodeCursor(text: string, sort: ListOrder): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value)) return null;
    // Cursors made before there were several orders: [createdAt, id].
    const [cursorSort, key, id] = value.length === 2 ? ["newest", ...value] : value;
    if (value.length > 3 || cursorSort !== sort || typeof key !== "string" || typeof id !== "string") return null;
    if (!UUID.test(id) || !KEY_CHECKS[ORDERS[sort].cast](key)) return null;
    return { sort, key, id };
  } catch {
    return null;
  }
}
