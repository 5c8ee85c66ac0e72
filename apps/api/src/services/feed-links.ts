import { pageTitle } from "@gallery/schema";

/** Where the Atom feeds live and what they are called: the feeds and the page heads that link them. */

export const ATOM_TYPE = "application/atom+xml";
export const NEWEST_FEED_PATH = "/feeds/newest.atom";
export const creatorFeedPath = (userId: string) => `/feeds/creators/${userId}.atom`;

export const NEWEST_FEED_TITLE = pageTitle("Newest chatbots");
export const creatorFeedTitle = (creatorName: string) => pageTitle(`Chatbots by ${creatorName}`);
