import type { FavoriteState } from "@gallery/schema";
import type { Db, Deps } from "../deps.js";
import { LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { countHiddenBySettings, type ListingPage, listingPage, type PageInput } from "../listings/queries.js";
import { liftingOwnSettings, type Member, requireMayViewListing, requireMember, type Viewer } from "../policy.js";

/**
 * Favourites: a member saves listings they may see and finds them on the Saved page. Each answer here
 * is the caller's own: none is shared with anyone else (a copy is kept for the caller's session alone,
`self`), unlike the gallery, whose shared read shape only
 * carries the count (chatbots.favorite_count, kept by the 0007 trigger in the favourite's transaction).
 */
const FOREIGN_KEY_VIOLATION = "23503";

/** The listing if this member may see it: NOT_FOUND when unknown, UNAUTHORIZED when the policy hides it. */
async function requireVisibleListing(db: Db, member: Member, chatbotId: string): Promise<void> {
  const row = await db
    .selectFrom("chatbots")
    .select(["nsfw", "withheld", "userId"])
    .where("id", "=", chatbotId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  requireMayViewListing(member, row);
}

async function stateOf(db: Db, member: Member, chatbotId: string): Promise<FavoriteState> {
  const row = await db
    .selectFrom("chatbots as c")
    .leftJoin("favorites as f", (join) => join.onRef("f.chatbotId", "=", "c.id").on("f.userId", "=", member.id))
    .select(["c.favoriteCount", "f.userId"])
    .where("c.id", "=", chatbotId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(LISTING_NOT_FOUND);
  return { chatbotId, saved: row.userId !== null, favoriteCount: row.favoriteCount };
}

/** Saves a listing; saving it again changes nothing (one row, one count). */
export async function saveFavorite(deps: Deps, viewer: Viewer, input: { chatbotId: string }): Promise<FavoriteState> {
  const member = requireMember(viewer);
  await requireVisibleListing(deps.db, member, input.chatbotId);
  try {
    await deps.db
      .insertInto("favorites")
      .values({ userId: member.id, chatbotId: input.chatbotId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } catch (error) {
    // Deleted meanwhile (the listing or the member).
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new NotFoundError(LISTING_NOT_FOUND);
    throw error;
  }
  return stateOf(deps.db, member, input.chatbotId);
}

/** Removes a saved listing; removing one not saved changes nothing. NOT_FOUND for an unknown listing. */
export async function removeFavorite(deps: Deps, viewer: Viewer, input: { chatbotId: string }): Promise<FavoriteState> {
  const member = requireMember(viewer);
  await deps.db
    .deleteFrom("favorites")
    .where("userId", "=", member.id)
    .where("chatbotId", "=", input.chatbotId)
    .execute();
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
    .selectFrom("favorites")
    .select("chatbotId")
    .where("userId", "=", member.id)
    .where("chatbotId", "in", input.chatbotIds)
    .execute();
  return { savedIds: rows.map((row) => row.chatbotId) };
}
