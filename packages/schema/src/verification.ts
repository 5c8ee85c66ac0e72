import { z } from "zod";
import { idSchema } from "./chatbot.js";
import { filledText } from "./text-input.js";

/** Verified creators (issue 23, item 6): what a creator sends, what they and moderators read back. */
export const VERIFICATION_TEXT_MAX = 500;
export const VERIFICATION_LINKS_MAX = 5;
export const VERIFICATION_REASON_MAX = 500;

/** Every message these calls answer, once (tested word for word). */
export const VERIFICATION_MESSAGES = {
  textRequired: "Tell us which bots are yours",
  textTooLong: `Keep it under ${VERIFICATION_TEXT_MAX} characters`,
  linksRequired: "Add at least one link",
  tooManyLinks: `At most ${VERIFICATION_LINKS_MAX} links`,
  invalidLink: "Each link must be a web address (https://…)",
  reasonRequired: "Give a reason",
  reasonTooLong: `Keep the reason under ${VERIFICATION_REASON_MAX} characters`,
  alreadyPending: "You already have a verification request waiting for a moderator",
  alreadyVerified: "You are already verified",
  requestNotFound: "Verification request not found",
  alreadyDecided: "This request was already decided",
  notVerified: "This creator is not verified",
} as const;

const link = z
  .url({ protocol: /^https?$/, error: VERIFICATION_MESSAGES.invalidLink })
  .max(2000, VERIFICATION_MESSAGES.invalidLink);

export const verificationRequestInputSchema = z.object({
  text: filledText(VERIFICATION_TEXT_MAX, {
    required: VERIFICATION_MESSAGES.textRequired,
    tooLong: VERIFICATION_MESSAGES.textTooLong,
  }),
  links: z
    .array(z.string().trim().pipe(link))
    .min(1, VERIFICATION_MESSAGES.linksRequired)
    .max(VERIFICATION_LINKS_MAX, VERIFICATION_MESSAGES.tooManyLinks),
});
export type VerificationRequestInput = z.input<typeof verificationRequestInputSchema>;

const reason = z
  .string()
  .trim()
  .min(1, VERIFICATION_MESSAGES.reasonRequired)
  .max(VERIFICATION_REASON_MAX, VERIFICATION_MESSAGES.reasonTooLong);

/** A moderator's decision on one request. */
export const verificationDecisionInputSchema = z.object({ id: idSchema });
export const verificationDenyInputSchema = z.object({ id: idSchema, reason });
/** Withdrawing a creator's mark. */
export const verificationWithdrawInputSchema = z.object({ userId: idSchema, reason });

export const verificationStatusSchema = z.enum(["pending", "approved", "denied", "withdrawn"]);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationRequestSchema = z
  .object({
    id: z.uuid(),
    text: z.string(),
    links: z.array(z.string()),
    status: verificationStatusSchema,
    reason: z.string().nullable().meta({ description: "Why it was denied or withdrawn." }),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "VerificationRequest" });
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** The creator's own view: whether they are verified, and their latest request (null: never asked). */
export const myVerificationSchema = z
  .object({ isVerified: z.boolean(), request: verificationRequestSchema.nullable() })
  .meta({ id: "MyVerification" });
export type MyVerification = z.infer<typeof myVerificationSchema>;

/** A creator as moderators see them when verifying: who they are and how many listings they have. */
const creatorToVerifySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  listingCount: z.number().int(),
});

/** A pending request as moderators see it: with its creator. */
export const pendingVerificationSchema = verificationRequestSchema
  .extend({ creator: creatorToVerifySchema })
  .meta({ id: "PendingVerification" });
export type PendingVerification = z.infer<typeof pendingVerificationSchema>;

/** A verified creator as moderators list them (to withdraw the mark). */
export const verifiedCreatorSchema = creatorToVerifySchema
  .extend({ verifiedAt: z.string() })
  .meta({ id: "VerifiedCreator" });
export type VerifiedCreator = z.infer<typeof verifiedCreatorSchema>;
