/**
 * The words of reports, the moderation queue and creators' notices (issue 23), without zod, so the web
 * shows them without loading the schemas.
 */
/** The reasons a visitor or member may give, with the labels the report dialog shows. */
export const REPORT_REASONS = {
  mislabelled: "Mislabelled (NSFW shown as SFW) or wrong tags",
  stolen: "Stolen or impersonating",
  broken_link: "Broken link",
  illegal: "Illegal or harmful",
  spam: "Spam",
  other: "Other",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
/** Every kind of item in the queue: the reasons, a creator's appeal, a possible duplicate. */
export const QUEUE_REASONS = [...(Object.keys(REPORT_REASONS) as ReportReason[]), "appeal", "duplicate"] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];
export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  ...REPORT_REASONS,
  appeal: "Appeal",
  duplicate: "Possible duplicate",
};

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_TARGET_KINDS = ["listing", "profile", "review"] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** What the reporter reads once the report is in: what happens next. */
export const REPORT_CONFIRMATION =
  "Thanks for your report. A moderator will review it and act if it breaks our rules; if several people report a listing as mislabelled, it is hidden until then.";
export const REPORT_MESSAGES = {
  duplicate: "You have already reported this",
  ownListing: "You cannot report your own listing",
  ownProfile: "You cannot report your own profile",
  originalRequired: "Please add the link to the original",
  tooMany: "You have sent too many reports, please try again later",
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  invalidUrl: "Please enter a valid link (https://...)",
  suspended: "Your account is suspended: you cannot send reports",
} as const;

/** A suspended creator's refusal to publish or change a listing (403), and why their 'Add Chatbot' is disabled. */
export const SUSPENDED_PUBLISH_MESSAGE = "Your account is suspended: you cannot publish or change listings";

/** The queue's mark on a target whose reports came from one address or network (they may be one person). */
export const POSSIBLY_COORDINATED = {
  label: "Possibly coordinated",
  explanation:
    "Several of these reports came from one address or network on the same day, so they may be one person. Reports from one address or network never hide a listing on their own.",
} as const;

/** A decision about the creator's listing or account (its kind), as they are told it. */
export const DECISION_TEXTS = {
  hidden: "Hidden by a moderator",
  autoHidden: "Hidden after several reports, until a moderator reviews it",
  restored: "Restored by a moderator",
  markedNsfw: "Marked NSFW by a moderator",
  edited: "Changed by a moderator",
  suspended: "Your account is suspended",
  lifted: "Your account's suspension was lifted",
} as const;
export type DecisionKind = keyof typeof DECISION_TEXTS;
export const DECISION_KINDS = Object.keys(DECISION_TEXTS) as readonly DecisionKind[];
/** A decision as the moderation queue names it, beside an appeal of it. */
export const DECISION_LABELS: Record<DecisionKind, string> = {
  hidden: "Hidden",
  autoHidden: "Hidden after reports, pending review",
  restored: "Restored",
  markedNsfw: "Marked NSFW",
  edited: "Edited by a moderator",
  suspended: "Creator suspended",
  lifted: "Suspension lifted",
};
/** How long the creator's message with an appeal may be. */
export const APPEAL_MESSAGE_MAX = 500;
export const APPEAL_MESSAGES = {
  sent: "Your request for a review is in the moderators' queue.",
  already: "You have already asked for a review of this decision",
  notYours: "Decision not found",
  messageLabel: "Message to the moderators (optional)",
  messageTooLong: `Your message must be at most ${APPEAL_MESSAGE_MAX} characters`,
} as const;
/** What a moderator does with a queue item (or any listing or creator). */
export const MODERATION_ACTIONS = ["dismiss", "markNsfw", "hide", "restore", "delete", "suspend", "lift"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_REASON_MAX = 500;
export const MODERATION_MESSAGES = {
  /** A moderator's action that would leave the target as it is (restore a shown listing, lift no suspension): 409. */
  nothingToChange: "Nothing to change",
} as const;
