import { createHash } from "node:crypto";
import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import sharp, { type Sharp } from "sharp";
import type { ObjectStorage } from "./storage.js";

/** Refuses images whose decoded size could exhaust memory (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export class InvalidImageError extends Error {}

export interface StoredImage {
  key: string;
  url: string;
}

/** Public URL of a stored object; images are served by the api from object storage. */
export const imageUrl = (key: string) => `/images/${key}`;

/**
 * Checks the real content (not the name or declared type), then re-encodes without metadata.
 * Throws InvalidImageError for anything that is not a readable JPEG, PNG or WebP.
 */
async function decode(buffer: Buffer) {
  const image = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await image.metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new InvalidImageError("The file is not a readable image. Please select a JPG, PNG or WebP image.");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new InvalidImageError("Please select a JPG, PNG or WebP image.");
  }
  if (pixels > MAX_INPUT_PIXELS) {
    throw new InvalidImageError(
      "The image's dimensions are too large. Please select an image of at most 40 megapixels.",
    );
  }
  return image.rotate();
}

async function encode(pipeline: Sharp): Promise<Buffer> {
  try {
    return await pipeline.webp({ quality: 82 }).toBuffer();
  } catch {
    throw new InvalidImageError("The image is damaged or too large to process.");
  }
}

async function put(storage: ObjectStorage, folder: string, body: Buffer): Promise<StoredImage> {
  // Content-addressed: the same bytes always get the same key, so objects are never overwritten with other content.
  const key = `${folder}/${createHash("sha256").update(body).digest("hex")}.webp`;
  await storage.put(key, body, "image/webp");
  return { key, url: imageUrl(key) };
}

/** A listing image: the full-size original (at most 1024x2048) and a card-size variant. */
export async function storeChatbotImage(storage: ObjectStorage, buffer: Buffer) {
  const image = await decode(buffer);
  const [full, card] = await Promise.all([
    encode(image.clone().resize(1024, 2048, { fit: "inside", withoutEnlargement: true })),
    encode(image.clone().resize(400, 800, { fit: "inside", withoutEnlargement: true })),
  ]);
  const [original, thumbnail] = await Promise.all([put(storage, "chatbots", full), put(storage, "thumbnails", card)]);
  return { original, thumbnail };
}

/** A square avatar of 256 px. */
export async function storeAvatar(storage: ObjectStorage, buffer: Buffer): Promise<StoredImage> {
  const image = await decode(buffer);
  return put(storage, "avatars", await encode(image.resize(256, 256, { fit: "cover" })));
}

/**
 * Removes stored objects that no row refers to any more. Keys are shared when two uploads
 * have the same bytes, so a key is only deleted once nothing uses it.
 */
export async function releaseImages(
  db: Kysely<Database>,
  storage: ObjectStorage,
  keys: Array<string | null | undefined>,
) {
  const candidates = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  if (candidates.length === 0) return;
  const [chatbotImages, thumbnails, avatars] = await Promise.all([
    db.selectFrom("chatbots").select("imageKey as key").where("imageKey", "in", candidates).execute(),
    db.selectFrom("chatbots").select("thumbnailKey as key").where("thumbnailKey", "in", candidates).execute(),
    db.selectFrom("users").select("avatarKey as key").where("avatarKey", "in", candidates).execute(),
  ]);
  const used = new Set([...chatbotImages, ...thumbnails, ...avatars].map((row) => row.key));
  const unused = candidates.filter((key) => !used.has(key));
  if (unused.length > 0) await storage.remove(unused);
}
