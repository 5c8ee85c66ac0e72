import { z } from "zod";
import { SEARCH_MAX } from "./constants.js";
import { tooLongText } from "./limit-texts.js";

/** The suggestions call's input and answer (what the search box shows is search.ts's, zod-free). */
export const suggestionsInputSchema = z.object({
  q: z.string().trim().max(SEARCH_MAX, tooLongText("Search", SEARCH_MAX)),
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
