import sharp, { type Sharp } from "sharp";
import type { ObjectStorage } from "../../services/storage.js";
import { InvalidError } from "../errors.js";
import { type ImageFolder, imageKey, imageUrl } from "./keys.js";

/** Refuses images whose decoded size could exhaust memory (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export interface StoredImage {
  key: string;
  url: string;
}

/**
 * Checks the real content (not the name or declared type), then re-encodes without metadata.
 * Throws InvalidError for anything that is not a readable JPEG, PNG or WebP.
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
    throw new InvalidError("The file is not a readable image. Please select a JPG, PNG or WebP image.");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new InvalidError("Please select a JPG, PNG or WebP image.");
  }
  if (pixels > MAX_INPUT_PIXELS) {
    throw new InvalidError("The image's dimensions are too large. Please select an image of at most 40 megapixels.");
  }
  return image.rotate();
}

async function encode(pipeline: Sharp): Promise<Buffer> {
  try {
    return await pipeline.webp({ quality: 82 }).toBuffer();
  } catch {
    throw new InvalidError("The image is damaged or too large to process.");
  }
}

async function put(
  storage: ObjectStorage,
  folder: ImageFolder,
  body: Buffer,
  rating: { nsfw?: boolean } = {},
): Promise<StoredImage> {
  const key = imageKey(folder, body, rating);
  await storage.put(key, body, "image/webp");
  return { key, url: imageUrl(key) };
}

export interface StoredListingImage {
  original: StoredImage;
  thumbnail: StoredImage;
}

/**
 * A listing image: the full-size original (at most 1024x2048) and a card-size variant, stored in the
 * namespace of the listing's rating (an NSFW listing's images are never under a public key).
 */
export async function storeChatbotImage(
  storage: ObjectStorage,
  buffer: Buffer,
  rating: { nsfw?: boolean } = {},
): Promise<StoredListingImage> {
  const image = await decode(buffer);
  const [full, card] = await Promise.all([
    encode(image.clone().resize(1024, 2048, { fit: "inside", withoutEnlargement: true })),
    encode(image.clone().resize(400, 800, { fit: "inside", withoutEnlargement: true })),
  ]);
  const [original, thumbnail] = await Promise.all([
    put(storage, "chatbots", full, rating),
    put(storage, "thumbnails", card, rating),
  ]);
  return { original, thumbnail };
}

/** A square avatar of 256 px. */
export async function storeAvatar(storage: ObjectStorage, buffer: Buffer): Promise<StoredImage> {
  const image = await decode(buffer);
  return put(storage, "avatars", await encode(image.resize(256, 256, { fit: "cover" })));
}
