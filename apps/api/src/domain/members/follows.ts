import {
  type FollowState,
  SELF_FOLLOW_MESSAGE,
  SUGGESTED_CREATORS_MAX,
  type SuggestedCreator,
  type TagCount,
} from "@gallery/schema";
import { sql } from "kysely";
import type { Db, Deps } from "../deps.js";
import { InvalidError, NotFoundError } from "../errors.js";
import type { ListOrder } from "../listings/orders.js";
import {
  countGallery,
  type GalleryFilters,
  type ListingPage,
  listingPage,
  type PageInput,
  topTags,
} from "../listings/queries.js";
import {
  emailFor,
  isModerator,
  isVerified,
  type Member,
  mayViewProfile,
  requireMember,
  type Viewer,
} from "../policy.js";
import { findVisibleProfile, USER_NOT_FOUND } from "../users/profile.js";
import { putMark, takeMark } from "./marks.js";

/**
 * Following creators. Every answer here is the caller's own and never shared; the follower count is
 * on the profile (users.follower_count, kept by the 0007 trigger in the follow's transaction).
 */

async function stateOf(db: Db, member: Member, userId: string): Promise<FollowState> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("follows as f", (join) => join.onRef("f.followeeId", "=", "u.id").on("f.followerId", "=", member.id))
    .select(["u.followerCount", "f.followerId"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  return { userId, following: row.followerId !== null, followerCount: row.followerCount };
}

/** Follows a creator whose profile the member may see; following again changes nothing. Never oneself (400). */
export async function follow(deps: Deps, viewer: Viewer, input: { userId: string }): Promise<FollowState> {
  const member = requireMember(viewer);
  if (input.userId === member.id) throw new InvalidError(SELF_FOLLOW_MESSAGE);
  await findVisibleProfile(deps.db, member, input.userId);
  // The table's check refuses a self-follow too; refused above, it cannot reach it.
  await putMark(deps.db, "follows", member.id, input.userId, USER_NOT_FOUND);
  return stateOf(deps.db, member, input.userId);
}

/** Stops following; unfollowing someone not followed changes nothing. NOT_FOUND for an unknown user. */
export async function unfollow(deps: Deps, viewer: Viewer, input: { userId: string }): Promise<FollowState> {
  const member = requireMember(viewer);
  await takeMark(deps.db, "follows", member.id, input.userId);
  return stateOf(deps.db, member, input.userId);
}

/**
 * The Following view: listings of the creators the member follows, newest first unless `sort` says
 * otherwise, with the gallery's filters and visibility (listingPage's `followedBy`).
 */
export function listFollowingFeed(
  deps: Deps,
  viewer: Viewer,
  input: GalleryFilters & PageInput & { sort?: ListOrder | undefined },
): Promise<ListingPage> {
  const member = requireMember(viewer);
  return listingPage(deps.db, member, { ...input, followedBy: member.id });
}

/** Which of these creators the member follows (Follow buttons beside shared pages). */
export async function followStatus(
  deps: Deps,
  viewer: Viewer,
  input: { userIds: string[] },
): Promise<{ followingIds: string[] }> {
  const member = requireMember(viewer);
  if (input.userIds.length === 0) return { followingIds: [] };
  const rows = await deps.db
    .selectFrom("follows")
    .select("followeeId")
    .where("followerId", "=", member.id)
    .where("followeeId", "in", input.userIds)
    .execute();
  return { followingIds: rows.map((row) => row.followeeId) };
}

/**
 * Followers a member gained per UTC day since `from` (their dashboard's chart): follows made on each day that still
 * stand (an unfollow removes its row). One grouped range of follows_followee_created_idx; days without any are
 * absent from the map.
 */
export async function followersGainedPerDay(db: Db, memberId: string, from: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("follows")
    .select([
      sql<string>`(created_at AT TIME ZONE 'UTC')::date::text`.as("day"),
      sql<number>`count(*)::int`.as("count"),
    ])
    .where("followeeId", "=", memberId)
    .where("createdAt", ">=", new Date(`${from}T00:00:00Z`))
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.day, row.count]));
}

/** How many listings the Following view holds for these filters, capped as the gallery's count. */
export function countFollowingFeed(
  deps: Deps,
  viewer: Viewer,
  input: GalleryFilters,
): Promise<{ count: number; capped: boolean }> {
  const member = requireMember(viewer);
  return countGallery(deps, member, { ...input, followedBy: member.id });
}

/** The Following view's tag facets: the most used tags among the followed creators' listings (none when it is empty). */
export function followingFeedTags(
  deps: Deps,
  viewer: Viewer,
  input: GalleryFilters & { limit: number },
): Promise<TagCount[]> {
  const member = requireMember(viewer);
  return topTags(deps, member, { ...input, followedBy: member.id });
}

/** How many of the gallery's most popular listings the suggestions are drawn from (an indexed order: bounded work). */
export const SUGGESTION_SOURCE_LISTINGS = 60;

/**
 * A few creators to follow (the empty Following view's next step): the creators of the gallery's most popular
 * listings this member may see, most popular first, without themself or anyone they already follow.
 */
export async function suggestCreators(deps: Deps, viewer: Viewer): Promise<SuggestedCreator[]> {
  const member = requireMember(viewer);
  const popular = await listingPage(deps.db, member, { sort: "popular", limit: SUGGESTION_SOURCE_LISTINGS });
  const followed = await deps.db
    .selectFrom("follows")
    .select("followeeId")
    .where("followerId", "=", member.id)
    .execute();
  const skip = new Set([member.id, ...followed.map((row) => row.followeeId)]);
  const ids = [...new Set(popular.items.map((listing) => listing.userId))].filter((id) => !skip.has(id));
  if (ids.length === 0) return [];
  const rows = await deps.db.selectFrom("users").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids
    .flatMap((id) => {
      const row = byId.get(id);
      return row && mayViewProfile(member, row) ? [row] : [];
    })
    .slice(0, SUGGESTED_CREATORS_MAX)
    .map((row) => ({
      id: row.id,
      nickname: row.nickname,
      firstName: row.firstName,
      lastName: row.lastName,
      email: emailFor(member, row),
      avatarUrl: row.avatarUrl,
      profileImageUrl: row.profileImageUrl,
      isAdmin: isModerator(row),
      isVerified: isVerified(row),
      followerCount: row.followerCount,
    }));
}
