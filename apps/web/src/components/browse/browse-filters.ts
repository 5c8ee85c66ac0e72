import { PAGE_SIZE_DEFAULT, TAG_FILTER_MAX } from "@gallery/schema/constants";
import { LISTING_FIELDS, type ListingFieldName, perListingField } from "@gallery/schema/listing-fields";
import { PLATFORMS, type Platform } from "@gallery/schema/platforms";
import { defaultSortFor, GALLERY_SORTS, type GallerySort } from "@gallery/schema/sorts";
import { isBadRequest, refusedFields, serverMessage } from "../../lib/errors";
import type { TRPC } from "../../lib/trpc";

/**
 * SFW Only (nsfw false) or NSFW Included (SFW and NSFW listings, as its label says: the same listings as All Content,
 * docs/listings.md); absent: All Content.
 */
export type ContentFilter = "sfw" | "nsfw";

/**
 * The browse page's filters, as the gallery uses them (read from the address by `readBrowseAddress`):
 * every filtered view is a URL. Absent means unfiltered (and newest first), so the plain gallery is plain
 * `/`. Tags are comma joined (`tags=fantasy,romance`), so a shared link stays readable.
 */
export interface BrowseSearch extends Partial<Record<ListingFieldName, string>> {
  search?: string;
  platform?: Platform;
  content?: ContentFilter;
  /** Absent: the default order (Best match with a term, newest without: defaultSortFor). */
  sort?: GallerySort;
  tags?: string;
  excludeTags?: string;
  /** `following`: the listings of the creators the member follows (members only); absent: the whole gallery. */
  view?: "following";
}

/**
 * The browse page's search params as the address has them (/?search=&platform=&content=&sort=&tags=
 * &excludeTags=&view=): text, not yet checked, so a wrong value stays in the address (and is named) until
 * the person clears it, instead of being dropped without a word.
 */
export type BrowseAddress = { [Part in keyof BrowseSearch]?: string };

/** A comma-joined tag list as tags: trimmed, empties and repeats dropped, at most TAG_FILTER_MAX. */
export function splitTags(text: string | undefined): string[] {
  const tags = (text ?? "")
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)].slice(0, TAG_FILTER_MAX);
}

/** Tags as a search param value; undefined when none. */
export const joinTags = (tags: string[]) => (tags.length ? tags.join(",") : undefined);

/** A tag list param as it is kept: a string (or what the router parsed it to), normalised. */
function tagParam(value: unknown): string | undefined {
  const text = Array.isArray(value) ? value.join(",") : typeof value === "number" ? String(value) : value;
  return typeof text === "string" ? joinTags(splitTags(text)) : undefined;
}

/** The address's values that must be one of a few, each with the one list it is checked against. */
const CHOICES = {
  platform: PLATFORMS,
  content: ["sfw", "nsfw"],
  sort: GALLERY_SORTS,
  view: ["following"],
  // Each declared listing field (listing-fields.ts): one of its values.
  ...perListingField((field) => field.values),
} as const;
type ChoicePart = keyof typeof CHOICES;

/** A param as text: the router parses `?search=2077` to a number (and `{...}` to an object). */
const asText = (value: unknown) =>
  value === undefined || value === null ? undefined : typeof value === "string" ? value : JSON.stringify(value);

/**
 * `validateSearch` of the browse route: each param as text (a plain function keeps zod out of the first
 * download), a blank term and the tag lists normalised; whether a value is one the gallery knows is
 * `readBrowseAddress`'s to say. Every key is set: the router lays this over the raw search.
 */
export function validateBrowseSearch(raw: Record<string, unknown>): BrowseAddress {
  const search = asText(raw.search);
  return {
    search: search?.trim() ? search : undefined,
    platform: asText(raw.platform),
    content: asText(raw.content),
    sort: asText(raw.sort),
    tags: tagParam(raw.tags),
    excludeTags: tagParam(raw.excludeTags),
    view: asText(raw.view),
    ...perListingField((field) => asText(raw[field.name])),
  };
}

