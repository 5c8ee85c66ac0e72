import { countChatbotsSchema, followInputSchema, followingFeedSchema, followStatusInputSchema } from "@gallery/schema";
import {
  countFollowingFeed,
  countFollowingFeedAudiences,
  follow,
  followStatus,
  followStatusAudiences,
  listFollowingFeed,
  listFollowingFeedAudiences,
  unfollow,
} from "../../domain/members/follows.js";
import { authedProcedure, router } from "../init.js";

/** Following creators: every answer is the caller's own, kept for their session alone (`self`). */
export const followsRouter = router({
  /** The Following view of the gallery: the followed creators' listings, newest first by default. */
  feed: authedProcedure
    .meta({ sharedBy: listFollowingFeedAudiences })
    .input(followingFeedSchema)
    .query(({ ctx, input }) => listFollowingFeed(ctx, ctx.user, input)),

  /** The Following view's 'N bots'. */
  feedCount: authedProcedure
    .meta({ sharedBy: countFollowingFeedAudiences })
    .input(countChatbotsSchema)
    .query(({ ctx, input }) => countFollowingFeed(ctx, ctx.user, input)),

  /** Which of these creators the caller follows. */
  status: authedProcedure
    .meta({ sharedBy: followStatusAudiences })
    .input(followStatusInputSchema)
    .query(({ ctx, input }) => followStatus(ctx, ctx.user, input)),

  follow: authedProcedure.input(followInputSchema).mutation(({ ctx, input }) => follow(ctx, ctx.user, input)),

  unfollow: authedProcedure.input(followInputSchema).mutation(({ ctx, input }) => unfollow(ctx, ctx.user, input)),
});
