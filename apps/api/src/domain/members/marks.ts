import { brokeConstraint, type Db } from "../deps.js";
import { NotFoundError } from "../errors.js";

/**
 * A member's mark on one thing, a row of two keys, who marked and what: a save (favorites), a follow (follows), a
 * helpful mark (review_helpful_votes). Each table's trigger keeps the thing's count in the same transaction.
 */
const MARKS = {
  favorites: ["userId", "chatbotId"],
  follows: ["followerId", "followeeId"],
  reviewHelpfulVotes: ["userId", "reviewId"],
} as const;

export type Mark = keyof typeof MARKS;

/**
 * Puts the member's mark on `target`; putting it again changes nothing (one row, so one count, also when two
 * arrive at once). The member or the thing deleted meanwhile is NOT_FOUND with `gone`.
 */
export async function putMark(db: Db, mark: Mark, memberId: string, target: string, gone: string): Promise<void> {
  const [by, on] = MARKS[mark];
  try {
    await db
      .insertInto(mark)
      // The mark's two keys (MARKS), whichever its table.
      .values({ [by]: memberId, [on]: target } as never)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  } catch (error) {
    if (brokeConstraint(error, "foreignKey")) throw new NotFoundError(gone);
    throw error;
  }
}

/** Takes the member's mark off `target`; taking off one that is not there changes nothing. */
export async function takeMark(db: Db, mark: Mark, memberId: string, target: string): Promise<void> {
  const [by, on] = MARKS[mark];
  await db.deleteFrom(mark).where(by, "=", memberId).where(on, "=", target).execute();
}
