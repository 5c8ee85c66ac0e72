import { z } from "zod";
import { idSchema, listChatbotsSchema } from "./chatbot.js";
import { pageFields } from "./paging.js";
import { toggleStateSchema } from "./toggle-state.js";
import { creatorSchema } from "./types.js";

/** Favourites and follows (issue 13): a member's own saved listings and followed creators. */

/** The Saved page: newest saved first, gallery-sized pages. */
export const favoritesPageSchema = z
  .object(pageFields())
  .extend({
    /** Also the saves the member's own safety settings hide (their "Show them"); the age rule still applies. */
    showHidden: z.boolean().optional(),
  })
  .prefault({});

/** How many of the member's saves their own safety settings (blocked tags, NSFW hidden) keep off the Saved page. */
export const hiddenSavesSchema = z.object({
  count: z.number().int().meta({ description: "Saved listings the caller's safety settings hide." }),
});
export type HiddenSaves = z.infer<typeof hiddenSavesSchema>;

/** How many popular creators the empty Following view suggests. */
export const SUGGESTED_CREATORS_MAX = 6;
/** A creator suggested to follow: as listings embed them, with their follower count. */
export const suggestedCreatorSchema = creatorSchema
  .extend({ followerCount: z.number().int() })
  .meta({ id: "SuggestedCreator" });
export type SuggestedCreator = z.infer<typeof suggestedCreatorSchema>;

/** The Following view: the gallery's filters and orders over the followed creators' listings (newest first by default). */
export const followingFeedSchema = listChatbotsSchema;

export const favoriteInputSchema = z.object({ chatbotId: idSchema });
export const followInputSchema = z.object({ userId: z.uuid({ error: "Invalid user id" }) });

/** How many ids one status call may ask about (a gallery page is at most 100 listings). */
export const STATUS_IDS_MAX = 100;
export const favoriteStatusInputSchema = z.object({
  chatbotIds: z.array(idSchema).max(STATUS_IDS_MAX, `At most ${STATUS_IDS_MAX} ids`),
});
export const followStatusInputSchema = z.object({
  userIds: z.array(z.uuid({ error: "Invalid user id" })).max(STATUS_IDS_MAX, `At most ${STATUS_IDS_MAX} ids`),
});

export const favoriteStateSchema = toggleStateSchema(
  "FavoriteState",
  { target: "chatbotId", on: "saved", count: "favoriteCount" },
  { whether: "has saved it", howMany: "saved it" },
);
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

export const followStateSchema = toggleStateSchema(
  "FollowState",
  { target: "userId", on: "following", count: "followerCount" },
  { whether: "follows them", howMany: "follow them" },
);
export type FollowState = z.infer<typeof followStateSchema>;

/** The message of a member trying to follow themself. */
export const SELF_FOLLOW_MESSAGE = "You cannot follow yourself";

/** Which of the asked listings the caller saved (the hearts beside a shared gallery page). */
export const favoriteStatusSchema = z.object({ savedIds: z.array(z.uuid()) });
/** Which of the asked creators the caller follows. */
export const followStatusSchema = z.object({ followingIds: z.array(z.uuid()) });
