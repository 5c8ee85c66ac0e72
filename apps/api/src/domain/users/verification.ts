import type { VerificationRequestsTable } from "@gallery/db";
import {
  creatorDisplayName,
  type MyVerification,
  type PendingVerification,
  VERIFICATION_MESSAGES,
  type VerificationRequest,
  type VerifiedCreator,
} from "@gallery/schema";
import { type Selectable, sql } from "kysely";
import { recordAudit } from "../audit/record.js";
import { brokeConstraint, type Deps } from "../deps.js";
import { ConflictError, NotFoundError } from "../errors.js";
import { type Page, type PageInput, timestampKeysetPage } from "../paging.js";
import { isVerified, requireMember, requireModerator, requirePublisher, type Viewer } from "../policy.js";
import { lockUser } from "./profile.js";

/**
 * Verified creators (issue 23, item 6). A creator asks with a short text and links; a moderator checks by hand
 * that they run those Polybuzz or Roleplaya bots (nothing is checked automatically: that would need the
 * platforms' pages) and approves or denies; the mark (`users.verified_at`) can be withdrawn. Each decision
 * records its audit entry in the transaction that makes it, and takes the request only while it is pending, so
 * two moderators deciding at once get one success and one 409.
 */

type RequestRow = Selectable<VerificationRequestsTable>;

function toRequest(row: RequestRow): VerificationRequest {
  return {
    id: row.id,
    text: row.text,
    links: row.links,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The creator's mark and their latest request. */
export async function myVerification(deps: Deps, viewer: Viewer): Promise<MyVerification> {
  const member = requireMember(viewer);
  const latest = await deps.db
    .selectFrom("verificationRequests")
    .selectAll()
    .where("userId", "=", member.id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return { isVerified: isVerified(member), request: latest ? toRequest(latest) : null };
}

/** A creator asks to be verified: not while a request waits, nor when already verified. */
export async function requestVerification(
  deps: Deps,
  viewer: Viewer,
  input: { text: string; links: string[] },
): Promise<MyVerification> {
  const member = requirePublisher(viewer);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Locked so an approval landing meanwhile is seen (it updates this row in its transaction).
      const user = await lockUser(trx, member.id);
      if (isVerified(user)) throw new ConflictError(VERIFICATION_MESSAGES.alreadyVerified);
      const row = await trx
        .insertInto("verificationRequests")
        .values({ userId: member.id, text: input.text, links: input.links })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { isVerified: false, request: toRequest(row) };
    });
  } catch (error) {
    // The partial unique index: one pending request per creator, also when two arrive at once.
    if (brokeConstraint(error, "unique")) {
      throw new ConflictError(VERIFICATION_MESSAGES.alreadyPending);
    }
    throw error;
  }
}

/** What a moderator's list shows of a creator (`users as u`): the parts of their name, their e-mail, their listings count. */
const CREATOR_FACTS = [
  "u.nickname",
  "u.firstName",
  "u.lastName",
  "u.email",
  sql<number>`(SELECT count(*)::int FROM chatbots c WHERE c.user_id = u.id)`.as("listingCount"),
] as const;

/** Pending requests, oldest first (keyset), each with its creator and their listings count. */
export async function listPendingVerifications(
  deps: Deps,
  viewer: Viewer,
  input: PageInput,
): Promise<Page<PendingVerification>> {
  requireModerator(viewer);
  const query = deps.db
    .selectFrom("verificationRequests as r")
    .innerJoin("users as u", "u.id", "r.userId")
    .selectAll("r")
    .select([...CREATOR_FACTS, sql<string>`r.created_at::text`.as("cursorCreatedAt")])
    .where("r.status", "=", "pending");
  return timestampKeysetPage(
    query,
    { at: "r.created_at", id: "r.id", direction: "asc", cursorAt: (row) => row.cursorCreatedAt },
    input,
    (row) => ({
      ...toRequest(row),
      creator: { id: row.userId, name: creatorDisplayName(row), email: row.email, listingCount: row.listingCount },
    }),
  );
}

