import {
  type CollectionSummary,
  collectionHeadDescription,
  galleryPageName,
  type PictureSources,
  pagePictureSources,
  pageTitle,
  platformNames,
  SITE_NAME,
} from "@gallery/schema";
import { type AnsweredRead, FIRST_READS_ELEMENT_ID } from "@gallery/schema/first-reads";
import { UNKNOWN_PLATFORM_TEXTS } from "@gallery/schema/platforms";
import escapeHtml from "escape-html";
import { ATOM_TYPE, collectionFeedName, creatorFeedName, type FeedName, NEWEST_FEED, RSS_TYPE } from "./feed-links.js";

/**
 * The per-page head of the served index.html: what link previews (Open Graph, Twitter cards) and search
 * engines read without running the app. Every value is escaped, so a title like `</title><script>` stays
 * text; JSON-LD is JSON with `<` written as \u003c, so it cannot close its script element.
 */
export interface PageHead {
  /** The whole <title>. */
  title: string;
  description: string;
  /** Absolute URL of the page (canonical and og:url). */
  url: string;
  /** Absolute URL of the preview image. */
  image: string;
  imageAlt: string;
  /** The preview image's size and type, when known (og:image:width, og:image:height, og:image:type). */
  imageFormat?: ImageFormat;
  type: "website" | "article" | "profile";
  /** A page search engines should leave out (sign-in treatment, not found). */
  noindex?: boolean;
  /** Feeds of the page's listings (`<link rel="alternate">`, what feed readers look for): Atom, with RSS beside it. */
  feeds?: FeedLink[];
  jsonLd?: Record<string, unknown>;
  /**
   * The pictures of the page's largest paint on a phone, fetched from the head at high priority: the browser
   * otherwise finds them only once the app has run and read the page's data.
   */
  preloadPictures?: PictureSources[];
  /** The page's own code (built files), fetched with the app's entry rather than after it has run. */
  preloadModules?: string[];
  /** Answers to the page's first reads, carried in the page for the app (apps/web lib/first-reads.ts). */
  firstReads?: AnsweredRead[];
}

export interface FeedLink {
  title: string;
  /** Absolute URL of the feed's Atom document; its RSS 2.0 document is at the same path ending `.rss`. */
  url: string;
}

/** A feed's RSS 2.0 address beside its Atom one (packages/schema feeds.ts: the same path, `.rss`). */
const rssUrl = (atomUrl: string) => atomUrl.replace(/\.atom$/, ".rss");

/** The head's link to a feed: its title and its Atom address. */
const feedLink = (base: string, feed: FeedName): FeedLink => ({ title: feed.title, url: base + feed.path("atom") });

export interface ImageFormat {
  width: number;
  height: number;
  type: string;
}

/** The neutral product image (apps/web/public): pages without a picture, NSFW listings. */
export const PRODUCT_IMAGE_PATH = "/og-image.png";
const PRODUCT_IMAGE_FORMAT: ImageFormat = { width: 1200, height: 630, type: "image/png" };
const DESCRIPTION_MAX = 200;

