import type { Database } from "@gallery/db";
import type { ExpressionOrFactory, SqlBool } from "kysely";
import type { Db } from "../deps.js";

/** Which listings: a condition on `chatbots`. */
export type ListingRows = ExpressionOrFactory<Database, "chatbots", SqlBool>;

/**
 * The one order in which a write of many listings takes their row locks: by id. Two transactions that lock
 * some of the same rows in different orders (a scan's, an index's, a cascade's) can each hold a row the other
 * waits for; PostgreSQL then aborts one of them (a deadlock: a request that met it would answer 500). In one
 * order, the later of the two waits for the first row they share and then goes on. The popularity refresh, a
 * creator's suspension and a user's deletion lock through here; the creator-rewrite trigger does the same in
 * SQL (stored-shape.ts).
 *
 * The ids of those listings, each row locked in id order as it is read: a subquery for a statement that
 * writes them (`... FROM (this) AS locked WHERE chatbots.id = locked.id`).
 */
export function listingsLockedInIdOrder(db: Db, rows: ListingRows) {
  return db.selectFrom("chatbots").select("id").where(rows).orderBy("id").forUpdate();
}

/**
 * Locks those listings in id order, for the rest of the transaction: then write them in any way (a cascade
 * included) without waiting for anyone. Rows that come to match later (a listing created meanwhile) are not
 * among them: the caller holds what keeps those out (the creator's row, which a new listing's insert locks).
 */
export async function lockListings(trx: Db, rows: ListingRows): Promise<void> {
  await trx
    .selectFrom(listingsLockedInIdOrder(trx, rows).as("locked"))
    .select((eb) => eb.fn.countAll().as("count"))
    .execute();
}