/** Verified creators, most recently verified first (keyset), for moderators to withdraw a mark. */
export async function listVerifiedCreators(
  deps: Deps,
  viewer: Viewer,
  input: PageInput,
): Promise<Page<VerifiedCreator>> {
  requireModerator(viewer);
  const query = deps.db
    .selectFrom("users as u")
    .select([
      "u.id",
      ...CREATOR_FACTS,
      sql<string>`u.verified_at::text`.as("cursorVerifiedAt"),
      sql<string>`to_char(u.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("verifiedAt"),
    ])
    .where("u.verifiedAt", "is not", null);
  return timestampKeysetPage(
    query,
    { at: "u.verified_at", id: "u.id", direction: "desc", cursorAt: (row) => row.cursorVerifiedAt },
    input,
    (row) => ({
      id: row.id,
      name: creatorDisplayName(row),
      email: row.email,
      listingCount: row.listingCount,
      verifiedAt: row.verifiedAt,
    }),
  );
}

type Decision = { status: "approved"; reason?: undefined } | { status: "denied"; reason: string };

/** Takes a pending request and decides it, with the creator's mark and the audit entry in one transaction. */
async function decide(deps: Deps, viewer: Viewer, id: string, decision: Decision): Promise<VerificationRequest> {
  const moderator = requireModerator(viewer);
  return deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("verificationRequests").select("userId").where("id", "=", id).executeTakeFirst();
    if (!found) throw new NotFoundError(VERIFICATION_MESSAGES.requestNotFound);
    // The creator's row first, as a new request and a withdrawal lock it, so racing writers queue instead of deadlocking.
    const creator = await lockUser(trx, found.userId);
    const row = await trx
      .updateTable("verificationRequests")
      .set({ status: decision.status, reason: decision.reason ?? null, decidedBy: moderator.id, decidedAt: new Date() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ConflictError(VERIFICATION_MESSAGES.alreadyDecided);
    if (decision.status === "approved") {
      await trx.updateTable("users").set({ verifiedAt: new Date() }).where("id", "=", row.userId).execute();
    }
    await recordAudit(trx, {
      action: decision.status === "approved" ? "verification.approve" : "verification.deny",
      moderator,
      target: { kind: "user", id: creator.id, label: creatorDisplayName(creator) },
      before: { status: "pending" },
      after: decision.status === "approved" ? { status: "approved" } : { status: "denied", reason: decision.reason },
    });
    return toRequest(row);
  });
}

export function approveVerification(deps: Deps, viewer: Viewer, input: { id: string }): Promise<VerificationRequest> {
  return decide(deps, viewer, input.id, { status: "approved" });
}

export function denyVerification(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; reason: string },
): Promise<VerificationRequest> {
  return decide(deps, viewer, input.id, { status: "denied", reason: input.reason });
}

/**
 * Removes a creator's mark, with a reason: their approved request says "withdrawn" with it (what the creator
 * sees), and they may ask again.
 */
export async function withdrawVerification(
  deps: Deps,
  viewer: Viewer,
  input: { userId: string; reason: string },
): Promise<MyVerification> {
  const moderator = requireModerator(viewer);
  return deps.db.transaction().execute(async (trx) => {
    const creator = await trx
      .updateTable("users")
      .set({ verifiedAt: null })
      .where("id", "=", input.userId)
      .where("verifiedAt", "is not", null)
      .returningAll()
      .executeTakeFirst();
    if (!creator) {
      await lockUser(trx, input.userId);
      throw new ConflictError(VERIFICATION_MESSAGES.notVerified);
    }
    const request = await trx
      .updateTable("verificationRequests")
      .set({ status: "withdrawn", reason: input.reason, decidedBy: moderator.id, decidedAt: new Date() })
      .where("userId", "=", input.userId)
      .where("status", "=", "approved")
      .returningAll()
      .executeTakeFirst();
    await recordAudit(trx, {
      action: "verification.withdraw",
      moderator,
      target: { kind: "user", id: creator.id, label: creatorDisplayName(creator) },
      before: { verified: true },
      after: { verified: false, reason: input.reason },
    });
    return { isVerified: false, request: request ? toRequest(request) : null };
  });
}
