import {
  collectionFeedPath,
  creatorFeedPath,
  FEED_FORMATS,
  type FeedFormat,
  newestFeedPath,
  pageTitle,
} from "@gallery/schema";

/**
 * Where the feeds live and what they are called: the feeds and the page heads that link them. The paths are the
 * schema's (packages/schema feeds.ts), which the web's visible links read too.
 */

export { collectionFeedPath, creatorFeedPath, newestFeedPath };
export const ATOM_TYPE = FEED_FORMATS.atom.type;
export const RSS_TYPE = FEED_FORMATS.rss.type;

/** A feed's title and its path in either format: what the feed says of itself and what a page's head links to. */
export interface FeedName {
  title: string;
  path: (format: FeedFormat) => string;
}

/** The gallery's newest listings. */
export const NEWEST_FEED: FeedName = { title: pageTitle("Newest chatbots"), path: newestFeedPath };

/** One creator's listings. */
export const creatorFeedName = (creator: { id: string; name: string }): FeedName => ({
  title: pageTitle(`Chatbots by ${creator.name}`),
  path: (format) => creatorFeedPath(creator.id, format),
});

/** A public collection's newest additions. */
export const collectionFeedName = (collection: { id: string; title: string; ownerName: string }): FeedName => ({
  title: pageTitle(`${collection.title}, a collection by ${collection.ownerName}`),
  path: (format) => collectionFeedPath(collection.id, format),
});
