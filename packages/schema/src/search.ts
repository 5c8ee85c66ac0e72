import { z } from "zod";
import { SEARCH_MAX } from "./constants.js";

/** The header search box's suggestions (issue 39 §1): titles, tags and creators, at most this many. */
export const SUGGESTIONS_MAX = 8;
/** Fewer characters than this suggest nothing (every listing would). */
export const SUGGEST_MIN = 2;

export const suggestionsInputSchema = z.object({
  q: z.string().trim().max(SEARCH_MAX, `Search must be ${SEARCH_MAX} characters or less`),
});

/**
 * One suggestion: a listing's title (`id` the listing's, its page at listingPath), a tag (the gallery filtered by
 * it) or a creator (`id` the creator's, their profile).
 */
export const suggestionSchema = z
  .object({
    kind: z.enum(["title", "tag", "creator"]),
    text: z.string(),
    id: z.string().nullable(),
  })
  .meta({ id: "Suggestion" });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** What the search box says about its suggestions (the listbox's name and a group's label). */
export const SEARCH_TEXTS = {
  suggestions: "Suggestions",
  kinds: { title: "Chatbot", tag: "Tag", creator: "Creator" },
} as const;
