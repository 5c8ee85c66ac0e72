import { z } from "zod";
import { idSchema } from "./chatbot.js";
import { pageFields } from "./paging.js";
import {
  APPEAL_MESSAGE_MAX,
  APPEAL_MESSAGES,
  DECISION_KINDS,
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  QUEUE_REASONS,
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  type ReportReason,
} from "./report-texts.js";
import { queueReviewSchema } from "./reviews.js";
import { adminChatbotResponseSchema } from "./types.js";

export * from "./report-texts.js";

/** Reports, the moderation queue and what creators are told (issue 23): the calls' shapes. */

export const reportReasonSchema = z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], {
  error: "Choose a reason",
});
export const reportInputSchema = z
  .object({
    targetKind: z.enum(REPORT_TARGET_KINDS, { error: "Choose what you report: a listing, a profile or a review" }),
    targetId: idSchema,
    reason: reportReasonSchema,
    details: z.string().trim().max(REPORT_DETAILS_MAX, { error: REPORT_MESSAGES.detailsTooLong }).optional(),
    originalUrl: z
      .url({ protocol: /^https?$/, error: REPORT_MESSAGES.invalidUrl })
      .max(2000, { error: REPORT_MESSAGES.invalidUrl })
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .refine((input) => input.reason !== "stolen" || Boolean(input.originalUrl), {
    error: REPORT_MESSAGES.originalRequired,
    path: ["originalUrl"],
  })
  .meta({ id: "ReportInput" });
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportReceiptSchema = z
  .object({ id: z.uuid(), message: z.string().meta({ description: "What happens next, for the reporter." }) })
  .meta({ id: "ReportReceipt" });

/** States a listing may be in besides shown, and the account state. */
export const listingStateSchema = z
  .object({
    hidden: z.boolean().meta({ description: "Hidden by a moderator." }),
    hiddenReason: z.string().nullable(),
    reviewPending: z.boolean().meta({ description: "Hidden by reports until a moderator reviews it." }),
    ownerSuspended: z.boolean(),
  })
  .meta({ id: "ListingState" });
export type ListingState = z.infer<typeof listingStateSchema>;

const queueReportSchema = z.object({
  reason: z.enum(QUEUE_REASONS),
  details: z.string().nullable(),
  originalUrl: z.string().nullable(),
  reporterKind: z.enum(["member", "visitor", "creator", "system"]),
  createdAt: z.string(),
});

/**
 * A target's open reports by reason, keyed by the reasons' one declaration (QUEUE_REASONS: `broken_link`, never a
 * re-spelt `brokenLink`), on both transports.
 */
export const reasonCountsSchema = z.partialRecord(z.enum(QUEUE_REASONS), z.number().int());

/** One target in the queue: its open reports summed up, the newest texts, and what it is. */
export const queueItemSchema = z
  .object({
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.uuid(),
    openCount: z.number().int(),
    reasonCounts: reasonCountsSchema,
    lastReportAt: z.string(),
    isAppeal: z.boolean(),
    possiblyCoordinated: z.boolean().meta({
      description:
        "Two or more reporters of this target reported from one address or network on the same day: they may be one person.",
    }),
    latest: z.array(queueReportSchema).meta({ description: "The newest reports (at most 5)." }),
    listing: adminChatbotResponseSchema.extend({ state: listingStateSchema }).nullable(),
    /** The other listing of a possible duplicate (listed first by another creator). */
    duplicateOf: adminChatbotResponseSchema.nullable(),
    profile: z
      .object({
        id: z.uuid(),
        name: z.string(),
        avatarUrl: z.string().nullable(),
        suspended: z.boolean(),
        suspensionReason: z.string().nullable(),
      })
      .nullable()
      .meta({ description: "The profile reported, or the listing's creator." }),
    review: queueReviewSchema.nullable().meta({ description: "The review reported (a review's report only)." }),
    appeal: z
      .object({
        decision: z.object({
          kind: z.enum(DECISION_KINDS),
          reason: z.string().nullable(),
          decidedAt: z.string(),
          decidedBy: z
            .string()
            .nullable()
            .meta({ description: "The moderator as named when they decided; null for the system (reports)." }),
        }),
        message: z.string().nullable().meta({ description: "What the creator wrote with the appeal." }),
        appealedAt: z.string(),
      })
      .nullable()
      .meta({ description: "For an appeal: the decision appealed and the creator's message." }),
    actions: z.array(z.enum(MODERATION_ACTIONS)).meta({
      description:
        "The actions that would change something now, the suggested one first (an action that changes nothing is refused with 409).",
    }),
  })
  .meta({ id: "QueueItem" });
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueInputSchema = z.object(pageFields({ size: 20 })).prefault({});

export const moderationActionInputSchema = z
  .object({
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: idSchema,
    action: z.enum(MODERATION_ACTIONS, { error: "Unknown action" }),
    reason: z
      .string()
      .trim()
      .max(MODERATION_REASON_MAX, { error: `The reason must be at most ${MODERATION_REASON_MAX} characters` })
      .optional(),
  })
  .refine((input) => !["hide", "suspend"].includes(input.action) || Boolean(input.reason), {
    error: "Please give a reason",
    path: ["reason"],
  })
  .meta({ id: "ModerationActionInput" });
export type ModerationActionInput = z.input<typeof moderationActionInputSchema>;

export const moderationResultSchema = z
  .object({
    closedReports: z.number().int().meta({ description: "Open reports on the target this closed." }),
    outcome: z.string(),
  })
  .meta({ id: "ModerationResult" });

export const decisionSchema = z
  .object({
    id: z.uuid(),
    chatbotId: z.uuid().nullable(),
    kind: z.enum(DECISION_KINDS),
    reason: z.string().nullable(),
    createdAt: z.string(),
    appealedAt: z.string().nullable(),
    canAppeal: z.boolean(),
  })
  .meta({ id: "ModerationDecision" });
export type Decision = z.infer<typeof decisionSchema>;

/** What a creator is told: their suspension, and per listing its state and the latest decision. */
export const moderationNoticesSchema = z
  .object({
    suspension: z
      .object({ reason: z.string().nullable(), since: z.string(), decision: decisionSchema.nullable() })
      .nullable(),
    listings: z.array(
      z.object({ chatbotId: z.uuid(), state: listingStateSchema, decision: decisionSchema.nullable() }),
    ),
  })
  .meta({ id: "ModerationNotices" });
export type ModerationNotices = z.infer<typeof moderationNoticesSchema>;

export const appealInputSchema = z.object({
  decisionId: idSchema,
  message: z
    .string()
    .trim()
    .max(APPEAL_MESSAGE_MAX, { error: APPEAL_MESSAGES.messageTooLong })
    .optional()
    .meta({ description: `What the creator tells the moderators (at most ${APPEAL_MESSAGE_MAX} characters).` }),
});