/** A part of the browse page's address (a search param) that can be wrong. */
export type AddressPart = keyof BrowseSearch;

/**
 * A part of the address the gallery cannot use: a value outside its few choices (`reason` unset), or
 * one the server refused (its 400's message as `reason`). `part` null: the server refused the address
 * without naming a part.
 */
export interface AddressProblem {
  part: AddressPart | null;
  value: string;
  reason?: string;
}

const chosen = <P extends ChoicePart>(address: BrowseAddress, part: P) =>
  (CHOICES[part] as readonly unknown[]).includes(address[part])
    ? (address[part] as (typeof CHOICES)[P][number])
    : undefined;

/**
 * The address read: the filters the gallery can use, and each part whose value is none of its choices
 * (`?sort=bogus`, `?platform=myspace`), for the page to name (the gallery is not asked meanwhile).
 */
export function readBrowseAddress(address: BrowseAddress): { filters: BrowseSearch; problems: AddressProblem[] } {
  const sort = chosen(address, "sort");
  const filters: BrowseSearch = {
    search: address.search,
    platform: chosen(address, "platform"),
    content: chosen(address, "content"),
    // The default is left out of the address; Best match without a term is no order of its own.
    sort:
      sort === defaultSortFor(address.search) || (sort === "relevance" && !address.search?.trim()) ? undefined : sort,
    tags: address.tags,
    excludeTags: address.excludeTags,
    view: chosen(address, "view"),
    ...perListingField((field) => chosen(address, field.name as ListingFieldName)),
  };
  const problems = (Object.keys(CHOICES) as ChoicePart[]).flatMap((part) => {
    const value = address[part];
    return value && chosen(address, part) === undefined ? [{ part, value }] : [];
  });
  return { filters, problems };
}

/** The declared listing fields (listing-fields.ts) the filters choose a value of. */
const listingFieldsChosen = (filters: BrowseSearch) =>
  LISTING_FIELDS.map((field) => field.name as ListingFieldName).filter((name) => filters[name]);

/**
 * The gallery query of spec section 7: unset values are omitted. The content filter is sent as it
 * is: the server decides what a visitor may see (SFW only, whatever is asked).
 */
export function toListInput(filters: BrowseSearch) {
  const search = filters.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.platform ? { platform: filters.platform } : {}),
    // NSFW Included leaves nothing out (not NSFW only): only SFW Only filters.
    ...(filters.content === "sfw" ? { nsfw: false } : {}),
    ...(filters.tags ? { tags: splitTags(filters.tags) } : {}),
    ...(filters.excludeTags ? { excludeTags: splitTags(filters.excludeTags) } : {}),
    ...Object.fromEntries(listingFieldsChosen(filters).map((name) => [name, filters[name]])),
  };
}

/** The list input's fields (`toListInput`, and the order) as the parts of the address they come from. */
const INPUT_PARTS: Record<string, AddressPart> = {
  search: "search",
  platform: "platform",
  nsfw: "content",
  sort: "sort",
  tags: "tags",
  excludeTags: "excludeTags",
  ...perListingField((field) => field.name as AddressPart),
};

/**
 * The parts of the address a refused gallery read (400) blames, from the server's field errors, each
 * with the server's reason; null when the read did not fail that way.
 */
export function refusedParts(error: unknown, filters: BrowseSearch): AddressProblem[] | null {
  if (!isBadRequest(error)) return null;
  const named = refusedFields(error).flatMap(({ field, message }) => {
    const part = INPUT_PARTS[field];
    return part ? [{ part, value: filters[part] ?? "", reason: message }] : [];
  });
  return named.length > 0 ? named : [{ part: null, value: "", reason: serverMessage(error) ?? undefined }];
}

/**
 * The gallery's reads for these filters: the pages of listings in the chosen order, the match count
 * and the tag facets (also started by the loader).
 */
