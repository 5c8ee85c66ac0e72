import { z } from "zod";
import { AGE_MESSAGES } from "./age-texts.js";
import { tagList } from "./text-input.js";

export * from "./age-texts.js";

/** A member's tag blocklist holds at most this many tags. */
export const BLOCKED_TAGS_MAX = 100;
export const NSFW_DISPLAYS = ["show", "blur", "hide"] as const;
export type NsfwDisplayOption = (typeof NSFW_DISPLAYS)[number];

/** The labels of the dashboard's NSFW display choice. */
export const NSFW_DISPLAY_LABELS: Record<NsfwDisplayOption, string> = {
  show: "Show",
  blur: "Blur",
  hide: "Hide",
};

/**
 * A member's safety settings (issue 13): listings carrying any blocked tag never reach them (compared
 * case-insensitively: stored lower-cased, duplicates dropped), and how NSFW images are shown to them.
 */
export const safetySettingsSchema = z
  .object({
    blockedTags: tagList("blocked tag")
      .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))])
      .pipe(z.array(z.string()).max(BLOCKED_TAGS_MAX, `At most ${BLOCKED_TAGS_MAX} blocked tags are allowed`)),
    nsfwDisplay: z.enum(NSFW_DISPLAYS, { error: "NSFW display must be one of show, blur, hide" }),
  })
  .strict();
export type SafetySettingsInput = z.input<typeof safetySettingsSchema>;

export const safetySettingsResponseSchema = z
  .object({
    blockedTags: z.array(z.string()),
    nsfwDisplay: z.enum(NSFW_DISPLAYS),
    nsfwDisplayInEffect: z.enum(NSFW_DISPLAYS).meta({
      description:
        "How NSFW images reach the member now, their choice and their age together: an unanswered age blurs what Show would show; under 18, Hide.",
    }),
    nsfwDisplayChoices: z.array(z.enum(NSFW_DISPLAYS)).meta({
      description:
        "The NSFW displays that take effect as chosen at the member's age: all three for an adult; Blur and Hide until the age question is answered; Hide alone under 18.",
    }),
    ageCheck: z.enum(["unanswered", "adult", "minor"]).meta({
      description:
        "The member's answer to the age question: unanswered (NSFW pictures blurred until they answer), adult, or minor (NSFW off, as Hide).",
    }),
  })
  .meta({ id: "SafetySettings" });
export type SafetySettings = z.infer<typeof safetySettingsResponseSchema>;

export const ageInputSchema = z
  .object({
    dateOfBirth: z
      .string({ error: "Date must be in YYYY-MM-DD format" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be in YYYY-MM-DD format")
      .refine((value) => {
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
      }, "Date must be in YYYY-MM-DD format")
      .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(), AGE_MESSAGES.future),
  })
  .strict();
export type AgeInput = z.input<typeof ageInputSchema>;

/** Creators' e-mail (issue 23): "Show my e-mail to signed-in members", on unless the creator turns it off. */
export const emailVisibilitySchema = z
  .object({ showEmail: z.boolean({ error: "showEmail must be true or false" }) })
  .strict();
export const EMAIL_VISIBILITY_LABEL = "Show my e-mail to signed-in members";
