import type { DecisionKind } from "@gallery/schema";
import type { Db } from "../deps.js";

/** Keeps a decision about a creator's listing (or, without a listing, their account) for them to read. */
export async function recordDecision(
  trx: Db,
  decision: { userId: string; chatbotId: string | null; kind: DecisionKind; reason?: string | null | undefined },
): Promise<void> {
  await trx
    .insertInto("moderationDecisions")
    .values({
      userId: decision.userId,
      chatbotId: decision.chatbotId,
      kind: decision.kind,
      reason: decision.reason ?? null,
    })
    .execute();
}

/** Decisions a creator may ask to have reviewed (once each): those that took something from them. */
export const APPEALABLE: readonly DecisionKind[] = ["hidden", "autoHidden", "markedNsfw", "edited", "suspended"];
