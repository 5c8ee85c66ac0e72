import { countChatbotsSchema, followInputSchema, followingFeedSchema, followStatusInputSchema } from "@gallery/schema";
import { countFollowingFeed, follow, followStatus, listFollowingFeed, unfollow } from "../../domain/members/follows.js";
import { authedProcedure, router } from "../init.js";

/** Following creators: every answer is the caller's own, so no procedure here has `sharedBy`. */
export const followsRouter = router({
  /** The Following view of the gallery: the followed creators' listings, newest first by default. */
  feed: authedProcedure.input(followingFeedSchema).query(({ ctx, input }) => listFollowingFeed(ctx, ctx.user, input)),

  /** The Following view's 'N bots'. */
  feedCount: authedProcedure
    .input(countChatbotsSchema)
    .query(({ ctx, input }) => countFollowingFeed(ctx, ctx.user, input)),

  /** Which of these creators the caller follows. */
  status: authedProcedure.input(followStatusInputSchema).query(({ ctx, input }) => followStatus(ctx, ctx.user, input)),

  follow: authedProcedure.input(followInputSchema).mutation(({ ctx, input }) => follow(ctx, ctx.user, input)),

  unfollow: authedProcedure.input(followInputSchema).mutation(({ ctx, input }) => unfollow(ctx, ctx.user, input)),
});
