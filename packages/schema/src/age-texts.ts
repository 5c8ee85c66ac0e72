/** The age question's words (issue 23), without zod, so any page can show them. The answer is never shown again. */
export const AGE_MESSAGES = {
  question: "Please confirm your date of birth to see mature content.",
  why: "Chatbot Gallery is for ages 13 and up; mature (NSFW) content is only for members 18 or older. Your date of birth is private and never shown.",
  future: "Date of birth cannot be in the future",
  tooYoung: "You must be 13 years or older to use Chatbot Gallery",
  minorSetting: "Members under 18 cannot turn on mature content",
  minorAnswered: "Your date of birth can no longer be changed",
  listingHidden: "This listing is for members 18 or older",
  /** What an under-18 answer changed, said right after it (the age dialog, the safety settings). */
  minorResult:
    "Mature content is off for your account: you told us you are under 18. NSFW listings no longer appear anywhere, and this cannot be changed.",
  /** The safety settings while the age question is unanswered: why Show is not offered yet. */
  unansweredBlur: "Until you confirm your age, NSFW pictures are blurred; Show becomes available once you do.",
} as const;
