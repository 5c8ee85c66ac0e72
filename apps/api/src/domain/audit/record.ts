import type { UserRow } from "@gallery/db";
import { type AuditAction, type AuditTargetKind, creatorDisplayName } from "@gallery/schema";
import type { Db } from "../deps.js";

/** One moderator action, as the audit log keeps it. */
export interface AuditEntry {
  action: AuditAction;
  /** Who acted (null: an operator's CLI or the system, named by `moderatorName`). */
  moderator: Pick<UserRow, "id" | "nickname" | "firstName" | "lastName" | "email"> | null;
  moderatorName?: string;
  target: { kind: AuditTargetKind; id: string | null; label: string };
  /** A short before/after: only the fields the action changed. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records a moderator action. Call it with the transaction that makes the change, so the log holds
 * exactly what happened: an action that fails leaves no entry, and one that succeeds always has one.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      moderatorId: entry.moderator?.id ?? null,
      moderatorName: entry.moderator ? creatorDisplayName(entry.moderator) : (entry.moderatorName ?? "system"),
      action: entry.action,
      targetKind: entry.target.kind,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}
