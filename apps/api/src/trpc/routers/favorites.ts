import { favoriteInputSchema, favoriteStatusInputSchema, favoritesPageSchema } from "@gallery/schema";
import {
  favoriteStatus,
  favoriteStatusAudiences,
  listFavorites,
  listFavoritesAudiences,
  removeFavorite,
  saveFavorite,
} from "../../domain/members/favorites.js";
import { authedProcedure, router } from "../init.js";

/** Favourites: every answer is the caller's own, kept for their session alone (`self`). */
export const favoritesRouter = router({
  /** The Saved page: newest saved first. */
  list: authedProcedure
    .meta({ sharedBy: listFavoritesAudiences })
    .input(favoritesPageSchema)
    .query(({ ctx, input }) => listFavorites(ctx, ctx.user, input)),

  /** Which of these listings the caller saved (the hearts beside a shared gallery page). */
  status: authedProcedure
    .meta({ sharedBy: favoriteStatusAudiences })
    .input(favoriteStatusInputSchema)
    .query(({ ctx, input }) => favoriteStatus(ctx, ctx.user, input)),

  save: authedProcedure.input(favoriteInputSchema).mutation(({ ctx, input }) => saveFavorite(ctx, ctx.user, input)),

  remove: authedProcedure.input(favoriteInputSchema).mutation(({ ctx, input }) => removeFavorite(ctx, ctx.user, input)),
});
