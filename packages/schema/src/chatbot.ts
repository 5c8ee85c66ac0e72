import { z } from "zod";
import {
  DESCRIPTION_MAX,
  IMAGE_FOCUS_DEFAULT,
  SEARCH_MAX,
  TAG_FILTER_MAX,
  TAG_MAX,
  TAGLINE_MAX,
  TAGS_MAX,
  TEXT_MAX,
  TITLE_MAX,
  TOP_TAGS_DEFAULT,
} from "./constants.js";
import { tooLongText } from "./limit-texts.js";
import { type ListingFieldInfo, notAChoice, perListingField } from "./listing-fields.js";
import { pageFields } from "./paging.js";
import {
  isPlatformLink,
  PLATFORM_REGISTRY,
  PLATFORMS,
  type Platform,
  perPlatformField,
  platformLabels,
} from "./platforms.js";
import { GALLERY_SORTS } from "./sorts.js";
import { tagList } from "./text-input.js";

/** Splits the comma-separated tags text: trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** The message of a text over its limit, the same shape as the spec's nickname and about messages. */

/** An optional text with its own limit and message; "" clears it. Line breaks arrive as LF. */
const limitedText = (max: number, message: string) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, message))
    .transform((value) => (value === "" ? null : value))
    .nullish();

const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(TEXT_MAX, tooLongText(label, TEXT_MAX))
    .transform((value) => (value === "" ? null : value))
    .nullish();

/** The message of a URL that leads off its platform: 'Polybuzz URL must be a link to polybuzz.ai'. */
export const notOnPlatform = (platform: Platform) =>
  `${platformLabels(platform).url} must be a link to ${PLATFORM_REGISTRY[platform].hosts.join(" or ")}`;

/**
 * A platform's link: a URL (else 'Must be a valid URL') that leads to one of the platform's hosts (else
 * notOnPlatform), so `/go` under our address only ever sends people to the platform.
 */
const platformUrl = (platform: Platform) =>
  z
    .union([
      z.literal(""),
      z
        .url({ protocol: /^https?$/, error: "Must be a valid URL" })
        .max(TEXT_MAX, tooLongText(platformLabels(platform).url, TEXT_MAX))
        // Only asked of a URL within its limit: one message per field.
        .refine((value) => isPlatformLink(platform, value), {
          error: notOnPlatform(platform),
          when: (payload) => payload.issues.length === 0,
        }),
    ])
    .transform((value) => (value === "" ? null : value))
    .nullish();

/** A declared listing field's value (listing-fields.ts): one of its choices; "" clears it. */
export const listingFieldValue = (field: ListingFieldInfo) =>
  z
    .union([z.literal(""), z.enum(field.values)], { error: notAChoice(field) })
    .transform((value) => (value === "" ? null : value))
    .nullish()
    .meta({ description: `${field.label}: one of ${field.values.join(", ")} ("" clears it).` });

/** A declared listing field as a gallery filter: listings with this value. */
export const listingFieldFilter = (field: ListingFieldInfo) =>
  z.enum(field.values, notAChoice(field)).optional().meta({ description: field.description });

/** One coordinate of the picture's focal point, the point a card's 2:3 crop keeps in view. */
const focusMessage = (name: string) => `${name} must be a whole number from 0 to 100`;
const focusPercent = (name: string, from: string) =>
  z
    .number({ error: focusMessage(name) })
    .int(focusMessage(name))
    .min(0, focusMessage(name))
    .max(100, focusMessage(name))
    .meta({
      description: `The picture's focal point in percent ${from}: the point a card's 2:3 crop keeps in view (default ${IMAGE_FOCUS_DEFAULT.x} across, ${IMAGE_FOCUS_DEFAULT.y} down).`,
    })
    .optional();

const chatbotFieldShapes = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(TITLE_MAX, tooLongText("Title", TITLE_MAX)),
  tags: tagList("tag").max(TAGS_MAX, `At most ${TAGS_MAX} tags are allowed`),
  tagline: limitedText(TAGLINE_MAX, tooLongText("Tagline", TAGLINE_MAX)).meta({
    description: "One line shown under the title on the card.",
  }),
  description: limitedText(DESCRIPTION_MAX, tooLongText("Description", DESCRIPTION_MAX)).meta({
    description: "Plain text with line breaks, shown on the listing page (links stay text).",
  }),
  storySeries: optionalText("Series"),
  // polybuzzCid, polybuzzUrl, roleplayaCid, roleplayaUrl (spec section 7): one pair per platform.
  ...perPlatformField(({ platform, part }) =>
    part === "cid" ? optionalText(platformLabels(platform).id) : platformUrl(platform),
  ),
  // The declared listing fields (listing-fields.ts), each one of its choices.
  ...perListingField(listingFieldValue),
  nsfw: z.boolean({ error: "nsfw must be true or false" }),
  imageFocusX: focusPercent("imageFocusX", "from the left"),
  imageFocusY: focusPercent("imageFocusY", "from the top"),
};

/** A new listing: title required, tags default to none, content rating to SFW. */
export const chatbotFieldsSchema = z.object({
  ...chatbotFieldShapes,
  tags: chatbotFieldShapes.tags.default([]),
  nsfw: chatbotFieldShapes.nsfw.default(false),
});

