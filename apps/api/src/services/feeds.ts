import {
  creatorDisplayName,
  FEED_ICON_PATH,
  FEED_LOGO_PATH,
  type FeedFormat,
  listingPath,
  SITE_NAME,
} from "@gallery/schema";
import escapeHtml from "escape-html";
import type { FeedCollection, FeedCreator, FeedListing } from "../domain/feeds.js";
import { ATOM_TYPE, collectionFeedName, creatorFeedName, type FeedName, NEWEST_FEED, RSS_TYPE } from "./feed-links.js";
import { excerpt } from "./page-head.js";

/**
 * The feeds' documents, each in two formats from one model (AtomFeed): Atom (RFC 4287) and RSS 2.0. A feed has its
 * id, title, updated, self link (the format's own address), icon and logo; each entry its id, title, updated, link,
 * author, summary and, for an SFW listing with a stored picture, that picture as an enclosure (type and length)
 * and a Media RSS thumbnail (`media:thumbnail`, the card-size variant). Every text is XML-escaped and stripped of
 * the characters XML 1.0 cannot hold (control characters, lone surrogates), so any title a creator typed stays
 * well-formed text.
 *
 * Written here rather than by a feed library: the `feed` package (6.0.0, measured) writes control characters as
 * they are (a title with U+0007 makes the document ill-formed), sends titles as HTML (`Tom & Jerry <3` would be
 * read as markup), guesses an enclosure's type from its file name, has no `media:thumbnail` nor a typed self link,
 * and needs an e-mail for an RSS author; each would need a patch or a post-processing pass of its output.
 */

interface Person {
  name: string;
  uri: string;
}

/** An entry's picture, with absolute URLs. */
export interface EntryPicture {
  url: string;
  type: string;
  length: number;
  thumbnailUrl: string;
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
  picture: EntryPicture | null;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** The feed's own address in each format (the Atom one is also its id). */
  selfUrls: Record<FeedFormat, string>;
  pageUrl: string;
  /** Square icon and 2:1 logo (absolute URLs). */
  iconUrl: string;
  logoUrl: string;
  updated: string;
  author?: Person;
  entries: AtomEntry[];
}

/** The feed's `updated` while it holds no entry, and none is older: the gallery's has no date of its own. */
const NO_DATE = "1970-01-01T00:00:00.000Z";

/** RFC 3339 in UTC, as Atom dates are written. */
const atomDate = (value: string) => new Date(value).toISOString();

/** A listing as an entry: its page, its creator's profile, its tagline (else its description) as summary, its picture. */
function listingEntry(base: string, { listing, picture }: FeedListing): AtomEntry {
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
    picture: picture && { ...picture, url: base + picture.url, thumbnailUrl: base + picture.thumbnailUrl },
  };
}

/** What every feed says of itself: its name, its address in each format (the Atom one is its id), icon and logo. */
function feedOwn(base: string, name: FeedName): Pick<AtomFeed, "id" | "title" | "selfUrls" | "iconUrl" | "logoUrl"> {
  const selfUrls = { atom: base + name.path("atom"), rss: base + name.path("rss") };
  return {
    id: selfUrls.atom,
    title: name.title,
    selfUrls,
    iconUrl: base + FEED_ICON_PATH,
    logoUrl: base + FEED_LOGO_PATH,
  };
}

/** The newest entry's time: a feed changes when one of its entries does. */
const newestUpdate = (entries: AtomEntry[], otherwise: string) =>
  [otherwise, ...entries.map((entry) => entry.updated)].sort().at(-1) as string;

export function newestFeed(base: string, listings: FeedListing[]): AtomFeed {
  const entries = listings.map((listing) => listingEntry(base, listing));
  return {
    ...feedOwn(base, NEWEST_FEED),
    subtitle: `The newest chatbots listed on ${SITE_NAME}.`,
    pageUrl: `${base}/`,
    updated: newestUpdate(entries, NO_DATE),
    entries,
  };
}

export function creatorFeed(base: string, creator: FeedCreator, listings: FeedListing[]): AtomFeed {
  const entries = listings.map((listing) => listingEntry(base, listing));
  const pageUrl = `${base}/profile/${creator.id}`;
  return {
    ...feedOwn(base, creatorFeedName(creator)),
    subtitle: `The newest chatbots by ${creator.name} on ${SITE_NAME}.`,
    pageUrl,
    updated: newestUpdate(entries, atomDate(creator.createdAt)),
    author: { name: creator.name, uri: pageUrl },
    entries,
  };
}

