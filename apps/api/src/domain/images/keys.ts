import { createHash } from "node:crypto";
import type { ChatbotRow, UserRow } from "@gallery/db";

/**
 * The stored image keys: `<folder>/<sha256 of the bytes>.webp`. Content-addressed, so the same bytes
 * always get the same key and objects are never overwritten with other content.
 */
export const IMAGE_FOLDERS = ["chatbots", "thumbnails", "avatars"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

const IMAGE_KEY = new RegExp(`^(${IMAGE_FOLDERS.join("|")})/[a-f0-9]{64}\\.webp$`);

/** Whether a text is a key this app makes (anything else is never read from storage). */
export const isImageKey = (key: string): boolean => IMAGE_KEY.test(key);

/** The key of these (re-encoded WebP) bytes in a folder. */
export const imageKey = (folder: ImageFolder, bytes: Buffer): string =>
  `${folder}/${createHash("sha256").update(bytes).digest("hex")}.webp`;

/** Public URL of a stored object; images are served by the api from object storage (GET /images/*). */
export const imageUrl = (key: string): string => `/images/${key}`;

/** Avatars are public; listing images follow their listings' visibility. */
export const isAvatarKey = (key: string): boolean => key.startsWith("avatars/");

/** A card-size variant travels with its image (counted once by the maintenance tools). */
export const isVariantKey = (key: string): boolean => key.startsWith("thumbnails/");

/** The keys a listing row uses (its original and card variant). */
export const listingImageKeys = (row: Pick<ChatbotRow, "imageKey" | "thumbnailKey">) => [
  row.imageKey,
  row.thumbnailKey,
];

/** The keys a user row uses (the avatar). */
export const userImageKeys = (row: Pick<UserRow, "avatarKey">) => [row.avatarKey];
