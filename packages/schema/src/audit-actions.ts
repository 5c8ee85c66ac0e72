// Zod-free, so the web's router (which validates /admin's address with it) keeps zod out of the first load.
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
  "review.hide",
  "review.restore",
  "review.delete",
  "report.dismiss",
  "report.resolve",
  "verification.approve",
  "verification.deny",
  "verification.withdraw",
  "imageJob.start",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; its id and name are kept as they were when the action was taken. */
export const AUDIT_TARGET_KINDS = ["listing", "user", "report", "job", "review"] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];
