import { type AuditAction, type AuditEntry, auditChanges } from "@gallery/schema";
import type { Deps } from "../deps.js";
import { InvalidError } from "../errors.js";
import type { Page } from "../paging.js";
import { requireSuperAdmin, type Viewer } from "../policy.js";

export interface AuditFilters {
  limit: number;
  cursor?: string | undefined;
  moderatorId?: string | undefined;
  targetId?: string | undefined;
  action?: AuditAction | undefined;
}

/**
 * The audit log for super admins: newest first, by moderator, target and action, a page at a time (keyset on
 * the entry's id, which only grows; each filter has its index beside the id). Read only: no call changes an
 * entry, and the table's trigger refuses it anyway.
 */
export async function listAuditLog(deps: Deps, viewer: Viewer, input: AuditFilters): Promise<Page<AuditEntry>> {
  requireSuperAdmin(viewer);
  let query = deps.db.selectFrom("auditLog").selectAll();
  if (input.cursor) {
    const after = Number(input.cursor);
    if (!Number.isSafeInteger(after)) throw new InvalidError("Invalid cursor");
    query = query.where("id", "<", after);
  }
  if (input.moderatorId) query = query.where("moderatorId", "=", input.moderatorId);
  if (input.targetId) query = query.where("targetId", "=", input.targetId);
  if (input.action) query = query.where("action", "=", input.action);
  const rows = await query
    .orderBy("id", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => {
      const before = (row.before as Record<string, unknown> | null) ?? null;
      const after = (row.after as Record<string, unknown> | null) ?? null;
      return {
        id: row.id,
        at: row.at.toISOString(),
        moderatorId: row.moderatorId,
        moderatorName: row.moderatorName,
        action: row.action as AuditAction,
        targetKind: row.targetKind,
        targetId: row.targetId,
        targetLabel: row.targetLabel,
        before,
        after,
        // What changed in words ("Focal point: 50 % → 30 %"), by the labels of packages/schema (audit-texts.ts).
        changes: auditChanges(before, after),
      };
    }),
    nextCursor: rows.length > input.limit ? String(page.at(-1)!.id) : null,
  };
}
