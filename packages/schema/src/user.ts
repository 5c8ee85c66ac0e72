import { z } from "zod";
import { ABOUT_MAX, NICKNAME_MAX, PASSWORD_MIN } from "./constants.js";
import { tooLongText } from "./limit-texts.js";

export const nicknameSchema = z
  .string({ error: "Nickname is required" })
  .trim()
  .min(1, "Nickname is required")
  .max(NICKNAME_MAX, tooLongText("Nickname", NICKNAME_MAX));

/** Domains and links are refused so the about text cannot advertise elsewhere. */
const WEB_ADDRESS = /\.com|\.net|\.org|\.co|\.io|http/i;

export const aboutSchema = z
  .string({ error: "About section must be text" })
  .max(ABOUT_MAX, tooLongText("About section", ABOUT_MAX))
  .refine((text) => !WEB_ADDRESS.test(text), "About section cannot contain web addresses or domains");

/** A social link: a web address, or "" for none. */
const linkUrl = (label: string) =>
  z.union(
    [z.literal(""), z.url({ protocol: /^https?$/, error: `Invalid ${label} URL` }).max(2000, `Invalid ${label} URL`)],
    {
      error: (issue) =>
        issue.input === undefined ? `${label} link is required ("" for none)` : `Invalid ${label} URL`,
    },
  );

/** The six social links (spec section 5), in their order, with their labels. */
const SOCIAL_LABELS = {
  instagramUrl: "Instagram",
  blueskyUrl: "Bluesky",
  facebookUrl: "Facebook",
  twitterUrl: "Twitter/X",
  kofiUrl: "Ko-Fi",
  patreonUrl: "Patreon",
} as const;

/** The body of PUT /api/user/social-media: all six links every time (spec section 7). */
export const socialLinksInputSchema = z
  .object({
    instagramUrl: linkUrl(SOCIAL_LABELS.instagramUrl),
    blueskyUrl: linkUrl(SOCIAL_LABELS.blueskyUrl),
    facebookUrl: linkUrl(SOCIAL_LABELS.facebookUrl),
    twitterUrl: linkUrl(SOCIAL_LABELS.twitterUrl),
    kofiUrl: linkUrl(SOCIAL_LABELS.kofiUrl),
    patreonUrl: linkUrl(SOCIAL_LABELS.patreonUrl),
  })
  .strict();

/** The social links form: each optional, a valid URL or empty. */
export const socialLinksSchema = socialLinksInputSchema.partial();
export type SocialLinks = z.infer<typeof socialLinksSchema>;
/** The links' keys and labels in their order, for the profile's list and the social links form. */
export const SOCIAL_LINK_FIELDS = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[]).map((key) => ({
  key,
  label: SOCIAL_LABELS[key],
})) satisfies ReadonlyArray<{ key: keyof SocialLinks; label: string }>;

export const signUpSchema = z.object({
  email: z.email("Invalid email address"),
  nickname: nicknameSchema,
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be in YYYY-MM-DD format"),
  termsAccepted: z.literal(true, "You must accept the Terms of Service"),
  privacyAccepted: z.literal(true, "You must accept the Privacy Policy"),
  ageVerified: z.literal(true, "You must verify that you are 13 years or older"),
});

/** The e-mail and password form of the auth page. */
export const emailAuthSchema = z
  .object({
    mode: z.enum(["signin", "signup"]),
    email: z.string().trim().min(1, "Please enter your email address."),
    password: z.string().min(1, "Please enter your password."),
    confirmPassword: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.mode !== "signup") return;
    if (form.password.length > 0 && form.password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "Password must be at least 6 characters long." });
    }
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match." });
    }
  });

/** Path parameter of the public profile calls. */
export const userIdSchema = z.object({ userId: z.uuid({ error: "Invalid user id" }) });
