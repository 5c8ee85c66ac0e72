import { z } from "zod";
import { ABOUT_MAX, NICKNAME_MAX, PASSWORD_MIN } from "./constants";

export const nicknameSchema = z
  .string({ error: "Nickname is required" })
  .trim()
  .min(1, "Nickname is required")
  .max(NICKNAME_MAX, "Nickname must be 32 characters or less");

/** Domains and links are refused so the about text cannot advertise elsewhere. */
const WEB_ADDRESS = /\.com|\.net|\.org|\.co|\.io|http/i;

export const aboutSchema = z
  .string()
  .max(ABOUT_MAX, "About section must be 500 characters or less")
  .refine((text) => !WEB_ADDRESS.test(text), "About section cannot contain web addresses or domains");

const optionalUrl = (label: string) =>
  z.union([z.literal(""), z.url({ error: `Invalid ${label} URL`, protocol: /^https?$/ })]).optional();

export const socialLinksSchema = z.object({
  instagramUrl: optionalUrl("Instagram"),
  blueskyUrl: optionalUrl("Bluesky"),
  facebookUrl: optionalUrl("Facebook"),
  twitterUrl: optionalUrl("Twitter/X"),
  kofiUrl: optionalUrl("Ko-Fi"),
  patreonUrl: optionalUrl("Patreon"),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;
export const SOCIAL_LINK_FIELDS = [
  { key: "instagramUrl", label: "Instagram" },
  { key: "blueskyUrl", label: "Bluesky" },
  { key: "facebookUrl", label: "Facebook" },
  { key: "twitterUrl", label: "Twitter/X" },
  { key: "kofiUrl", label: "Ko-Fi" },
  { key: "patreonUrl", label: "Patreon" },
] as const satisfies ReadonlyArray<{ key: keyof SocialLinks; label: string }>;

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
