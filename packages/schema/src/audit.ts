import { z } from "zod";

/**
 * Every moderator action the audit log records (issue 23), as `<what>.<verb>`. One list, so the log's
 * filter, its REST query and the code that records an action cannot name different things.
 */
export const AUDIT_ACTIONS = [
  "user.approve",
  "user.reject",
  "user.delete",
  "user.makeAdmin",
  "user.removeAdmin",
  "user.suspend",
  "user.lift",
  "listing.edit",
  "listing.delete",
  "listing.hide",
  "listing.restore",
  "listing.markNsfw",
  "report.dismiss",
  "report.resolve",
  "verification.approve",
  "verification.deny",
  "verification.withdraw",
  "imageJob.start",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/** What an entry is about; its id and name are kept as they were when the action was taken. */
export const AUDIT_TARGET_KINDS = ["listing", "user", "report", "job"] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** How the panel names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.approve": "Approved user",
  "user.reject": "Rejected user",
  "user.delete": "Deleted user",
  "user.makeAdmin": "Made admin",
  "user.removeAdmin": "Removed admin",
  "user.suspend": "Suspended creator",
  "user.lift": "Lifted suspension",
  "listing.edit": "Edited listing",
  "listing.delete": "Deleted listing",
  "listing.hide": "Hid listing",
  "listing.restore": "Restored listing",
  "listing.markNsfw": "Marked listing NSFW",
  "report.dismiss": "Dismissed reports",
  "report.resolve": "Resolved reports",
  "verification.approve": "Verified creator",
  "verification.deny": "Denied verification",
  "verification.withdraw": "Withdrew verification",
  "imageJob.start": "Started image job",
};

export const auditListInputSchema = z
  .object({
    limit: z.number().int().min(1).max(100).default(50),
    cursor: z.string().max(40).optional(),
    moderatorId: z.uuid({ error: "Invalid moderator id" }).optional(),
    targetId: z.string().trim().min(1).max(100).optional(),
    action: auditActionSchema.optional(),
  })
  .prefault({});
export type AuditListInput = z.input<typeof auditListInputSchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    moderatorId: z.string().nullable().meta({ description: "Null for the system or an operator's CLI." }),
    moderatorName: z.string().meta({ description: "As the moderator was named when they acted." }),
    action: auditActionSchema,
    targetKind: z.enum(AUDIT_TARGET_KINDS),
    targetId: z.string().nullable(),
    targetLabel: z.string().meta({ description: "The target's name when the action was taken." }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
