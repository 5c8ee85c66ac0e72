import { AUDIT_ACTIONS, type AuditAction } from "@gallery/schema/audit-actions";

/** The audit log's filters, kept in the /admin address so a filtered log is a link and back/forward work. */
export interface AdminSearch {
  auditAction?: AuditAction | undefined;
  auditModerator?: string | undefined;
  auditTarget?: string | undefined;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : undefined);

/** The /admin route's search params: an action outside the list, or an empty value, is left out. */
export function validateAdminSearch(raw: Record<string, unknown>): AdminSearch {
  const action = text(raw.auditAction);
  return {
    auditAction: AUDIT_ACTIONS.includes(action as AuditAction) ? (action as AuditAction) : undefined,
    auditModerator: text(raw.auditModerator),
    auditTarget: text(raw.auditTarget),
  };
}