/** An edit: only the fields sent change (no defaults). */
export const chatbotUpdateSchema = z.object(chatbotFieldShapes).partial();
export type ChatbotFields = z.input<typeof chatbotFieldsSchema>;
export type ChatbotUpdate = z.input<typeof chatbotUpdateSchema>;
/** A new listing's values once validated (what the api's domain receives). */
export type ChatbotValues = z.output<typeof chatbotFieldsSchema>;
/** An edit's values once validated: only the fields sent. */
export type ChatbotChanges = z.output<typeof chatbotUpdateSchema>;

export const platformSchema = z.enum(PLATFORMS);

export const gallerySortSchema = z.enum(GALLERY_SORTS, `sort must be one of ${GALLERY_SORTS.join(", ")}`);

/** Tags to include or exclude: an array over tRPC, comma separated in a query string. */
const tagFilter = z
  .array(z.string().trim().min(1).max(TAG_MAX, tooLongText("Each tag", TAG_MAX)))
  .max(TAG_FILTER_MAX, `At most ${TAG_FILTER_MAX} tags`)
  .optional();

/** The gallery's filters without paging or order (the match count and the tag facets take these). */
export const galleryFiltersSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, tooLongText("Search", SEARCH_MAX)).optional(),
  platform: platformSchema.optional(),
  nsfw: z.boolean().optional(),
  tags: tagFilter,
  excludeTags: tagFilter,
  // The declared listing fields' filters (listing-fields.ts).
  ...perListingField(listingFieldFilter),
});

export const listChatbotsSchema = galleryFiltersSchema
  .extend({
    /** Omitted: Best match with a search term, newest without (sorts.ts defaultSortFor, applied by the api). */
    sort: gallerySortSchema.optional(),
  })
  .extend(pageFields());
export type ListChatbotsInput = z.input<typeof listChatbotsSchema>;

export const idSchema = z.uuid({ error: "Invalid id" });

/** How many listings match ('N bots'): counted up to GALLERY_COUNT_CAP, `capped` past it. */
export const galleryCountSchema = z.object({ count: z.number().int(), capped: z.boolean() });

/** The answer of a change that has nothing else to say. */
export const successSchema = z.object({ success: z.boolean() }).meta({ id: "Success" });

/** Filters without paging, for the gallery's match count. */
export const countChatbotsSchema = galleryFiltersSchema;

/** The top tags with counts for the gallery's current filters. */
export const topTagsSchema = galleryFiltersSchema.extend({
  limit: z.number().int().min(1).max(50).default(TOP_TAGS_DEFAULT),
});

/**
 * Paging of one creator's lists (own list, series): pages are large by default, so a client that
 * ignores the Link header still gets a whole list in practice, and the dashboard's stats stay exact.
 */
export const CREATOR_PAGE_MAX = 1000;
export const creatorPageFieldsSchema = z.object(pageFields({ size: CREATOR_PAGE_MAX, max: CREATOR_PAGE_MAX }));
/** The same, with no input at all meaning the first page. */
export const creatorPageSchema = creatorPageFieldsSchema.prefault({});

export const seriesInputSchema = creatorPageFieldsSchema.extend({
  seriesName: z.string().trim().min(1, "Series name is required").max(TEXT_MAX, tooLongText("Series name", TEXT_MAX)),
  creatorId: idSchema,
});

/** A form's tags: one text, comma joined. */
const formTags = z
  .string()
  .max(TEXT_MAX, tooLongText("Tags", TEXT_MAX))
  .meta({ description: "Comma-separated tags." })
  .transform(parseTags)
  .pipe(chatbotFieldShapes.tags);
/** A form's content rating: "true" or "false". */
const formNsfw = z
  .enum(["true", "false"], "nsfw must be true or false")
  .transform((value) => value === "true")
  .meta({ description: "Adult content: true or false (default false)." });

/** A form's focal point coordinate: a whole number as text. */
const formFocus = (name: "imageFocusX" | "imageFocusY") =>
  z
    .string()
    .regex(/^\d{1,3}$/, focusMessage(name))
    .transform(Number)
    .pipe(chatbotFieldShapes[name].unwrap())
    .optional();

/**
 * A new listing as a form sends it (spec section 7; multipart over tRPC FormData and REST): every value a
 * string, tags comma joined, nsfw "true"/"false"; the same rules as chatbotFieldsSchema, in one pass,
 * so a generated description (OpenAPI) shows which fields are required.
 */
export const chatbotCreateFormSchema = chatbotFieldsSchema.extend({
  tags: formTags.optional().transform((tags) => tags ?? []),
  nsfw: formNsfw.optional().transform((nsfw) => nsfw ?? false),
  imageFocusX: formFocus("imageFocusX"),
  imageFocusY: formFocus("imageFocusY"),
});
/** An edit as a form sends it: only the fields sent change. */
export const chatbotUpdateFormSchema = chatbotUpdateSchema.extend({
  tags: formTags.optional(),
  nsfw: formNsfw.optional(),
  imageFocusX: formFocus("imageFocusX"),
  imageFocusY: formFocus("imageFocusY"),
});