export function galleryQueries(trpc: TRPC, filters: BrowseSearch) {
  const input = toListInput(filters);
  const pages = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined };
  if (filters.view === "following") {
    // The member's own feed (never a shared copy), with its own tag facets: an empty feed has none.
    return {
      list: trpc.follows.feed.infiniteQueryOptions(
        { ...input, ...(filters.sort ? { sort: filters.sort } : {}), limit: PAGE_SIZE_DEFAULT },
        pages,
      ),
      count: trpc.follows.feedCount.queryOptions(input),
      tags: trpc.follows.feedTags.queryOptions(input),
    };
  }
  return {
    list: trpc.chatbots.list.infiniteQueryOptions(
      { ...input, ...(filters.sort ? { sort: filters.sort } : {}), limit: PAGE_SIZE_DEFAULT },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    count: trpc.chatbots.count.queryOptions(input),
    tags: trpc.chatbots.tags.queryOptions(input),
  };
}

/** The plain gallery (nothing in the address) opens with the discovery rails above it. */
export const isPlainGallery = (filters: BrowseSearch) => Object.values(filters).every((value) => value === undefined);

/** A tag chip's state: neutral, included (listings must have it) or excluded (must not). */
export type TagState = "include" | "exclude" | undefined;

export function tagState(filters: BrowseSearch, tag: string): TagState {
  if (splitTags(filters.tags).includes(tag)) return "include";
  if (splitTags(filters.excludeTags).includes(tag)) return "exclude";
  return undefined;
}

/** The next state on a click (neutral → include → exclude → neutral), as the search params to set. */
export function cycleTag(filters: BrowseSearch, tag: string): Pick<BrowseSearch, "tags" | "excludeTags"> {
  const state = tagState(filters, tag);
  const tags = splitTags(filters.tags).filter((t) => t !== tag);
  const excluded = splitTags(filters.excludeTags).filter((t) => t !== tag);
  if (state === undefined) tags.push(tag);
  if (state === "include") excluded.push(tag);
  return { tags: joinTags(tags), excludeTags: joinTags(excluded) };
}

/**
 * Whether anything differs from the unfiltered gallery (the Clear button's state). A visitor has no
 * content filter (and is shown SFW listings whatever the URL says, e.g. right after signing out with
 * 'NSFW Included' chosen): for them `content` is not a filter in effect.
 */
export const hasActiveFilters = (filters: BrowseSearch, viewer: "member" | "visitor" = "member") =>
  Boolean(
    filters.search?.trim() ||
      filters.platform ||
      (viewer === "member" && filters.content) ||
      filters.tags ||
      filters.excludeTags ||
      listingFieldsChosen(filters).length > 0,
  );

/**
 * How many of the filters a phone's filter sheet holds are in effect (its Filters button shows the number):
 * platform, content (a member's), an order other than newest, and each chosen tag. The search has its own box.
 */
export const activeFilterCount = (filters: BrowseSearch, viewer: "member" | "visitor" = "member") =>
  [filters.platform, viewer === "member" && filters.content, filters.sort].filter(Boolean).length +
  listingFieldsChosen(filters).length +
  splitTags(filters.tags).length +
  splitTags(filters.excludeTags).length;

/** 'N bots' (singular for one); 'N+ bots' when the server stopped counting at its cap. */
export const botCountLabel = ({ count, capped }: { count: number; capped: boolean }) =>
  `${count}${capped ? "+" : ""} ${count === 1 && !capped ? "bot" : "bots"}`;

type Count = { count: number; capped: boolean };

/**
 * The count shown above the list, derived so the two never disagree: none while the list is not there
 * (loading, or failed); the list's own length once its last page is loaded; else the server's count,
 * never below what is loaded, and "at least what is loaded" when the count itself failed.
 */
export function shownCount(
  list: { loaded: number; complete: boolean } | undefined,
  count: Count | "failed" | undefined,
) {
  if (!list) return undefined;
  if (list.complete) return { count: list.loaded, capped: false };
  if (count === "failed" || (count && count.count < list.loaded)) return { count: list.loaded, capped: true };
  return count;
}
