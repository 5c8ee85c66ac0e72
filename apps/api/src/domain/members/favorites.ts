import type { FavoriteState } from "@gallery/schema";
import type { Db, Deps } from "../deps.js";
import { DomainError, LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { countHiddenBySettings, type ListingPage, listingPage, type PageInput } from "../listings/queries.js";
import { liftingOwnSettings, type Member, requireMayViewListing, requireMember, type Viewer } from "../policy.js";
import { putMark, takeMark } from "./marks.js";

/**
 * Favourites: a member saves listings they may see and finds them on the Saved page. Each answer here
 * is the caller's own: none is shared with anyone else (a copy is kept for the caller's session alone,
 * `self`), unlike the gallery, whose shared read shape only carries the count (chatbots.favorite_count, kept by
 * the 0007 trigger in the favourite's transaction).
 */

/**
 * Whether this member may see the listing as it is now. A listing hidden from them (withheld: by a moderator, by
 * reports until review, or with its creator suspended; NSFW to someone under 18) is, to these calls, a listing
 * that does not exist: the same 404 and nothing of it (its count, whether it was saved) in the answer.
 */
function visibleTo(member: Member, listing: { nsfw: boolean; withheld: boolean; userId: string }): boolean {
  try {
    requireMayViewListing(member, listing);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** The listing's favourite state for this member, if they may see it; else NOT_FOUND, as for an unknown id. */
async function stateOf(db: Db, member: Member, chatbotId: string): Promise<FavoriteState> {
  const row = await db
    .selectFrom("chatbots as c")
    .leftJoin("favorites as f", (join) => join.onRef("f.chatbotId", "=", "c.id").on("f.userId", "=", member.id))
    .select(["c.favoriteCount", "f.userId", "c.nsfw", "c.withheld", "c.userId as ownerId"])
    .where("c.id", "=", chatbotId)
    .executeTakeFirst();
  if (!row || !visibleTo(member, { nsfw: row.nsfw, withheld: row.withheld, userId: row.ownerId })) {
    throw new NotFoundError(LISTING_NOT_FOUND);
  }
  return { chatbotId, saved: row.userId !== null, favoriteCount: row.favoriteCount };
}

/** Saves a listing the member may see; saving it again changes nothing (one row, one count). */
export async function saveFavorite(deps: Deps, viewer: Viewer, input: { chatbotId: string }): Promise<FavoriteState> {
  const member = requireMember(viewer);
  // Checked before the write: a hidden listing gets no save (and the answer below would not say so anyway).
  await stateOf(deps.db, member, input.chatbotId);
  await putMark(deps.db, "favorites", member.id, input.chatbotId, LISTING_NOT_FOUND);
  return stateOf(deps.db, member, input.chatbotId);
}

/**
 * Removes a saved listing; removing one not saved changes nothing. A member may always clean their list, so the
 * save of a listing now hidden from them is removed too, but the answer is the unknown listing's NOT_FOUND.
 */
export async function removeFavorite(deps: Deps, viewer: Viewer, input: { chatbotId: string }): Promise<FavoriteState> {
  const member = requireMember(viewer);
  await takeMark(deps.db, "favorites", member.id, input.chatbotId);
  return stateOf(deps.db, member, input.chatbotId);
}

/**
 * The Saved page: the member's favourites, newest saved first, through the gallery's listingPage (so
 * its visibility rules and filters apply), keyset-paged on the favourite's time (order `savedAt`). With
 * `showHidden`, also those their own safety settings hide (policy.liftingOwnSettings).
 */
export function listFavorites(
  deps: Deps,
  viewer: Viewer,
  input: PageInput & { showHidden?: boolean | undefined },
): Promise<ListingPage> {
  const member = requireMember(viewer);
  return listingPage(deps.db, input.showHidden ? liftingOwnSettings(member) : member, {
    savedBy: member.id,
    sort: "savedAt",
    limit: input.limit,
    cursor: input.cursor,
  });
}

/** How many of the member's saves their own safety settings hide: the Saved page says so, and offers them. */
export async function countHiddenFavorites(deps: Deps, viewer: Viewer): Promise<{ count: number }> {
  const member = requireMember(viewer);
  const count = await countHiddenBySettings(deps, member, liftingOwnSettings(member), { savedBy: member.id });
  return { count };
}

/** Which of these listings the member saved (the hearts of a shared gallery page). */
export async function favoriteStatus(
  deps: Deps,
  viewer: Viewer,
  input: { chatbotIds: string[] },
): Promise<{ savedIds: string[] }> {
  const member = requireMember(viewer);
  if (input.chatbotIds.length === 0) return { savedIds: [] };
  const rows = await deps.db
    .selectFrom("favorites as f")
    .innerJoin("chatbots as c", "c.id", "f.chatbotId")
    .select(["f.chatbotId", "c.nsfw", "c.withheld", "c.userId"])
    .where("f.userId", "=", member.id)
    .where("f.chatbotId", "in", input.chatbotIds)
    .execute();
  // A listing hidden from the member is not said to be saved either: that would tell it still exists.
  return { savedIds: rows.filter((row) => visibleTo(member, row)).map((row) => row.chatbotId) };
}
