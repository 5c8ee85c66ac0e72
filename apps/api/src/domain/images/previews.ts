import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import { imageUrl, isPreviewKey, previewKeyOf, previewSourceKey } from "./keys.js";
import { PREVIEW_CONTENT_TYPE, PREVIEW_SIZE, renderPreview } from "./preview-design.js";
import { readAll } from "./variants.js";

// A listing's share preview (keys.ts `previewKeyOf`): only an SFW listing has one, made from its public original
// and its title; an NSFW listing's head keeps the neutral image and no preview is made from its picture.

/** An SFW listing a stored preview is for. */
export interface PreviewUser {
  key: string;
  title: string;
  withheld: boolean;
  userId: string;
}

/** The SFW listings each of these preview keys is for (its original and title), any moderation state. */
export async function listingsOfPreviews(db: Kysely<Database>, keys: string[]): Promise<PreviewUser[]> {
  const wanted = new Set(keys.filter(isPreviewKey));
  const sources = [...new Set([...wanted].map((key) => previewSourceKey(key)!))];
  if (sources.length === 0) return [];
  const rows = await db
    .selectFrom("chatbots")
    .select(["imageKey", "title", "withheld", "userId"])
    .where("imageKey", "in", sources)
    .where("nsfw", "=", false)
    .execute();
  return rows.flatMap((row) => {
    const key = previewKeyOf(row.imageKey ?? "", row.title);
    return key && wanted.has(key) ? [{ key, title: row.title, withheld: row.withheld, userId: row.userId }] : [];
  });
}

/** The share preview of a listing's page head: an SFW listing with a stored original has one, no other. */
export function sharePreviewOf(listing: { nsfw: boolean; imageUrl: string | null; title: string }) {
  const original = listing.imageUrl?.startsWith("/images/") ? listing.imageUrl.slice("/images/".length) : undefined;
  const key = !listing.nsfw && original ? previewKeyOf(original, listing.title) : undefined;
  return key ? { path: imageUrl(key), ...PREVIEW_SIZE, type: PREVIEW_CONTENT_TYPE } : null;
}

/**
 * Makes and stores the share preview named by this key from its original and the title of an SFW listing it is
 * for; false when there is none (or the original is not stored). Called by GET /images/* on the first request
 * for it, so a preview is drawn once (two requests at once both write the same bytes).
 */
export async function storePreview(db: Kysely<Database>, storage: ObjectStorage, key: string): Promise<boolean> {
  const [listing] = await listingsOfPreviews(db, [key]);
  const source = previewSourceKey(key);
  const original = listing && source ? await storage.get(source) : null;
  if (!listing || !original) return false;
  const preview = await renderPreview(await readAll(original.stream), listing.title);
  await storage.put(key, preview, PREVIEW_CONTENT_TYPE);
  return true;
}
