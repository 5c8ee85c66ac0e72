/**
 * The words of collections (issue 38 §2), without zod, so a card's menu and the collection page show them without
 * loading the schemas. The api answers with the same texts (tested word for word in apps/api/test/collections.test.ts).
 */

import { tooLongText } from "./limit-texts.js";

/** How long a collection's title may be (1-80 characters) and its description (at most 500). */
export const COLLECTION_TITLE_MAX = 80;
export const COLLECTION_DESCRIPTION_MAX = 500;
/** How many listings one collection holds; the next add is refused (409) with `COLLECTION_TEXTS.full`. */
export const COLLECTION_ITEMS_MAX = 500;
/** How many collections one member may have; the next is refused (409) with `COLLECTION_TEXTS.tooMany`. */
export const COLLECTIONS_PER_MEMBER_MAX = 100;

export const COLLECTION_TEXTS = {
  /** The menu item on each card and on the listing page. */
  addToCollection: "Add to collection",
  /** The menu's item that makes a collection in place (with the listing as its first item). */
  newCollection: "New collection",
  titleLabel: "Title",
  descriptionLabel: "Description",
  publicLabel: "Public",
  privateLabel: "Private",
  titleRequired: "Title is required",
  titleTooLong: tooLongText("Title", COLLECTION_TITLE_MAX),
  descriptionTooLong: tooLongText("Description", COLLECTION_DESCRIPTION_MAX),
  /** Unknown, private to someone else, another member's (for a change), or its owner not shown: all alike. */
  notFound: "Collection not found",
  full: `A collection holds at most ${COLLECTION_ITEMS_MAX} listings`,
  tooMany: `You can have at most ${COLLECTIONS_PER_MEMBER_MAX} collections`,
  /** A whole new order that is not the collection's listings each once (it changed meanwhile: read it again). */
  orderMismatch: "The new order must name every listing in the collection once",
  nothingToChange: "Nothing to change",
  tooManyIds: `At most ${COLLECTION_ITEMS_MAX} listings`,
  /** The page of a collection with no listing (or none the viewer may see). */
  empty: "This collection has no listings yet.",
  /** The web's words (the menu's dialog, the collection page, a profile's section). */
  dialogDescription: "Tick the collections this chatbot belongs in.",
  noCollections: "You have no collections yet.",
  create: "Create and add",
  creating: "Creating…",
  signInTitle: "Sign in to make collections",
  sectionTitle: "Collections",
  profileEmpty: "No public collections yet.",
  edit: "Edit collection",
  save: "Save",
  saved: "Collection saved",
  delete: "Delete collection",
  deleting: "Deleting…",
  deleteDescription: "The collection goes; its chatbots stay in the gallery.",
  deleted: "Collection deleted",
  share: "Share",
  moveUp: "Move up",
  moveDown: "Move down",
  remove: "Remove",
  changeFailed: "The collection could not be changed. Please try again.",
  notFoundHint: "It does not exist, or it is private.",
} as const;

/** The owner's controls of one item on the collection page (their accessible names) and what a move announces. */
export const moveUpLabel = (title: string) => `Move “${title}” up`;
export const moveDownLabel = (title: string) => `Move “${title}” down`;
export const removeLabel = (title: string) => `Remove “${title}” from the collection`;
export const movedTo = (title: string, place: number) => `“${title}” moved to place ${place}`;

/** How many chatbots a collection holds, as its page and a profile say it. */
export const collectionCount = (count: number) => (count === 1 ? "1 chatbot" : `${count} chatbots`);

/** The confirmation after an add or a removal (a toast). */
export const addedToCollection = (title: string) => `Added to “${title}”`;
export const removedFromCollection = (title: string) => `Removed from “${title}”`;

/**
 * The collection page's honest note: how many of its listings the viewer's settings (or, for a visitor, not being
 * signed in) keep from them. Nothing when none is hidden.
 */
export function hiddenItemsNote(count: number): string | null {
  if (count <= 0) return null;
  return count === 1
    ? "1 listing in this collection is hidden by your settings"
    : `${count} listings in this collection are hidden by your settings`;
}

/** The page's title and the description its head falls back to. */
export const collectionHeadDescription = (title: string, ownerName: string, count: number) =>
  `${title}: a collection of ${count === 1 ? "1 chatbot" : `${count} chatbots`} by ${ownerName}.`;
