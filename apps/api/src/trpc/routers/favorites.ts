import { favoriteInputSchema, favoriteStatusInputSchema, favoritesPageSchema } from "@gallery/schema";
import { favoriteStatus, listFavorites, removeFavorite, saveFavorite } from "../../domain/members/favorites.js";
import { authedProcedure, router } from "../init.js";

/** Favourites: every answer is the caller's own, so no procedure here has `sharedBy`. */
export const favoritesRouter = router({
  /** The Saved page: newest saved first. */
  list: authedProcedure.input(favoritesPageSchema).query(({ ctx, input }) => listFavorites(ctx, ctx.user, input)),

  /** Which of these listings the caller saved (the hearts beside a shared gallery page). */
  status: authedProcedure
    .input(favoriteStatusInputSchema)
    .query(({ ctx, input }) => favoriteStatus(ctx, ctx.user, input)),

  save: authedProcedure.input(favoriteInputSchema).mutation(({ ctx, input }) => saveFavorite(ctx, ctx.user, input)),

  remove: authedProcedure.input(favoriteInputSchema).mutation(({ ctx, input }) => removeFavorite(ctx, ctx.user, input)),
});