/** A description-sized excerpt: whitespace folded, cut at a word with an ellipsis. */
export function excerpt(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

const meta = (attribute: "name" | "property", key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** JSON safe inside <script>: no `<` (so no `</script>`), and the two line separators JSON allows but JS did not. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    ...(head.noindex ? [meta("name", "robots", "noindex")] : []),
    ...(head.feeds ?? []).flatMap((feed) => [
      `<link rel="alternate" type="${ATOM_TYPE}" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.url)}" />`,
      `<link rel="alternate" type="${RSS_TYPE}" title="${escapeHtml(`${feed.title} (RSS)`)}" href="${escapeHtml(rssUrl(feed.url))}" />`,
    ]),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", head.type),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.url),
    meta("property", "og:image", head.image),
    ...(head.imageFormat
      ? [
          meta("property", "og:image:width", String(head.imageFormat.width)),
          meta("property", "og:image:height", String(head.imageFormat.height)),
          meta("property", "og:image:type", head.imageFormat.type),
        ]
      : []),
    meta("property", "og:image:alt", head.imageAlt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", head.image),
    meta("name", "twitter:image:alt", head.imageAlt),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
    ...(head.preloadModules ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
    ...(head.preloadPictures ?? []).map(picturePreload),
    ...(head.firstReads?.length
      ? [`<script id="${FIRST_READS_ELEMENT_ID}" type="application/json">${scriptJson(head.firstReads)}</script>`]
      : []),
  ];
  return tags.join("\n    ");
}

/** A preload matching the page's <img> (srcset and sizes included, or the browser fetches the picture twice). */
const picturePreload = ({ src, srcSet, sizes }: PictureSources) =>
  `<link rel="preload" as="image" href="${escapeHtml(src)}"${srcSet ? ` imagesrcset="${escapeHtml(srcSet)}"` : ""}${sizes ? ` imagesizes="${escapeHtml(sizes)}"` : ""} fetchpriority="high" />`;

/** The app's (empty) element in index.html: a page drawn on the server (services/first-screen.ts) goes inside. */
const APP_ROOT = '<div id="root"></div>';

/**
 * The built index.html cut once around its head's page-specific part (its own <title> and description
 * are replaced) and its app element (a first screen drawn on the server goes inside), so each page costs one
 * string join.
 */
export function indexTemplate(html: string): (head: PageHead, firstScreen?: string) => string {
  const stripped = html.replace(/\s*<title>[\s\S]*?<\/title>/i, "").replace(/\s*<meta\s+name="description"[^>]*>/i, "");
  const at = stripped.search(/<\/head>/i);
  if (at < 0) throw new Error("index.html has no </head>");
  const root = stripped.indexOf(APP_ROOT, at);
  if (root < 0) throw new Error(`index.html has no ${APP_ROOT}`);
  const before = stripped.slice(0, at);
  const middle = stripped.slice(at, root + APP_ROOT.length - "</div>".length);
  const after = stripped.slice(root + APP_ROOT.length - "</div>".length);
  return (head, firstScreen = "") => `${before}  ${renderHead(head)}\n  ${middle}${firstScreen}${after}`;
}

/** An absolute URL for a path of this site (or an address that already is absolute). */
export const absolute = (base: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : base + pathOrUrl;

const SITE_DESCRIPTION = `Discover AI roleplay chatbots on ${platformNames("conjunction")}.`;

function productImage(base: string) {
  return { image: base + PRODUCT_IMAGE_PATH, imageAlt: SITE_NAME, imageFormat: PRODUCT_IMAGE_FORMAT };
}

/**
 * The gallery (`/`), its search results (`/?search=...`), a tag view (`/?tags=...`) or the Following view. The
 * plain gallery carries the answers to its first reads and preloads the first rail's pictures it shows at once.
 */
export function galleryHead(
  base: string,
  view: { search?: string | undefined; tags?: string[]; following?: boolean } = {},
  first: { reads: AnsweredRead[]; pictures: string[] } = { reads: [], pictures: [] },
): PageHead {
  const { search } = view;
  const term = search?.trim();
  return {
    title: pageTitle(galleryPageName({ ...view, search: term })),
    description: term ? `Chatbots matching “${term}” on ${SITE_NAME}. ${SITE_DESCRIPTION}` : SITE_DESCRIPTION,
    url: term ? `${base}/?search=${encodeURIComponent(term)}` : `${base}/`,
    type: "website",
    feeds: [feedLink(base, NEWEST_FEED)],
    ...productImage(base),
    firstReads: first.reads,
    preloadPictures: first.pictures.map((src) => ({ src })),
  };
}

export interface ListingForHead {
  id: string;
  title: string;
  tagline: string | null;
  description: string | null;
  tags: string[];
  nsfw: boolean;
  thumbnailUrl: string | null;
  imageUrl: string | null;
  userId: string;
  createdAt: string;
  updatedAt: string;
  creatorName: string;
  /** Its share preview (an SFW listing with a picture; images/previews.ts `sharePreviewOf`), else none. */
  sharePreview: ({ path: string } & ImageFormat) | null;
}

/**
 * A listing's page: its share preview (its picture on the brand background with its title, 1200x630) for link
 * previews, its card-size picture for search engines (JSON-LD); an NSFW listing's picture is in neither.
 */
export function listingHead(base: string, path: string, listing: ListingForHead): PageHead {
  const picture = listing.nsfw ? null : (listing.thumbnailUrl ?? listing.imageUrl);
  const preview = listing.nsfw ? null : listing.sharePreview;
  const url = base + path;
  const description = excerpt(
    listing.tagline || listing.description || `${listing.title} by ${listing.creatorName}. ${SITE_DESCRIPTION}`,
  );
  return {
    title: pageTitle(listing.title),
    description,
    url,
    type: "article",
    ...(preview
      ? {
          image: absolute(base, preview.path),
          imageAlt: listing.title,
          imageFormat: { width: preview.width, height: preview.height, type: preview.type },
        }
      : productImage(base)),
    // A visitor sees no NSFW picture (the page shows a lock), so none is fetched for it. Absolute, as the answers
    // the page's <img> takes its sources from name them (domain/images/absolute-urls.ts).
    preloadPictures: (listing.nsfw
      ? []
      : [
          pagePictureSources(
            listing.thumbnailUrl && absolute(base, listing.thumbnailUrl),
            listing.imageUrl && absolute(base, listing.imageUrl),
          ),
        ]
    ).filter((sources) => sources !== null),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      name: listing.title,
      description,
      url,
      ...(picture ? { image: absolute(base, picture) } : {}),
      keywords: listing.tags.join(", "),
      isFamilyFriendly: !listing.nsfw,
      dateCreated: listing.createdAt,
      dateModified: listing.updatedAt,
      author: { "@type": "Person", name: listing.creatorName, url: `${base}/profile/${listing.userId}` },
    },
  };
}

/** A creator's profile: their uploaded avatar (public) as the picture. */
export function profileHead(
  base: string,
  profile: { id: string; name: string; about: string | null; avatarUrl: string | null },
): PageHead {
  const avatar = profile.avatarUrl?.startsWith("/images/") ? profile.avatarUrl : null;
  return {
    title: pageTitle(profile.name),
    description: excerpt(profile.about || `Chatbots by ${profile.name} on ${SITE_NAME}.`),
    url: `${base}/profile/${profile.id}`,
    type: "profile",
    feeds: [feedLink(base, creatorFeedName(profile))],
    ...(avatar ? { image: base + avatar, imageAlt: profile.name } : productImage(base)),
  };
}

/** A collection as its page shows it (CollectionSummary), with its share preview. */
export type CollectionForHead = CollectionSummary & {
  /** Its mosaic of its first four SFW pictures (images/collection-previews.ts), else none (the neutral image). */
  sharePreview: ({ path: string } & ImageFormat) | null;
};

/**
 * A collection's page (issue 38 §2): its title, description (else a line naming its owner and its size), its mosaic
 * as the share preview. A private collection's page (its owner's alone) is never indexed.
 */
export function collectionHead(base: string, path: string, collection: CollectionForHead): PageHead {
  const url = base + path;
  const preview = collection.sharePreview;
  const description = excerpt(
    collection.description || collectionHeadDescription(collection.title, collection.ownerName, collection.itemCount),
  );
  return {
    title: pageTitle(collection.title),
    description,
    url,
    type: "website",
    // A public collection's feed (a private one has none: its feed is 404).
    ...(collection.public ? { feeds: [feedLink(base, collectionFeedName(collection))] } : { noindex: true }),
    ...(preview
      ? {
          image: absolute(base, preview.path),
          imageAlt: collection.title,
          imageFormat: { width: preview.width, height: preview.height, type: preview.type },
        }
      : productImage(base)),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "CollectionPage",
      name: collection.title,
      description,
      url,
      ...(preview ? { image: absolute(base, preview.path) } : {}),
      dateCreated: collection.createdAt,
      dateModified: collection.updatedAt,
      author: { "@type": "Person", name: collection.ownerName, url: `${base}/profile/${collection.ownerId}` },
    },
  };
}

/** A page the visitor may not see (an NSFW listing) or that does not exist: nothing of it, not indexed. */
const PLACEHOLDER_TITLES = {
  "sign-in": "Sign in to view",
  "not-found": "Page Not Found",
  hidden: "Hidden listing",
  // A /go link whose listing or platform is gone, and a stored picture that is gone (plugins/app/error-pages.ts).
  "dead-link": "This link no longer works",
  // A /go address naming a platform the registry does not have.
  "wrong-address": UNKNOWN_PLATFORM_TEXTS.title,
  image: "Picture not available",
  // The page's content could not be read (a backing service is down): the app shows its own retry.
  unavailable: undefined,
};

/** The pages a route's refusal may be answered with to a browser (FastifyContextConfig `errorPage`). */
export type ErrorPageKind = "dead-link" | "wrong-address" | "image";

export function placeholderHead(base: string, path: string, kind: keyof typeof PLACEHOLDER_TITLES): PageHead {
  return {
    title: pageTitle(PLACEHOLDER_TITLES[kind]),
    description: SITE_DESCRIPTION,
    url: base + path,
    type: "website",
    noindex: true,
    ...productImage(base),
  };
}
