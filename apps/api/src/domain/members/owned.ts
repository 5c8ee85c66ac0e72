import type { Db } from "../deps.js";
import { NotFoundError } from "../errors.js";

/**
 * Deletes one of the member's own rows by its id (a collection, an API token). Another member's row, or an unknown
 * id, is NOT_FOUND with `notFound`: nobody learns whether someone else's exists.
 */
export async function deleteOwned(
  db: Db,
  table: "collections" | "apiTokens",
  memberId: string,
  id: string,
  notFound: string,
): Promise<void> {
  const result = await db.deleteFrom(table).where("id", "=", id).where("userId", "=", memberId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new NotFoundError(notFound);
}
