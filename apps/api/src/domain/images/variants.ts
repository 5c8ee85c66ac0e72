import sharp, { type Sharp } from "sharp";
import type { ObjectStorage } from "../../services/storage.js";
import { InvalidError } from "../errors.js";
import { blurSourceKeys, type ImageFolder, imageKey, imageUrl } from "./keys.js";

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

/** A stored object's bytes, whole (sharp reads a Buffer). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Makes and stores the blurred copy named by this key (keys.ts `blurredKeyOf`) from its source, the card
 * variant if there is one, else the original: so heavily blurred and small that nothing of the picture is
 * recognisable. Answers false when no source is stored. Called by GET /images/* on the first request for it
 * (two requests at once both write the same bytes).
 */
export async function storeBlurred(storage: ObjectStorage, blurredKey: string): Promise<boolean> {
  for (const source of blurSourceKeys(blurredKey)) {
    const object = await storage.get(source);
    if (!object) continue;
    const blurred = await sharp(await readAll(object.stream))
      .resize(200, 400, { fit: "inside", withoutEnlargement: true })
      .blur(18)
      .webp({ quality: 60 })
      .toBuffer();
    await storage.put(blurredKey, blurred, "image/webp");
    return true;
  }
  return false;
}
