import { ageInputSchema, BLOCKED_TAGS_MAX, safetySettingsResponseSchema, safetySettingsSchema } from "@gallery/schema";
import { confirmAge, readSafetySettings, updateSafetySettings } from "../domain/members/safety.js";
import { mutation, query, rest } from "./call.js";

/** The caller's safety settings: tag blocklist, NSFW display and the age question (domain/members/safety.ts). Never shared. */
export const settingsCalls = {
  safety: query({
    access: "member",
    output: safetySettingsResponseSchema,
    run: readSafetySettings,
    rest: rest({
      method: "GET",
      path: "/user/settings",
      operationId: "getSafetySettings",
      summary: "The caller's safety settings",
      description:
        "The tag blocklist (lower-cased) and how NSFW images are shown: show (default), blur (a blurred image made by the server until revealed), hide (no NSFW listings whatever the content filter says).",
      tag: "users",
    }),
  }),

  updateSafety: mutation({
    access: "member",
    input: safetySettingsSchema,
    output: safetySettingsResponseSchema,
    run: updateSafetySettings,
    rest: rest({
      method: "PUT",
      path: "/user/settings",
      operationId: "updateSafetySettings",
      summary: "Replaces the caller's safety settings",
      description: `Both fields every time. Listings carrying any blocked tag (compared case-insensitively) never reach the caller from any list, and the tag facets leave them out; at most ${BLOCKED_TAGS_MAX} tags. A refused input (400 with the reason) changes nothing.`,
      tag: "users",
      body: safetySettingsSchema,
      errors: [403],
    }),
  }),

  /** The age question: asked once before the first NSFW picture, and in the safety settings at any time. */
  confirmAge: mutation({
    access: "member",
    input: ageInputSchema,
    output: safetySettingsResponseSchema,
    run: confirmAge,
    rest: rest({
      method: "PUT",
      path: "/user/age",
      operationId: "confirmAge",
      summary: "Answers the age question with the caller's date of birth",
      description:
        "Kept privately (no call returns it; the settings say what it means: ageCheck). Under 13 is refused; under 18 turns NSFW off for the account, for good; an adult may correct the date.",
      tag: "users",
      body: ageInputSchema,
      errors: [403],
    }),
  }),
};
