import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, type AuditAction } from "./audit-actions.js";

export { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, type AuditAction, type AuditTargetKind } from "./audit-actions.js";
export * from "./audit-texts.js";
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

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
  "review.hide": "Hid review",
  "review.restore": "Restored review",
  "review.delete": "Deleted review",
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
    changes: z
      .array(
        z
          .object({
            field: z.string().meta({ description: "The field as kept in before and after (imageFocusY)." }),
            label: z.string().meta({ description: "Its name as a person reads it (Focal point)." }),
            before: z
              .string()
              .nullable()
              .meta({ description: "Its value before, in words (50 %, No); null: none kept." }),
            after: z
              .string()
              .nullable()
              .meta({ description: "Its value after, in words (30 %, Yes); null: none kept." }),
          })
          .meta({ id: "AuditChange" }),
      )
      .meta({ description: "Before and after in words, one row per field (Focal point: 50 % → 30 %)." }),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
