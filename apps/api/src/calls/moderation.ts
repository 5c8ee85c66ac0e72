import {
  appealInputSchema,
  moderationActionInputSchema,
  moderationNoticesSchema,
  moderationResultSchema,
  queueInputSchema,
  queueItemSchema,
  reportInputSchema,
  reportReceiptSchema,
} from "@gallery/schema";
import { z } from "zod";
import { moderate } from "../domain/moderation/actions.js";
import { appealDecision, moderationNotices } from "../domain/moderation/notices.js";
import { listQueue } from "../domain/moderation/queue.js";
import { createReport } from "../domain/moderation/reports.js";
import { mutation, pageOf, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/** Reports, the moderation queue and what creators are told (issue 23; docs/admin.md). */
export const moderationCalls = {
  /** Anyone reports a listing or profile they can see. */
  report: mutation({
    access: "public",
    input: reportInputSchema,
    output: reportReceiptSchema,
    run: (ctx, viewer, input) => createReport(ctx, viewer, input, ctx.visitor),
    rest: rest({
      method: "POST",
      path: "/reports",
      operationId: "createReport",
      summary: "Report a listing or a profile",
      description:
        "Visitors and members. One open report per reporter and target (409); a few an hour per reporter (429). The answer says what happens next.",
      tag: "members",
      body: reportInputSchema,
      status: 201,
      errors: [404, 409],
    }),
  }),

  /** The queue: targets with open reports, most recently reported first. */
  queue: query({
    access: "moderator",
    input: queueInputSchema,
    output: pageOf(queueItemSchema),
    paged: true,
    run: listQueue,
    rest: rest({
      method: "GET",
      path: "/admin/queue",
      operationId: "listModerationQueue",
      summary: "The moderation queue: reported targets, most recently reported first",
      description: "Next page in the Link header.",
      tag: "admin",
      query: fromQuery(queueInputSchema.unwrap()),
    }),
  }),

  /**
   * Dismiss, mark NSFW, hide, restore, delete, suspend or lift; closes the target's open reports. An action that
   * would change nothing (the queue item's `actions` leave it out) is a 409 "Nothing to change", logged nowhere.
   */
  act: mutation({
    access: "moderator",
    input: moderationActionInputSchema,
    output: moderationResultSchema,
    run: moderate,
    rest: rest({
      method: "POST",
      path: "/admin/queue/actions",
      operationId: "moderateTarget",
      summary: "Act on a reported listing or profile",
      description:
        'Every open report on the target is closed with the outcome; the action is in the audit log. An action that would leave the target as it is (restore a shown listing, hide a hidden one, lift no suspension, dismiss no open reports; so also the second of two moderators doing the same at once) is refused with 409 "Nothing to change" and leaves no audit entry.',
      tag: "admin",
      body: moderationActionInputSchema,
      errors: [404, 409],
    }),
  }),

  /** The caller's suspension and their listings' moderation states and decisions. */
  notices: query({
    access: "member",
    output: moderationNoticesSchema,
    run: moderationNotices,
    rest: rest({
      method: "GET",
      path: "/user/moderation",
      operationId: "getModerationNotices",
      summary: "What moderators decided about the caller's account and listings",
      tag: "members",
    }),
  }),

  /** Ask for a review of a decision, once. */
  appeal: mutation({
    access: "member",
    input: appealInputSchema,
    output: z.object({ message: z.string() }).meta({ id: "AppealReceipt" }),
    run: appealDecision,
    rest: rest({
      method: "POST",
      path: "/user/appeals",
      operationId: "appealDecision",
      summary: "Ask for a review of a moderator's decision (once per decision)",
      description:
        "With an optional message to the moderators (at most 500 characters; a longer one is refused with 400 and nothing is sent). The queue shows the decision appealed beside it.",
      tag: "members",
      body: appealInputSchema,
      status: 201,
      errors: [404, 409],
    }),
  }),
};
