import type { ChatbotRow, Database, UserRow } from "@gallery/db";
import {
  type Chatbot,
  type ChatbotFields,
  type ChatbotUpdate,
  type Creator,
  chatbotFieldsSchema,
  chatbotUpdateSchema,
  GALLERY_COUNT_CAP,
  type Platform,
} from "@gallery/schema";
import { TRPCError } from "@trpc/server";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { InvalidImageError, imageUrl, releaseImages, storeChatbotImage } from "../services/images.js";
import type { ObjectStorage } from "../services/storage.js";
import type { UploadedFile } from "../trpc/upload.js";
import { decodeCursor, encodeCursor } from "./cursor.js";

export interface ListFilters {
  search?: string | undefined;
  platform?: Platform | undefined;
  /** true: NSFW only; false: SFW only; undefined: both (signed-in callers only). */
  nsfw?: boolean | undefined;
  userId?: string | undefined;
  storySeries?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface Deps {
  db: Kysely<Database>;
  storage: ObjectStorage;
}

/** The API shape of a listing, with its creator when joined. */
export function toChatbot(row: ChatbotRow, creator?: Creator): Chatbot {
  return {
    id: row.id,
    title: row.title,
    tags: row.tags,
    polybuzzCid: row.polybuzzCid,
    polybuzzUrl: row.polybuzzUrl,
    roleplayaCid: row.roleplayaCid,
    roleplayaUrl: row.roleplayaUrl,
    storySeries: row.storySeries,
    nsfw: row.nsfw,
    imageUrl: row.imageUrl,
    // Legacy rows without a card-size variant fall back to the original until repaired.
    thumbnailUrl: row.thumbnailKey ? imageUrl(row.thumbnailKey) : row.imageUrl,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(creator ? { user: creator } : {}),
  };
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type ListQuery = SelectQueryBuilder<Database & { c: Database["chatbots"] }, "c", object>;

/** The visibility and filter conditions shared by the list and the count. */
function applyFilters<Q extends ListQuery>(query: Q, viewer: UserRow | null, filters: Omit<ListFilters, "limit">): Q {
  let q = query as ListQuery;
  // Visitors never receive NSFW listings, whatever they ask for.
  const nsfw = viewer ? filters.nsfw : false;
  if (nsfw !== undefined) q = q.where("c.nsfw", "=", nsfw);
  if (filters.platform === "polybuzz") q = q.where("c.polybuzzCid", "is not", null);
  if (filters.platform === "roleplaya") q = q.where("c.roleplayaCid", "is not", null);
  if (filters.userId) q = q.where("c.userId", "=", filters.userId);
  if (filters.storySeries !== undefined) q = q.where("c.storySeries", "=", filters.storySeries);
  const term = filters.search?.trim();
  if (term) q = q.where(sql<boolean>`c.search_text LIKE ${likePattern(term)}`);
  return q as Q;
}

/** A timestamptz as JavaScript's toISOString() writes it (UTC, milliseconds truncated, "Z"). */
const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One listing with its creator in the API shape (the same fields, order and values as toChatbot), built
 * by PostgreSQL as JSON text: the api then parses one string per row instead of converting 24 columns
 * (dates, arrays, key names) field by field, which was most of a gallery request's CPU time.
 */
function chatbotJson(viewer: UserRow | null) {
  // A creator's e-mail is shown to signed-in members only, never to anonymous visitors.
  const email = viewer ? sql`u.email` : sql`NULL::text`;
  // Legacy rows without a card-size variant fall back to the original until repaired.
  const thumbnailUrl = sql`COALESCE(${imageUrl("")} || NULLIF(c.thumbnail_key, ''), c.image_url)`;
  return sql<string>`json_build_object(
    'id', c.id, 'title', c.title, 'tags', c.tags,
    'polybuzzCid', c.polybuzz_cid, 'polybuzzUrl', c.polybuzz_url,
    'roleplayaCid', c.roleplaya_cid, 'roleplayaUrl', c.roleplaya_url,
    'storySeries', c.story_series, 'nsfw', c.nsfw, 'imageUrl', c.image_url, 'thumbnailUrl', ${thumbnailUrl},
    'userId', c.user_id, 'createdAt', ${isoText("c.created_at")}, 'updatedAt', ${isoText("c.updated_at")},
    'user', json_build_object(
      'id', u.id, 'nickname', u.nickname, 'firstName', u.first_name, 'lastName', u.last_name,
      'email', ${email}, 'avatarUrl', u.avatar_url, 'profileImageUrl', u.profile_image_url,
      'isAdmin', (u.is_admin OR u.is_super_admin)))::text`;
}

/** Newest-first listings the viewer may see, one page at a time (keyset pagination). */
export async function listChatbots(db: Kysely<Database>, viewer: UserRow | null, filters: ListFilters) {
  let query = db
    .selectFrom("chatbots as c")
    .innerJoin("users as u", "u.id", "c.userId")
    .select([chatbotJson(viewer).as("json"), "c.id", sql<string>`c.created_at::text`.as("cursorCreatedAt")]);
  query = applyFilters(query as unknown as ListQuery, viewer, filters) as unknown as typeof query;
  if (filters.cursor) {
    const cursor = decodeCursor(filters.cursor);
    if (!cursor) throw new TRPCError({ code: "BAD_REQUEST", message: "Invalid cursor" });
    query = query.where(sql<boolean>`(c.created_at, c.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await query
    .orderBy("c.createdAt", "desc")
    .orderBy("c.id", "desc")
    .limit(filters.limit + 1)
    .execute();
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => JSON.parse(row.json) as Chatbot & { user: Creator }),
    nextCursor:
      rows.length > filters.limit && last ? encodeCursor({ createdAt: last.cursorCreatedAt, id: last.id }) : null,
  };
}

/**
 * How many listings match (for the gallery's 'N bots'), counted up to GALLERY_COUNT_CAP: the scan
 * stops after cap + 1 rows, so a broad filter over 100,000 listings costs as little as a narrow one.
 */
export async function countChatbots(
  db: Kysely<Database>,
  viewer: UserRow | null,
  filters: Omit<ListFilters, "limit">,
): Promise<{ count: number; capped: boolean }> {
  const matches = applyFilters(db.selectFrom("chatbots as c") as unknown as ListQuery, viewer, filters)
    .select(sql<number>`1`.as("one"))
    .limit(GALLERY_COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as("m"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { count: Math.min(count, GALLERY_COUNT_CAP), capped: count > GALLERY_COUNT_CAP };
}

/** Field values as columns: empty optional text becomes NULL. */
function toColumns(fields: ChatbotUpdate) {
  const parsed = chatbotUpdateSchema.parse(fields);
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) if (value !== undefined) columns[key] = value;
  return columns;
}

async function storeImage(storage: ObjectStorage, image: UploadedFile) {
  try {
    return await storeChatbotImage(storage, image.buffer);
  } catch (error) {
    if (error instanceof InvalidImageError) throw new TRPCError({ code: "BAD_REQUEST", message: error.message });
    throw error;
  }
}

/**
 * Stores the image, then writes the row; if the row cannot be written the new objects are
 * released again, so a listing and its image exist together or not at all.
 */
async function withStoredImage<T>(
  deps: Deps,
  image: UploadedFile | undefined,
  write: (stored: Awaited<ReturnType<typeof storeImage>> | null) => Promise<T>,
) {
  const stored = image ? await storeImage(deps.storage, image) : null;
  try {
    return await write(stored);
  } catch (error) {
    if (stored) await releaseImages(deps.db, deps.storage, [stored.original.key, stored.thumbnail.key]).catch(() => {});
    throw error;
  }
}

export async function createChatbot(
  deps: Deps,
  ownerId: string,
  fields: ChatbotFields,
  image: UploadedFile | undefined,
) {
  if (!image) throw new TRPCError({ code: "BAD_REQUEST", message: "Please select an image file." });
  const columns = chatbotFieldsSchema.parse(fields);
  return withStoredImage(deps, image, async (stored) => {
    const row = await deps.db
      .insertInto("chatbots")
      .values({
        ...columns,
        userId: ownerId,
        imageUrl: stored!.original.url,
        imageKey: stored!.original.key,
        thumbnailKey: stored!.thumbnail.key,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toChatbot(row);
  });
}

/** Loads a listing for a change; owners only unless the actor may manage every listing. */
async function findForChange(db: Kysely<Database>, id: string, actor: { userId: string; manageAll: boolean }) {
  const row = await db.selectFrom("chatbots").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Chatbot not found" });
  if (!actor.manageAll && row.userId !== actor.userId) {
    throw new TRPCError({ code: "FORBIDDEN", message: "You can only change your own chatbots" });
  }
  return row;
}

/** Changes the given fields (and the image when a new one is sent); the old image is released after commit. */
export async function updateChatbot(
  deps: Deps,
  id: string,
  fields: ChatbotUpdate,
  image: UploadedFile | undefined,
  actor: { userId: string; manageAll: boolean },
) {
  const existing = await findForChange(deps.db, id, actor);
  const columns = toColumns(fields);
  const updated = await withStoredImage(deps, image, async (stored) =>
    deps.db
      .updateTable("chatbots")
      .set({
        ...columns,
        ...(stored
          ? { imageUrl: stored.original.url, imageKey: stored.original.key, thumbnailKey: stored.thumbnail.key }
          : {}),
        updatedAt: new Date(),
      })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  if (image) await releaseImages(deps.db, deps.storage, [existing.imageKey, existing.thumbnailKey]);
  return toChatbot(updated);
}

export async function deleteChatbot(deps: Deps, id: string, actor: { userId: string; manageAll: boolean }) {
  const existing = await findForChange(deps.db, id, actor);
  await deps.db.deleteFrom("chatbots").where("id", "=", existing.id).execute();
  await releaseImages(deps.db, deps.storage, [existing.imageKey, existing.thumbnailKey]);
  return { success: true };
}

/** The stored image keys of every listing of a user (to release after the user is deleted). */
export async function imageKeysOfUser(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom("chatbots")
    .select(["imageKey", "thumbnailKey"])
    .where("userId", "=", userId)
    .execute();
  return rows.flatMap((row) => [row.imageKey, row.thumbnailKey]);
}
