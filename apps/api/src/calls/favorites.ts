import {
  favoriteInputSchema,
  favoriteStateSchema,
  favoriteStatusInputSchema,
  favoriteStatusSchema,
  favoritesPageSchema,
  hiddenSavesSchema,
  listedChatbotSchema,
} from "@gallery/schema";
import {
  countHiddenFavorites,
  favoriteStatus,
  listFavorites,
  removeFavorite,
  saveFavorite,
} from "../domain/members/favorites.js";
import { mutation, ownCopy, pageOf, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/** Kept for the caller's session alone: a member's own answers are never handed to anyone else. */
const OWN = ownCopy("The caller's own saves");

/** Favourites: every answer is the caller's own. PUT and DELETE are idempotent over REST. */
export const favoritesCalls = {
  /** The Saved page: newest saved first. */
  list: query({
    access: "member",
    input: favoritesPageSchema,
    output: pageOf(listedChatbotSchema),
    paged: true,
    sharing: OWN,
    run: listFavorites,
    rest: rest({
      method: "GET",
      path: "/user/favorites",
      operationId: "listFavorites",
      summary: "The caller's saved listings, newest saved first",
      description:
        "The listings the caller may still see; with `showHidden=true` also those their own safety settings hide. The next page is linked in the Link header.",
      tag: "members",
      query: fromQuery(favoritesPageSchema.unwrap()),
    }),
  }),

  /** The Saved page's note: how many saves the caller's own safety settings hide (the viewer policy decides). */
  hiddenCount: query({
    access: "member",
    output: hiddenSavesSchema,
    sharing: OWN,
    run: countHiddenFavorites,
  }),

  /** Which of these listings the caller saved (the hearts beside a shared gallery page). */
  status: query({
    access: "member",
    input: favoriteStatusInputSchema,
    output: favoriteStatusSchema,
    sharing: OWN,
    run: favoriteStatus,
  }),

  save: mutation({
    access: "member",
    input: favoriteInputSchema,
    output: favoriteStateSchema,
    run: saveFavorite,
    rest: rest({
      method: "PUT",
      path: "/user/favorites/:chatbotId",
      operationId: "saveFavorite",
      summary: "Save a listing",
      description:
        "Idempotent: saving a saved listing changes nothing. A listing the caller may not see is 404 or 401.",
      tag: "members",
      params: favoriteInputSchema,
      errors: [404],
    }),
  }),

  remove: mutation({
    access: "member",
    input: favoriteInputSchema,
    output: favoriteStateSchema,
    run: removeFavorite,
    rest: rest({
      method: "DELETE",
      path: "/user/favorites/:chatbotId",
      operationId: "removeFavorite",
      summary: "Remove a saved listing",
      description: "Idempotent: removing a listing that is not saved changes nothing.",
      tag: "members",
      params: favoriteInputSchema,
      errors: [404],
    }),
  }),
};
