import type { UserRow } from "@gallery/db";
import { creatorDisplayName, type DecisionKind } from "@gallery/schema";
import type { Db } from "../deps.js";

/**
 * Keeps a decision about a creator's listing (or, without a listing, their account) for them to read, with the
 * moderator who made it as named now (none: the system), which the queue shows beside an appeal of it.
 */
export async function recordDecision(
  trx: Db,
  decision: {
    userId: string;
    chatbotId: string | null;
    kind: DecisionKind;
    reason?: string | null | undefined;
    moderator: Pick<UserRow, "nickname" | "firstName" | "lastName" | "email"> | null;
  },
): Promise<void> {
  await trx
    .insertInto("moderationDecisions")
    .values({
      userId: decision.userId,
      chatbotId: decision.chatbotId,
      kind: decision.kind,
      reason: decision.reason ?? null,
      decidedBy: decision.moderator ? creatorDisplayName(decision.moderator) : null,
    })
    .execute();
}

/** Decisions a creator may ask to have reviewed (once each): those that took something from them. */
export const APPEALABLE: readonly DecisionKind[] = ["hidden", "autoHidden", "markedNsfw", "edited", "suspended"];
