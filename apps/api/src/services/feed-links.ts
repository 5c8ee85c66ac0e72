import { collectionFeedPath, creatorFeedPath, FEED_FORMATS, newestFeedPath, pageTitle } from "@gallery/schema";

/**
 * Where the feeds live and what they are called: the feeds and the page heads that link them. The paths are the
 * schema's (packages/schema feeds.ts), which the web's visible links read too.
 */

export { collectionFeedPath, creatorFeedPath, newestFeedPath };
export const ATOM_TYPE = FEED_FORMATS.atom.type;
export const RSS_TYPE = FEED_FORMATS.rss.type;
export const NEWEST_FEED_PATH = newestFeedPath("atom");

export const NEWEST_FEED_TITLE = pageTitle("Newest chatbots");
export const creatorFeedTitle = (creatorName: string) => pageTitle(`Chatbots by ${creatorName}`);
export const collectionFeedTitle = (title: string, ownerName: string) =>
  pageTitle(`${title}, a collection by ${ownerName}`);
