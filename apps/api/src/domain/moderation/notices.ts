import { APPEAL_MESSAGES, type Decision, type ModerationNotices } from "@gallery/schema";
import { sql } from "kysely";
import type { Deps } from "../deps.js";
import { ConflictError, NotFoundError } from "../errors.js";
import { requireMember, type Viewer } from "../policy.js";
import { APPEALABLE } from "./decisions.js";
import { openReport } from "./open-report.js";
import { listingState } from "./queue.js";

type DecisionRow = {
  id: string;
  chatbotId: string | null;
  kind: Decision["kind"];
  reason: string | null;
  createdAt: Date;
  appealedAt: Date | null;
};

const toDecision = (row: DecisionRow): Decision => ({
  id: row.id,
  chatbotId: row.chatbotId,
  kind: row.kind,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  appealedAt: row.appealedAt?.toISOString() ?? null,
  canAppeal: row.appealedAt === null && APPEALABLE.includes(row.kind),
});

/** Decisions that still concern a shown listing (a restore is good news, said once by the listing reappearing). */
const STANDING: Decision["kind"][] = ["markedNsfw", "edited"];

/**
 * What the creator is told (dashboard, every page while suspended): their suspension with its reason, and
 * each listing of theirs that is withheld or was changed by a moderator, with the latest decision on it.
 */
export async function moderationNotices(deps: Deps, viewer: Viewer): Promise<ModerationNotices> {
  const member = requireMember(viewer);
  const rows = await deps.db
    .selectFrom("chatbots as c")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("moderationDecisions as d")
          .select(["d.id", "d.chatbotId", "d.kind", "d.reason", "d.createdAt", "d.appealedAt"])
          .whereRef("d.chatbotId", "=", "c.id")
          .orderBy("d.createdAt", "desc")
          .limit(1)
          .as("d"),
      (join) => join.onTrue(),
    )
    .select([
      "c.id as chatbotId",
      "c.hiddenAt",
      "c.hiddenReason",
      "c.reviewPending",
      "c.ownerSuspended",
      "c.withheld",
      "d.id",
      "d.kind",
      "d.reason",
      "d.createdAt",
      "d.appealedAt",
    ])
    .where("c.userId", "=", member.id)
    .where((eb) =>
      eb.or([eb("c.hiddenAt", "is not", null), eb("c.reviewPending", "=", true), eb("d.kind", "in", STANDING)]),
    )
    .orderBy("c.createdAt", "desc")
    .execute();
  let suspension: ModerationNotices["suspension"] = null;
  if (member.suspendedAt) {
    const decision = await deps.db
      .selectFrom("moderationDecisions")
      .select(["id", "chatbotId", "kind", "reason", "createdAt", "appealedAt"])
      .where("userId", "=", member.id)
      .where("chatbotId", "is", null)
      .where("kind", "=", "suspended")
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst();
    suspension = {
      reason: member.suspensionReason,
      since: member.suspendedAt.toISOString(),
      decision: decision ? toDecision(decision) : null,
    };
  }
  return {
    suspension,
    listings: rows.map((row) => ({
      chatbotId: row.chatbotId,
      state: listingState(row),
      decision: row.id
        ? toDecision({
            id: row.id,
            chatbotId: row.chatbotId,
            kind: row.kind!,
            reason: row.reason,
            createdAt: row.createdAt!,
            appealedAt: row.appealedAt,
          })
        : null,
    })),
  };
}

/**
 * A creator asks for a review of a decision, once per decision (409 the second time), with a message of theirs
 * (at most 500 characters, kept on the decision): it goes back to the queue as an appeal on the listing (or, for a
 * suspension, on their profile) pointing at the decision, which the queue shows beside it.
 */
export async function appealDecision(
  deps: Deps,
  viewer: Viewer,
  input: { decisionId: string; message?: string | undefined },
): Promise<{ message: string }> {
  const member = requireMember(viewer);
  return deps.db.transaction().execute(async (trx) => {
    const decision = await trx
      .updateTable("moderationDecisions")
      .set({ appealedAt: sql`now()`, appealMessage: input.message || null })
      .where("id", "=", input.decisionId)
      .where("userId", "=", member.id)
      .where("appealedAt", "is", null)
      .where("kind", "in", APPEALABLE)
      .returning(["id", "chatbotId"])
      .executeTakeFirst();
    if (!decision) {
      const exists = await trx
        .selectFrom("moderationDecisions")
        .select("kind")
        .where("id", "=", input.decisionId)
        .where("userId", "=", member.id)
        .executeTakeFirst();
      if (!exists || !APPEALABLE.includes(exists.kind)) throw new NotFoundError(APPEAL_MESSAGES.notYours);
      throw new ConflictError(APPEAL_MESSAGES.already);
    }
    const target = {
      targetKind: decision.chatbotId ? ("listing" as const) : ("profile" as const),
      targetId: decision.chatbotId ?? member.id,
    };
    const reporter = `creator:${member.id}`;
    const opened = await openReport(trx, { ...target, reporter, reason: "appeal", relatedId: decision.id });
    // One open report per reporter and target: an appeal already waiting for this target now carries this newer
    // decision, so the queue shows it with this message instead of dropping the second appeal unseen.
    if (!opened)
      await trx
        .updateTable("reports")
        .set({ relatedId: decision.id })
        .where("targetKind", "=", target.targetKind)
        .where("targetId", "=", target.targetId)
        .where("reporter", "=", reporter)
        .where("reason", "=", "appeal")
        .where("status", "=", "open")
        .execute();
    return { message: APPEAL_MESSAGES.sent };
  });
}
