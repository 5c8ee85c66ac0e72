import {
  collectionCardSchema,
  collectionIdSchema,
  collectionItemSchema,
  collectionItemStateSchema,
  collectionOrderSchema,
  collectionPageSchema,
  collectionSummarySchema,
  collectionViewSchema,
  createCollectionSchema,
  deletedCollectionSchema,
  memberCollectionsSchema,
  moveCollectionItemSchema,
  myCollectionSchema,
  myCollectionsSchema,
  reorderCollectionSchema,
  updateCollectionBodySchema,
  updateCollectionSchema,
} from "@gallery/schema";
import { z } from "zod";
import {
  addToCollection,
  createCollection,
  deleteCollection,
  memberCollections,
  moveCollectionItem,
  myCollections,
  readCollection,
  removeFromCollection,
  reorderCollection,
  updateCollection,
} from "../domain/members/collections.js";
import { mutation, ownCopy, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/** Kept for the caller's session alone: their own collections, private ones included. */
const OWN = ownCopy("The caller's own collections, private ones included");

/**
 * Collections (issue 38 §2; domain/members/collections.ts). Every change is the owner's alone: another member's
 * collection answers 404 'Collection not found', as an unknown one. Changes count against the member's `write`
 * budget (declared on each); reads of other people's collections declare no sharing: a collection's answer says
 * whether it is the caller's (`mine`) and a private one is its owner's, so one answer is never handed to another.
 */
export const collectionsCalls = {
  /** The caller's collections, newest first; with `chatbotId`, whether each holds that listing (the menu). */
  mine: query({
    access: "member",
    input: myCollectionsSchema,
    output: z.array(myCollectionSchema),
    sharing: OWN,
    limit: "read",
    run: myCollections,
    rest: rest({
      method: "GET",
      path: "/user/collections",
      operationId: "listMyCollections",
      summary: "The caller's collections, newest first",
      description:
        "Private ones included (at most 100). With `chatbotId`, each says whether it holds that listing (`contains`).",
      tag: "members",
      query: fromQuery(myCollectionsSchema.unwrap()),
    }),
  }),

  /**
   * A new collection. With `chatbotId` the listing is its first item in the same call ("Add to collection", then
   * "New collection" in place): one call, so a refused listing leaves no empty collection behind.
   */
  create: mutation({
    access: "member",
    input: createCollectionSchema,
    output: collectionSummarySchema,
    limit: "write",
    run: createCollection,
    rest: rest({
      method: "POST",
      path: "/user/collections",
      operationId: "createCollection",
      summary: "Make a collection (optionally with its first listing)",
      description:
        "Private unless `public` is true. At most 100 collections per member (409 past it). With `chatbotId`, a listing the caller may not see is 404 and nothing is made.",
      tag: "members",
      body: createCollectionSchema,
      status: 201,
      errors: [404, 409],
    }),
  }),

  update: mutation({
    access: "member",
    input: updateCollectionSchema,
    output: collectionSummarySchema,
    limit: "write",
    run: updateCollection,
    rest: rest({
      method: "PUT",
      path: "/user/collections/:id",
      operationId: "updateCollection",
      summary: "Change a collection's title, description or visibility",
      description: "The fields given change, the others stay. Another member's collection is 404.",
      tag: "members",
      params: collectionIdSchema,
      body: updateCollectionBodySchema,
      input: ({ params, body }) => ({ ...body, id: params.id }),
      errors: [404],
    }),
  }),

  delete: mutation({
    access: "member",
    input: collectionIdSchema,
    output: deletedCollectionSchema,
    limit: "write",
    run: deleteCollection,
    rest: rest({
      method: "DELETE",
      path: "/user/collections/:id",
      operationId: "deleteCollection",
      summary: "Delete a collection (its listings stay)",
      description: "Another member's collection is 404.",
      tag: "members",
      params: collectionIdSchema,
      errors: [404],
    }),
  }),

  /** Adds a listing, last; idempotent. */
  add: mutation({
    access: "member",
    input: collectionItemSchema,
    output: collectionItemStateSchema,
    limit: "write",
    run: addToCollection,
    rest: rest({
      method: "PUT",
      path: "/user/collections/:id/items/:chatbotId",
      operationId: "addToCollection",
      summary: "Add a listing to a collection (last)",
      description:
        "Idempotent: a listing already in it stays where it is. A full collection (500 listings) is 409; a listing the caller may not see, or another member's collection, 404.",
      tag: "members",
      params: collectionItemSchema,
      errors: [404, 409],
    }),
  }),

  remove: mutation({
    access: "member",
    input: collectionItemSchema,
    output: collectionItemStateSchema,
    limit: "write",
    run: removeFromCollection,
    rest: rest({
      method: "DELETE",
      path: "/user/collections/:id/items/:chatbotId",
      operationId: "removeFromCollection",
      summary: "Take a listing out of a collection",
      description: "Idempotent: a listing not in it changes nothing. Another member's collection is 404.",
      tag: "members",
      params: collectionItemSchema,
      errors: [404],
    }),
  }),

  /** Moves one listing to a place in the hand order. */
  move: mutation({
    access: "member",
    input: moveCollectionItemSchema,
    output: collectionOrderSchema,
    limit: "write",
    run: moveCollectionItem,
    rest: rest({
      method: "PUT",
      path: "/user/collections/:id/items/:chatbotId/position",
      operationId: "moveCollectionItem",
      summary: "Move a listing to a place in a collection's order",
      description: "`position` 0 is first; past the end is last. Answers the whole new order.",
      tag: "members",
      params: collectionItemSchema,
      body: moveCollectionItemSchema.pick({ position: true }),
      input: ({ params, body }) => ({ ...params, position: body.position }),
      errors: [404],
    }),
  }),

  /** The whole hand order at once. */
  reorder: mutation({
    access: "member",
    input: reorderCollectionSchema,
    output: collectionOrderSchema,
    limit: "write",
    run: reorderCollection,
    rest: rest({
      method: "PUT",
      path: "/user/collections/:id/order",
      operationId: "reorderCollection",
      summary: "Set a collection's whole order",
      description:
        "`chatbotIds` must be the collection's listings, each once: anything else (it changed meanwhile) is 409 and changes nothing.",
      tag: "members",
      params: collectionIdSchema,
      body: reorderCollectionSchema.pick({ chatbotIds: true }),
      input: ({ params, body }) => ({ id: params.id, chatbotIds: body.chatbotIds }),
      errors: [404, 409],
    }),
  }),

  /** One collection and a page of its listings, as this viewer may see them (its page). */
  byId: query({
    access: "public",
    input: collectionPageSchema,
    output: collectionViewSchema,
    run: readCollection,
    rest: rest({
      method: "GET",
      path: "/collections/:id",
      operationId: "getCollection",
      summary: "A collection and a page of its listings in its order",
      description:
        "A public collection for anyone who may see its owner's profile; a private one for its owner alone (404 to anyone else). Its listings are those the caller may see (`hiddenCount` says how many their settings hide); the next page's cursor is `nextCursor`.",
      tag: "members",
      params: collectionIdSchema,
      query: fromQuery(collectionPageSchema.omit({ id: true })),
      input: ({ params, query }) => ({ ...query, id: params.id }),
      errors: [404],
    }),
  }),

  /** A member's public collections (their profile). */
  ofMember: query({
    access: "public",
    input: memberCollectionsSchema,
    output: z.array(collectionCardSchema),
    run: memberCollections,
    rest: rest({
      method: "GET",
      path: "/users/:userId/collections",
      operationId: "listMemberCollections",
      summary: "A member's public collections, newest first",
      description: "404 when the caller may not see the member's profile.",
      tag: "members",
      params: memberCollectionsSchema,
      errors: [404],
    }),
  }),
};
