import { COLLECTION_TEXTS, creatorDisplayName, idSchema } from "@gallery/schema";
import type { Deps } from "./deps.js";
import { NotFoundError } from "./errors.js";
import { imageUrl, isAvatarKey, isImageKey, isNsfwKey } from "./images/keys.js";
import { listCreatorListings, listGallery, listingPage } from "./listings/queries.js";
import type { ListedChatbot } from "./listings/read-model.js";
import { findCollection } from "./members/collections.js";
import { readProfile, USER_NOT_FOUND } from "./users/profile.js";

/**
 * What the feeds (Atom and RSS) carry: the newest listings a visitor sees, the gallery's or one creator's, each
 * with its picture. Always a visitor's view, whoever asks (a feed is a public document that feed readers and shared
 * caches keep), read through the gallery's own list queries, so NSFW, hidden or withheld listings and suspended
 * creators' never appear (viewer policy, applyFilters); and a picture is given only for an SFW listing whose image
 * is stored under a public key (never the NSFW namespace), so no NSFW picture could travel in a feed even if such a
 * listing did.
 */

/** How many of the newest listings a feed holds. */
export const FEED_ENTRIES = 30;
const VISITOR = null;
/** The lists' newest order (also their default), named so the feeds stay the newest whatever the default. */
const NEWEST_FIRST = { limit: FEED_ENTRIES, sort: "newest" as const };

/** A listing's picture as a feed carries it: the original (an enclosure, with its type and size) and its card-size variant. */
export interface FeedPicture {
  /** The original's path (`/images/chatbots/<sha256>.webp`). */
  url: string;
  type: string;
  /** Its size in bytes. */
  length: number;
  /** The card-size variant's path (`/images/thumbnails/...`), else the original's. */
  thumbnailUrl: string;
}

/** A listing in a feed, with its picture when it may give one. */
export interface FeedListing {
  listing: ListedChatbot;
  picture: FeedPicture | null;
}

/** Stored listing images are WebP (images/variants.ts). */
const STORED_IMAGE_TYPE = "image/webp";
const IMAGE_PATH = imageUrl("");

/** The public (SFW namespace) listing image key a URL names, else null: legacy or outside URLs give no picture. */
function publicListingKey(url: string | null): string | null {
  if (!url?.startsWith(IMAGE_PATH)) return null;
  const key = url.slice(IMAGE_PATH.length);
  return isImageKey(key) && !isNsfwKey(key) && !isAvatarKey(key) && /^(chatbots|thumbnails)\//.test(key) ? key : null;
}

/**
 * Sizes of stored images by key. Keys are content hashes (images/keys.ts), so a key's size never changes and a
 * size once read is kept (the oldest dropped past SIZES_KEPT): a feed rebuilt after a change asks storage only
 * about new pictures.
 */
const SIZES_KEPT = 4096;
const sizes = new Map<string, number>();

async function sizeOf(deps: Deps, key: string): Promise<number | null> {
  const known = sizes.get(key);
  if (known !== undefined) return known;
  const size = await deps.storage.size(key);
  if (size === null) return null;
  if (sizes.size >= SIZES_KEPT) sizes.delete(sizes.keys().next().value!);
  sizes.set(key, size);
  return size;
}

/** The listing's picture for a feed: only an SFW listing's stored public original that storage still holds. */
async function pictureOf(deps: Deps, listing: ListedChatbot): Promise<FeedPicture | null> {
  if (listing.nsfw) return null;
  const key = publicListingKey(listing.imageUrl);
  if (!key) return null;
  const length = await sizeOf(deps, key);
  if (length === null) return null;
  const thumbnailKey = publicListingKey(listing.thumbnailUrl);
  return {
    url: imageUrl(key),
    type: STORED_IMAGE_TYPE,
    length,
    thumbnailUrl: imageUrl(thumbnailKey ?? key),
  };
}

const withPictures = (deps: Deps, listings: ListedChatbot[]): Promise<FeedListing[]> =>
  Promise.all(listings.map(async (listing) => ({ listing, picture: await pictureOf(deps, listing) })));

export interface FeedCreator {
  id: string;
  name: string;
  /** When their account was made: the feed's `updated` while it holds no listing. */
  createdAt: string;
}

/** The gallery's newest listings, as a visitor's gallery lists them, with their pictures. */
export async function newestListings(deps: Deps): Promise<FeedListing[]> {
  return withPictures(deps, (await listGallery(deps, VISITOR, NEWEST_FIRST)).items);
}

/**
 * One creator's newest listings, as a visitor's profile page lists them; NOT_FOUND 'User not found' when a
 * visitor may not see the profile (unknown, pending approval, suspended) or the id is not one.
 */
export async function creatorListings(
  deps: Deps,
  userId: string,
): Promise<{ creator: FeedCreator; listings: FeedListing[] }> {
  if (!idSchema.safeParse(userId).success) throw new NotFoundError(USER_NOT_FOUND);
  const profile = await readProfile(deps, VISITOR, { userId });
  const page = await listCreatorListings(deps, VISITOR, { userId, ...NEWEST_FIRST });
  return {
    creator: { id: profile.id, name: creatorDisplayName(profile), createdAt: profile.createdAt },
    listings: await withPictures(deps, page.items),
  };
}

export interface FeedCollection {
  id: string;
  title: string;
  description: string | null;
  ownerId: string;
  ownerName: string;
  path: string;
  /** When it last changed (an item added, moved or removed, a new title): the feed's `updated` at least. */
  updatedAt: string;
}

/**
 * A public collection's newest additions (its feed), as a visitor sees the collection: SFW listings that are not
 * withheld, newest added first. NOT_FOUND 'Collection not found' when a visitor may not open it (unknown, private,
 * its owner not shown) or the id is not one, as its page answers.
 */
export async function collectionListings(
  deps: Deps,
  collectionId: string,
): Promise<{ collection: FeedCollection; listings: FeedListing[] }> {
  if (!idSchema.safeParse(collectionId).success) throw new NotFoundError(COLLECTION_TEXTS.notFound);
  const { summary } = await findCollection(deps.db, VISITOR, collectionId);
  const page = await listingPage(deps.db, VISITOR, {
    inCollection: collectionId,
    sort: "addedAt",
    limit: FEED_ENTRIES,
  });
  const { id, title, description, ownerId, ownerName, path, updatedAt } = summary;
  return {
    collection: { id, title, description, ownerId, ownerName, path, updatedAt },
    listings: await withPictures(deps, page.items),
  };
}
