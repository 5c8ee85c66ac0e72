import { isPlatformLink, PLATFORMS, type Platform, type PlatformUrlField, urlField } from "@gallery/schema";
import type { Db } from "../deps.js";
import { LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { requireMayViewListing, type Viewer } from "../policy.js";
import type { StatEvent } from "./visitor.js";

/** Where counted events go (StatsRecorder): it returns at once, the write happens in a batch. */
export interface StatsSink {
  record(event: StatEvent): void;
}

type ListingTarget = { nsfw: boolean; withheld: boolean; userId: string } & Record<PlatformUrlField, string | null>;

/** The listing as the viewer may reach it: unknown is 404, NSFW for a visitor the sign-in treatment (401). */
async function reachableListing(db: Db, id: string, viewer: () => Promise<Viewer>): Promise<ListingTarget> {
  const listing = await db
    .selectFrom("chatbots")
    .select(["nsfw", "withheld", "userId", ...PLATFORMS.map(urlField)])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!listing) throw new NotFoundError(LISTING_NOT_FOUND);
  // The session is only read when it matters (most click-outs are of shown SFW listings).
  if (listing.nsfw || listing.withheld) requireMayViewListing(await viewer(), listing);
  return listing;
}

/**
 * A click-out: the platform URL to send the visitor to, counted at most once per address (and per signed-in
 * member) per listing, platform and day, whatever user agent is sent (recorder.ts). NSFW listings are for
 * members, as everywhere (401 for a visitor); a platform the listing is not on is 404.
 */
export async function clickOut(
  db: Db,
  viewer: () => Promise<Viewer>,
  input: { id: string; platform: Platform; visitor: StatEvent["visitor"] },
  sink: StatsSink,
): Promise<string> {
  const listing = await reachableListing(db, input.id, viewer);
  const url = listing[urlField(input.platform)];
  // Only ever to the platform: a link to another host (a row from before links were checked) is a dead link,
  // not a redirect under our address, and is not counted.
  if (!url || !isPlatformLink(input.platform, url)) throw new NotFoundError(LISTING_NOT_FOUND);
  sink.record({ chatbotId: input.id, kind: input.platform, visitor: input.visitor });
  return url;
}

/**
 * A listing page view, counted like a click-out (once per address, and once per member, per listing and day); the
 * same rules as the page itself. The owner's own visits are not views: the dashboard tells a creator how many
 * other people looked.
 */
export async function recordView(
  db: Db,
  viewer: Viewer,
  input: { id: string; visitor: StatEvent["visitor"] },
  sink: StatsSink,
): Promise<{ success: true }> {
  const listing = await reachableListing(db, input.id, async () => viewer);
  if (viewer?.id !== listing.userId) {
    sink.record({ chatbotId: input.id, kind: "view", visitor: { ...input.visitor, memberId: viewer?.id ?? null } });
  }
  return { success: true };
}
