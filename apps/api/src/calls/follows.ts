import {
  countChatbotsSchema,
  followInputSchema,
  followingFeedSchema,
  followStateSchema,
  followStatusInputSchema,
  followStatusSchema,
  galleryCountSchema,
  listedChatbotSchema,
  SORTS_DESCRIPTION,
  suggestedCreatorSchema,
  tagCountSchema,
  topTagsSchema,
} from "@gallery/schema";
import { z } from "zod";
import {
  countFollowingFeed,
  follow,
  followingFeedTags,
  followStatus,
  listFollowingFeed,
  suggestCreators,
  unfollow,
} from "../domain/members/follows.js";
import { mutation, ownCopy, pageOf, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/** Kept for the caller's session alone: a member's own answers are never handed to anyone else. */
const OWN = ownCopy("Depends on whom the caller follows");

/** Following creators: every answer is the caller's own. PUT and DELETE are idempotent over REST. */
export const followsCalls = {
  /** The Following view of the gallery: the followed creators' listings, newest first by default. */
  feed: query({
    access: "member",
    input: followingFeedSchema,
    output: pageOf(listedChatbotSchema),
    paged: true,
    sharing: OWN,
    run: listFollowingFeed,
    rest: rest({
      method: "GET",
      path: "/user/following",
      operationId: "listFollowingFeed",
      summary: "Listings of the creators the caller follows, newest first",
      description: "The gallery's filters and orders apply. The next page is linked in the Link header.",
      tag: "members",
      query: fromQuery(followingFeedSchema, {
        sort: SORTS_DESCRIPTION,
      }),
    }),
  }),

  /** The Following view's 'N bots'. */
  feedCount: query({
    access: "member",
    input: countChatbotsSchema,
    output: galleryCountSchema,
    sharing: OWN,
    run: countFollowingFeed,
  }),

  /** The Following view's tag facets: its own listings' tags, not the whole gallery's. */
  feedTags: query({
    access: "member",
    input: topTagsSchema,
    output: z.array(tagCountSchema),
    sharing: OWN,
    run: followingFeedTags,
  }),

  /** A few popular creators the caller does not follow yet (the empty Following view's next step). */
  suggestions: query({
    access: "member",
    output: z.array(suggestedCreatorSchema),
    sharing: OWN,
    run: suggestCreators,
  }),

  /** Which of these creators the caller follows. */
  status: query({
    access: "member",
    input: followStatusInputSchema,
    output: followStatusSchema,
    sharing: OWN,
    run: followStatus,
  }),

  follow: mutation({
    access: "member",
    input: followInputSchema,
    output: followStateSchema,
    run: follow,
    rest: rest({
      method: "PUT",
      path: "/user/follows/:userId",
      operationId: "followUser",
      summary: "Follow a creator",
      description:
        "Idempotent. Following oneself is 400 'You cannot follow yourself'; an unknown or hidden profile 404.",
      tag: "members",
      params: followInputSchema,
      errors: [404],
    }),
  }),

  unfollow: mutation({
    access: "member",
    input: followInputSchema,
    output: followStateSchema,
    run: unfollow,
    rest: rest({
      method: "DELETE",
      path: "/user/follows/:userId",
      operationId: "unfollowUser",
      summary: "Stop following a creator",
      description: "Idempotent: unfollowing someone not followed changes nothing.",
      tag: "members",
      params: followInputSchema,
      errors: [404],
    }),
  }),
};
