import { z } from "zod";
import { idSchema } from "./chatbot.js";
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_ITEMS_MAX,
  COLLECTION_TEXTS,
  COLLECTION_TITLE_MAX,
} from "./collections-texts.js";
import { listingSlug } from "./listing-path.js";
import { pageFields, pageOf } from "./paging.js";
import { filledText } from "./text-input.js";
import { listedChatbotSchema } from "./types.js";

export * from "./collections-texts.js";

/**
 * Collections (issue 38 §2): a member's named lists of listings in an order they choose, public or private, shared at
 * /collections/{id}/{slug}. The limits and texts are in collections-texts.ts.
 */

/** A collection page's address; the slug is its title's, as a listing's (no slug when it has no letters or digits). */
export function collectionPath(collection: { id: string; title: string }): string {
  const slug = listingSlug(collection.title);
  return slug ? `/collections/${collection.id}/${slug}` : `/collections/${collection.id}`;
}

const title = filledText(COLLECTION_TITLE_MAX, {
  required: COLLECTION_TEXTS.titleRequired,
  tooLong: COLLECTION_TEXTS.titleTooLong,
});
/** Blank is none. */
const description = z
  .string()
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX, COLLECTION_TEXTS.descriptionTooLong)
  .transform((text) => (text === "" ? null : text))
  .nullable();

export const collectionIdSchema = z.object({ id: idSchema });

/**
 * A new collection. With `chatbotId`, the listing is its first item in the same call ("Add to collection" → "New
 * collection" made in place): both or neither.
 */
export const createCollectionSchema = z.object({
  title,
  description: description.optional(),
  public: z.boolean().default(false).meta({ description: "Shown to everyone at its page; else its owner's alone." }),
  chatbotId: idSchema.optional().meta({ description: "A listing to add as its first item." }),
});

/** The fields to change (at least one); the others stay. */
const changeFields = {
  title: title.optional(),
  description: description.optional(),
  public: z.boolean().optional(),
};
const changesSomething = (input: { title?: unknown; description?: unknown; public?: unknown }) =>
  input.title !== undefined || input.description !== undefined || input.public !== undefined;
export const updateCollectionBodySchema = z
  .object(changeFields)
  .refine(changesSomething, { message: COLLECTION_TEXTS.nothingToChange });
export const updateCollectionSchema = z
  .object({ id: idSchema, ...changeFields })
  .refine(changesSomething, { message: COLLECTION_TEXTS.nothingToChange });

export const collectionItemSchema = z.object({ id: idSchema, chatbotId: idSchema });

/** Move one listing to a place in the hand order (0 first; past the end is last). */
export const moveCollectionItemSchema = collectionItemSchema.extend({
  position: z.number().int().min(0).max(COLLECTION_ITEMS_MAX),
});

/** The whole hand order at once: every listing of the collection, each once. */
export const reorderCollectionSchema = z.object({
  id: idSchema,
  chatbotIds: z.array(idSchema).max(COLLECTION_ITEMS_MAX, COLLECTION_TEXTS.tooManyIds),
});

/** The "Add to collection" menu: with `chatbotId`, each collection says whether it holds that listing. */
export const myCollectionsSchema = z.object({ chatbotId: idSchema.optional() }).prefault({});

export const memberCollectionsSchema = z.object({ userId: z.uuid({ error: "Invalid user id" }) });

export const collectionPageSchema = z.object({ id: idSchema }).extend(pageFields());

export const collectionSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    public: z.boolean(),
    ownerId: z.uuid(),
    ownerName: z.string(),
    itemCount: z.number().int().meta({
      description: "Its listings that are not withheld by moderation (what its page shows, or says it hides).",
    }),
    path: z.string().meta({ description: "Its page's address: /collections/{id}/{slug}." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CollectionSummary" });
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** A collection in a list (a profile's): its summary and its picture. */
export const collectionCardSchema = collectionSummarySchema
  .extend({
    previewUrl: z.string().nullable().meta({
      description:
        "A public collection's share preview (a mosaic of its first four SFW pictures), else null (private, or no picture to show).",
    }),
  })
  .meta({ id: "CollectionCard" });
export type CollectionCard = z.infer<typeof collectionCardSchema>;

/** One of the caller's collections, for the menu and their profile: whether it holds the listing asked about. */
export const myCollectionSchema = collectionCardSchema
  .extend({
    contains: z.boolean().meta({ description: "Whether it holds the listing asked about (false when none was)." }),
  })
  .meta({ id: "MyCollection" });
export type MyCollection = z.infer<typeof myCollectionSchema>;

/** A collection as a viewer sees it: its listings in hand order (a page), and how many their settings hide. */
export const collectionViewSchema = z
  .object({ collection: collectionSummarySchema })
  .extend(pageOf(listedChatbotSchema).shape)
  .extend({
    hiddenCount: z.number().int().meta({
      description:
        "Its listings the viewer's settings keep from them (NSFW for a visitor or under Hide, blocked tags); not in items.",
    }),
    mine: z.boolean().meta({ description: "Whether the caller owns it (may edit it)." }),
  })
  .meta({ id: "CollectionView" });
export type CollectionView = z.infer<typeof collectionViewSchema>;

/** The answer of an add, a removal or a move: where the listing now is, and the collection's count. */
export const collectionItemStateSchema = z
  .object({
    collectionId: z.uuid(),
    chatbotId: z.uuid(),
    contains: z.boolean(),
    position: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Its place in the hand order (0 first); null when out." }),
    itemCount: z.number().int(),
  })
  .meta({ id: "CollectionItemState" });

export const collectionOrderSchema = z
  .object({ collectionId: z.uuid(), chatbotIds: z.array(z.uuid()) })
  .meta({ id: "CollectionOrder" });

export const deletedCollectionSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
