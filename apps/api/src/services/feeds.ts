import { creatorDisplayName, listingPath, SITE_NAME } from "@gallery/schema";
import escapeHtml from "escape-html";
import type { FeedCreator } from "../domain/feeds.js";
import type { ListedChatbot } from "../domain/listings/read-model.js";
import { creatorFeedPath, creatorFeedTitle, NEWEST_FEED_PATH, NEWEST_FEED_TITLE } from "./feed-links.js";
import { excerpt } from "./page-head.js";

/**
 * The Atom documents (RFC 4287) of the feeds: a feed's id, title, updated and rel=self link; each entry's id,
 * title, updated, link, author and summary. Every text is XML-escaped and stripped of the characters XML 1.0
 * cannot hold (control characters, lone surrogates), so any title a creator typed stays well-formed text.
 */

interface Person {
  name: string;
  uri: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  url: string;
  published: string;
  updated: string;
  author: Person;
  summary: string;
  categories: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  selfUrl: string;
  pageUrl: string;
  updated: string;
  author?: Person;
  entries: AtomEntry[];
}

/** The feed's `updated` while it holds no entry, and none is older: the gallery's has no date of its own. */
const NO_DATE = "1970-01-01T00:00:00.000Z";

/** RFC 3339 in UTC, as Atom dates are written. */
const atomDate = (value: string) => new Date(value).toISOString();

/** A listing as an entry: its page, its creator's profile, its tagline (else its description) as summary. */
function listingEntry(base: string, listing: ListedChatbot): AtomEntry {
  const creator = creatorDisplayName(listing.user);
  return {
    // Its id, not its address: a new title (slug) or host must not make feed readers see a new entry.
    id: `urn:uuid:${listing.id}`,
    title: listing.title,
    url: base + listingPath(listing),
    published: atomDate(listing.createdAt),
    updated: atomDate(listing.updatedAt),
    author: { name: creator, uri: `${base}/profile/${listing.userId}` },
    summary: excerpt(listing.tagline || listing.description || `${listing.title} by ${creator}.`),
    categories: listing.tags,
  };
}

/** The newest entry's time: a feed changes when one of its entries does. */
const newestUpdate = (entries: AtomEntry[], otherwise: string) =>
  [otherwise, ...entries.map((entry) => entry.updated)].sort().at(-1) as string;

export function newestFeed(base: string, listings: ListedChatbot[]): AtomFeed {
  const entries = listings.map((listing) => listingEntry(base, listing));
  const selfUrl = base + NEWEST_FEED_PATH;
  return {
    id: selfUrl,
    title: NEWEST_FEED_TITLE,
    subtitle: `The newest chatbots listed on ${SITE_NAME}.`,
    selfUrl,
    pageUrl: `${base}/`,
    updated: newestUpdate(entries, NO_DATE),
    entries,
  };
}

export function creatorFeed(base: string, creator: FeedCreator, listings: ListedChatbot[]): AtomFeed {
  const entries = listings.map((listing) => listingEntry(base, listing));
  const selfUrl = base + creatorFeedPath(creator.id);
  const pageUrl = `${base}/profile/${creator.id}`;
  return {
    id: selfUrl,
    title: creatorFeedTitle(creator.name),
    subtitle: `The newest chatbots by ${creator.name} on ${SITE_NAME}.`,
    selfUrl,
    pageUrl,
    updated: newestUpdate(entries, atomDate(creator.createdAt)),
    author: { name: creator.name, uri: pageUrl },
    entries,
  };
}

// XML 1.0's characters: tab, line feed, carriage return and the rest above U+001F but for surrogates, U+FFFE, U+FFFF.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const text = (value: string) => escapeHtml(value.replace(NOT_XML, ""));
const element = (name: string, value: string) => `<${name}>${text(value)}</${name}>`;
const link = (rel: string, href: string, type?: string) =>
  `<link rel="${rel}"${type ? ` type="${type}"` : ""} href="${text(href)}"/>`;
const person = (kind: "author", who: Person) =>
  `<${kind}>${element("name", who.name)}${element("uri", who.uri)}</${kind}>`;

export function renderAtom(feed: AtomFeed): string {
  const entries = feed.entries.map((entry) =>
    [
      "<entry>",
      element("id", entry.id),
      element("title", entry.title),
      link("alternate", entry.url, "text/html"),
      element("published", entry.published),
      element("updated", entry.updated),
      person("author", entry.author),
      ...entry.categories.map((tag) => `<category term="${text(tag)}"/>`),
      element("summary", entry.summary),
      "</entry>",
    ].join("\n  "),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", feed.id),
    element("title", feed.title),
    element("subtitle", feed.subtitle),
    link("self", feed.selfUrl, "application/atom+xml"),
    link("alternate", feed.pageUrl, "text/html"),
    element("updated", feed.updated),
    ...(feed.author ? [person("author", feed.author)] : []),
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
