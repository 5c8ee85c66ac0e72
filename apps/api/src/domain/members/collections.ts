import {
  COLLECTION_ITEMS_MAX,
  COLLECTION_TEXTS,
  COLLECTIONS_PER_MEMBER_MAX,
  type CollectionCard,
  type CollectionSummary,
  type CollectionView,
  collectionPath,
  creatorDisplayName,
  type MyCollection,
} from "@gallery/schema";
import { sql } from "kysely";
import { brokeConstraint, type Db, type Deps } from "../deps.js";
import { ConflictError, LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { collectionPreviewUrls } from "../images/collection-previews.js";
import { countGallery, listingPage } from "../listings/queries.js";
import { requireVisibleListing } from "../listings/visible.js";
import { type Member, mayViewProfile, requireMember, type Viewer } from "../policy.js";
import { findVisibleProfile } from "../users/profile.js";
import { deleteOwned } from "./owned.js";

/**
 * Collections (issue 38 §2): a member's named lists of listings in an order they choose by hand, public or private.
 * - Only the owner changes a collection. Another member's collection is, to every change, a collection that does not
 *   exist (404 'Collection not found'), as is a private one to anyone but its owner when read: nobody learns that it
 *   exists. A public one is read by anyone who may see its owner's profile (the viewer policy's mayViewProfile).
 * - Its items are listings as the gallery shows them (listings/queries.ts listingPage, in the `position` order):
 *   each viewer gets only what the viewer policy and their own settings let them see, and `hiddenCount` says how
 *   many their settings keep from them. Listings withheld by moderation are neither shown nor counted.
 * - Every change of a collection's items runs in one transaction holding its row's lock (`lockOwn`), so adds, removals
 *   and reorders of one collection take turns: a listing is in it once, positions stay 0..n-1 and the limit holds.
 *   Creating takes a lock on the member's collections (an advisory lock on their id) for the per-member limit.
 * - Adding makes the listing last; adding one already there changes nothing (idempotent, as saving a favourite).
 */

/** A transaction (a Kysely transaction is a handle like any other). */
type Trx = Db;

const notFound = () => new NotFoundError(COLLECTION_TEXTS.notFound);

interface CollectionRow {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  isApproved: boolean;
  suspendedAt: Date | null;
  itemCount: number;
}

/** Collections with their owner's name parts and their count of listings not withheld by moderation. */
function collectionRows(db: Db) {
  return db
    .selectFrom("collections as k")
    .innerJoin("users as u", "u.id", "k.userId")
    .select([
      "k.id",
      "k.userId",
      "k.title",
      "k.description",
      "k.isPublic",
      "k.createdAt",
      "k.updatedAt",
      "u.nickname",
      "u.firstName",
      "u.lastName",
      "u.isApproved",
      "u.suspendedAt",
      sql<number>`(SELECT count(*)::int FROM collection_items ci JOIN chatbots c ON c.id = ci.chatbot_id
        WHERE ci.collection_id = k.id AND NOT c.withheld)`.as("itemCount"),
    ]);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSummary(row: CollectionRow): CollectionSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    public: row.isPublic,
    ownerId: row.userId,
    // The e-mail is never a collection's owner name (it is shown only where the viewer policy says: emailFor).
    ownerName: creatorDisplayName({ nickname: row.nickname, firstName: row.firstName, lastName: row.lastName }),
    itemCount: Number(row.itemCount),
    path: collectionPath(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Summaries with their mosaic's address (a list of collections: the menu, a profile), in one more query. */
async function toCards<Row extends CollectionRow>(db: Db, rows: Row[]): Promise<Array<Row & { card: CollectionCard }>> {
  const urls = await collectionPreviewUrls(
    db,
    rows.map((row) => ({ id: row.id, isPublic: row.isPublic, owner: { ...row, id: row.userId } })),
  );
  return rows.map((row) => ({ ...row, card: { ...toSummary(row), previewUrl: urls.get(row.id) ?? null } }));
}

/** A summary of one collection (after a change), its owner's. */
async function summaryOf(db: Db, id: string): Promise<CollectionSummary> {
  const row = await collectionRows(db).where("k.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return toSummary(row);
}

/**
 * The collection as this viewer may read it: its owner always; anyone else only a public one whose owner's profile
 * they may see. Else NOT_FOUND, as for an unknown id.
 */
export async function findCollection(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<{ summary: CollectionSummary; mine: boolean }> {
  const row = await collectionRows(db).where("k.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const mine = viewer?.id === row.userId;
  if (!mine && !(row.isPublic && mayViewProfile(viewer, { ...row, id: row.userId }))) throw notFound();
  return { summary: toSummary(row), mine };
}

/** Locks the member's own collection for this transaction; another member's or an unknown one is NOT_FOUND. */
async function lockOwn(trx: Trx, member: Member, id: string): Promise<void> {
  const row = await trx
    .selectFrom("collections")
    .select("id")
    .where("id", "=", id)
    .where("userId", "=", member.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** The collection's listings in hand order (its owner's view of the rows: every item, any state). */
async function orderOf(trx: Trx, id: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("collectionItems")
    .select("chatbotId")
    .where("collectionId", "=", id)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.chatbotId);
}

/**
 * Writes this order as positions 0..n-1 (only the rows whose place changed), as a plain update of collection_items:
 * the write observer then knows it changes no shared copy (packages/db changes.ts).
 */
async function writeOrder(trx: Trx, id: string, chatbotIds: string[]): Promise<void> {
  if (chatbotIds.length === 0) return;
  const place = sql<number>`array_position(${chatbotIds}::uuid[], chatbot_id) - 1`;
  await trx
    .updateTable("collectionItems")
    .set({ position: place })
    .where("collectionId", "=", id)
    .where("chatbotId", "in", chatbotIds)
    .where(sql<boolean>`position <> ${place}`)
    .execute();
}

const touch = (trx: Trx, id: string) =>
  trx.updateTable("collections").set({ updatedAt: sql`now()` }).where("id", "=", id).execute();

/** A foreign key gone meanwhile (the listing deleted between the check and the insert) is the unknown listing. */
function listingGone(error: unknown): never {
  if (brokeConstraint(error, "foreignKey")) throw new NotFoundError(LISTING_NOT_FOUND);
  throw error;
}

/**
 * A new collection of the caller's (at most COLLECTIONS_PER_MEMBER_MAX: 409 past it). With `chatbotId`, the listing
 * is its first item in the same transaction ("New collection" made in place from "Add to collection"); a listing the
 * caller may not see refuses the whole call (404) and makes nothing.
 */
export async function createCollection(
  deps: Deps,
  viewer: Viewer,
  input: { title: string; description?: string | null | undefined; public: boolean; chatbotId?: string | undefined },
): Promise<CollectionSummary> {
  const member = requireMember(viewer);
  if (input.chatbotId) await requireVisibleListing(deps.db, member, input.chatbotId);
  const id = await deps.db.transaction().execute(async (trx) => {
    // One member's creates take turns (the count below is then exact); nobody else waits.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`collections ${member.id}`}, 0))`.execute(trx);
    const { count } = await trx
      .selectFrom("collections")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", member.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= COLLECTIONS_PER_MEMBER_MAX) throw new ConflictError(COLLECTION_TEXTS.tooMany);
    const { id } = await trx
      .insertInto("collections")
      .values({
        userId: member.id,
        title: input.title,
        description: input.description ?? null,
        isPublic: input.public,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.chatbotId) {
      await trx
        .insertInto("collectionItems")
        .values({ collectionId: id, chatbotId: input.chatbotId, position: 0 })
        .execute()
        .catch(listingGone);
    }
    return id;
  });
  return summaryOf(deps.db, id);
}

/** Changes the caller's collection's title, description or visibility; another member's is NOT_FOUND. */
export async function updateCollection(
  deps: Deps,
  viewer: Viewer,
  input: {
    id: string;
    title?: string | undefined;
    description?: string | null | undefined;
    public?: boolean | undefined;
  },
): Promise<CollectionSummary> {
  const member = requireMember(viewer);
  const result = await deps.db
    .updateTable("collections")
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.public !== undefined ? { isPublic: input.public } : {}),
      updatedAt: sql`now()`,
    })
    .where("id", "=", input.id)
    .where("userId", "=", member.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
  return summaryOf(deps.db, input.id);
}

/** Deletes the caller's collection and its items (the listings stay); another member's is NOT_FOUND. */
export async function deleteCollection(
  deps: Deps,
  viewer: Viewer,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const member = requireMember(viewer);
  await deleteOwned(deps.db, "collections", member.id, input.id, COLLECTION_TEXTS.notFound);
  return { id: input.id, deleted: true };
}

interface ItemState {
  collectionId: string;
  chatbotId: string;
  contains: boolean;
  position: number | null;
  itemCount: number;
}

/**
 * A change of the caller's collection's items, in one transaction holding its row's lock (another member's, or an
 * unknown one, is NOT_FOUND): `change` gets the hand order and returns the order after it, or the very same array
 * when nothing changes (then nothing is written). A changed order is written as positions 0..n-1 and the collection's
 * time moves on. Returns the order after.
 */
async function changeItems(
  deps: Deps,
  viewer: Viewer,
  id: string,
  change: (trx: Trx, order: string[], member: Member) => Promise<string[]>,
): Promise<string[]> {
  const member = requireMember(viewer);
  return deps.db.transaction().execute(async (trx) => {
    await lockOwn(trx, member, id);
    const order = await orderOf(trx, id);
    const after = await change(trx, order, member);
    if (after === order) return order;
    await writeOrder(trx, id, after);
    await touch(trx, id);
    return after;
  });
}

/**
 * Adds a listing the caller may see to their collection, last; one already there stays where it is (nothing
 * changes). A full collection (COLLECTION_ITEMS_MAX) refuses with 409 and changes nothing.
 */
export async function addToCollection(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; chatbotId: string },
): Promise<ItemState> {
  const order = await changeItems(deps, viewer, input.id, async (trx, order, member) => {
    await requireVisibleListing(trx, member, input.chatbotId);
    if (order.includes(input.chatbotId)) return order;
    if (order.length >= COLLECTION_ITEMS_MAX) throw new ConflictError(COLLECTION_TEXTS.full);
    // Last at n; the positions are closed up after it (a deleted listing leaves a gap; their uniqueness is checked
    // at commit).
    await trx
      .insertInto("collectionItems")
      .values({ collectionId: input.id, chatbotId: input.chatbotId, position: order.length })
      .execute()
      .catch(listingGone);
    return [...order, input.chatbotId];
  });
  const position = order.indexOf(input.chatbotId);
  return { collectionId: input.id, chatbotId: input.chatbotId, contains: true, position, itemCount: order.length };
}

/** Takes a listing out of the caller's collection (any listing, even one now hidden); one not there changes nothing. */
export async function removeFromCollection(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; chatbotId: string },
): Promise<ItemState> {
  const order = await changeItems(deps, viewer, input.id, async (trx, before) => {
    if (!before.includes(input.chatbotId)) return before;
    await trx
      .deleteFrom("collectionItems")
      .where("collectionId", "=", input.id)
      .where("chatbotId", "=", input.chatbotId)
      .execute();
    return before.filter((id) => id !== input.chatbotId);
  });
  return {
    collectionId: input.id,
    chatbotId: input.chatbotId,
    contains: false,
    position: null,
    itemCount: order.length,
  };
}

/** Moves a listing of the caller's collection to a place in the hand order (0 first; past the end: last). */
export async function moveCollectionItem(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; chatbotId: string; position: number },
): Promise<{ collectionId: string; chatbotIds: string[] }> {
  const chatbotIds = await changeItems(deps, viewer, input.id, async (_trx, order) => {
    if (!order.includes(input.chatbotId)) throw new NotFoundError(LISTING_NOT_FOUND);
    const rest = order.filter((id) => id !== input.chatbotId);
    return [...rest.slice(0, input.position), input.chatbotId, ...rest.slice(input.position)];
  });
  return { collectionId: input.id, chatbotIds };
}

/**
 * The whole hand order at once: exactly the collection's listings, each once. Anything else (a listing added or
 * removed meanwhile, a repeat, a stranger) is 409 and changes nothing: the client reads the collection again.
 */
export async function reorderCollection(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; chatbotIds: string[] },
): Promise<{ collectionId: string; chatbotIds: string[] }> {
  await changeItems(deps, viewer, input.id, async (_trx, order) => {
    const current = new Set(order);
    const asked = new Set(input.chatbotIds);
    const same =
      asked.size === input.chatbotIds.length &&
      asked.size === current.size &&
      input.chatbotIds.every((id) => current.has(id));
    if (!same) throw new ConflictError(COLLECTION_TEXTS.orderMismatch);
    return input.chatbotIds;
  });
  return { collectionId: input.id, chatbotIds: input.chatbotIds };
}

/** The caller's collections, newest first; with `chatbotId`, whether each holds it (the "Add to collection" menu). */
export async function myCollections(
  deps: Deps,
  viewer: Viewer,
  input: { chatbotId?: string | undefined },
): Promise<MyCollection[]> {
  const member = requireMember(viewer);
  const chatbotId = input.chatbotId;
  const rows = await collectionRows(deps.db)
    .select(
      chatbotId
        ? sql<boolean>`EXISTS (SELECT FROM collection_items h WHERE h.collection_id = k.id AND h.chatbot_id = ${chatbotId})`.as(
            "contains",
          )
        : sql<boolean>`false`.as("contains"),
    )
    .where("k.userId", "=", member.id)
    .orderBy("k.createdAt", "desc")
    .orderBy("k.id", "desc")
    .limit(COLLECTIONS_PER_MEMBER_MAX)
    .execute();
  return (await toCards(deps.db, rows)).map((row) => ({ ...row.card, contains: row.contains }));
}

/** A member's public collections, newest first (their profile); NOT_FOUND 'User not found' as for their profile. */
export async function memberCollections(
  deps: Deps,
  viewer: Viewer,
  input: { userId: string },
): Promise<CollectionCard[]> {
  await findVisibleProfile(deps.db, viewer, input.userId);
  const rows = await collectionRows(deps.db)
    .where("k.userId", "=", input.userId)
    .where("k.isPublic", "=", true)
    .orderBy("k.createdAt", "desc")
    .orderBy("k.id", "desc")
    .limit(COLLECTIONS_PER_MEMBER_MAX)
    .execute();
  return (await toCards(deps.db, rows)).map((row) => row.card);
}

/**
 * One collection as this viewer may see it (findCollection's rule): its listings in hand order, a page at a time,
 * through the gallery's one list query (its visibility rules and the viewer's settings), and how many of its listings
 * those hide from them (`hiddenCount`: its listings not withheld, less those the viewer is shown).
 */
export async function readCollection(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; limit: number; cursor?: string | undefined },
): Promise<CollectionView> {
  const { summary, mine } = await findCollection(deps.db, viewer, input.id);
  const [page, shown] = await Promise.all([
    listingPage(deps.db, viewer, {
      inCollection: input.id,
      sort: "position",
      limit: input.limit,
      cursor: input.cursor,
    }),
    countGallery(deps, viewer, { inCollection: input.id }),
  ]);
  return {
    collection: summary,
    items: page.items,
    nextCursor: page.nextCursor,
    hiddenCount: Math.max(0, summary.itemCount - shown.count),
    mine,
  };
}