/** A public collection's newest additions; its author is the collection's owner. */
export function collectionFeed(base: string, collection: FeedCollection, listings: FeedListing[]): AtomFeed {
  const entries = listings.map((listing) => listingEntry(base, listing));
  return {
    ...feedOwn(base, collectionFeedName(collection)),
    subtitle:
      collection.description ||
      `Chatbots added to “${collection.title}”, a collection by ${collection.ownerName} on ${SITE_NAME}.`,
    pageUrl: base + collection.path,
    updated: newestUpdate(entries, atomDate(collection.updatedAt)),
    author: { name: collection.ownerName, uri: `${base}/profile/${collection.ownerId}` },
    entries,
  };
}

// XML 1.0's characters: tab, line feed, carriage return and the rest above U+001F but for surrogates, U+FFFE, U+FFFF.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const text = (value: string) => escapeHtml(value.replace(NOT_XML, ""));
const element = (name: string, value: string) => `<${name}>${text(value)}</${name}>`;
const link = (rel: string, href: string, type?: string, length?: number) =>
  `<link rel="${rel}"${type ? ` type="${type}"` : ""}${length === undefined ? "" : ` length="${length}"`} href="${text(href)}"/>`;
const person = (kind: "author", who: Person) =>
  `<${kind}>${element("name", who.name)}${element("uri", who.uri)}</${kind}>`;

/** Media RSS (https://www.rssboard.org/media-rss): the thumbnail that readers show beside an entry. */
const MEDIA_NAMESPACE = "http://search.yahoo.com/mrss/";
const mediaThumbnail = (picture: EntryPicture) => `<media:thumbnail url="${text(picture.thumbnailUrl)}"/>`;

export function renderAtom(feed: AtomFeed): string {
  const entries = feed.entries.map((entry) =>
    [
      "<entry>",
      element("id", entry.id),
      element("title", entry.title),
      link("alternate", entry.url, "text/html"),
      ...(entry.picture
        ? [
            link("enclosure", entry.picture.url, entry.picture.type, entry.picture.length),
            mediaThumbnail(entry.picture),
          ]
        : []),
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
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="${MEDIA_NAMESPACE}">`,
    element("id", feed.id),
    element("title", feed.title),
    element("subtitle", feed.subtitle),
    link("self", feed.selfUrls.atom, ATOM_TYPE),
    link("alternate", feed.selfUrls.rss, RSS_TYPE),
    link("alternate", feed.pageUrl, "text/html"),
    element("updated", feed.updated),
    element("icon", feed.iconUrl),
    element("logo", feed.logoUrl),
    ...(feed.author ? [person("author", feed.author)] : []),
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** RFC 822 dates, as RSS 2.0 writes them (`Sat, 28 Nov 2026 22:08:29 GMT`). */
const rssDate = (value: string) => new Date(value).toUTCString();
const ATOM_NAMESPACE = "http://www.w3.org/2005/Atom";
/** Dublin Core's creator: RSS 2.0's own `author` must be an e-mail address, which a feed never shows. */
const DC_NAMESPACE = "http://purl.org/dc/elements/1.1/";

/**
 * The same feed as RSS 2.0 (https://www.rssboard.org/rss-specification): a channel with its title, page, description,
 * self link (atom:link, as the RSS Advisory Board recommends), last build date and image (the logo); each item
 * with its title, link, guid (the entry's id, not a permalink), publication date, creator, categories, description,
 * enclosure and media:thumbnail.
 */
export function renderRss(feed: AtomFeed): string {
  const items = feed.entries.map((entry) =>
    [
      "<item>",
      element("title", entry.title),
      element("link", entry.url),
      `<guid isPermaLink="false">${text(entry.id)}</guid>`,
      element("pubDate", rssDate(entry.published)),
      element("dc:creator", entry.author.name),
      ...entry.categories.map((tag) => element("category", tag)),
      element("description", entry.summary),
      ...(entry.picture
        ? [
            `<enclosure url="${text(entry.picture.url)}" length="${entry.picture.length}" type="${entry.picture.type}"/>`,
            mediaThumbnail(entry.picture),
          ]
        : []),
      "</item>",
    ].join("\n    "),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rss version="2.0" xmlns:atom="${ATOM_NAMESPACE}" xmlns:dc="${DC_NAMESPACE}" xmlns:media="${MEDIA_NAMESPACE}">`,
    "<channel>",
    element("title", feed.title),
    element("link", feed.pageUrl),
    element("description", feed.subtitle),
    `<atom:link rel="self" type="${RSS_TYPE}" href="${text(feed.selfUrls.rss)}"/>`,
    element("lastBuildDate", rssDate(feed.updated)),
    `<image>${element("url", feed.logoUrl)}${element("title", feed.title)}${element("link", feed.pageUrl)}</image>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The feed in a format, with its content type. */
export function renderFeed(feed: AtomFeed, format: FeedFormat): { body: string; type: string } {
  return format === "rss" ? { body: renderRss(feed), type: RSS_TYPE } : { body: renderAtom(feed), type: ATOM_TYPE };
}
