import { unzipSync } from "fflate";

/**
 * CHARX cards (character-card-spec-v3, "CHARX"): a zip whose root holds `card.json` (the V3 card) and whose assets
 * (`data.assets[].uri` = `embeded://<path in the zip>`) hold the character's pictures. Unzipped by fflate (a small,
 * dependency-free, well-kept zip library) within the reader's own bounds, before and beside the worker's time and
 * memory budget (character-card.ts):
 * - only the entries asked for are inflated (card.json, then the one icon): every other entry is skipped unread;
 * - an entry is inflated only when its declared size is within the card's limit, into a buffer of exactly that size
 *   (fflate never grows a buffer it is given), so a zip lying about a size yields a cut, unreadable text, never
 *   more memory;
 * - at most ENTRIES_MAX entries are looked at, so a central directory claiming millions of entries is refused;
 * - anything the zip library refuses (not a zip, damaged) is not a card.
 * The worker's time budget still ends any reading (a long inflate included) that outlasts it.
 */

/** A zip's local file header signature (`PK\x03\x04`): what a CHARX file starts with. */
export const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** More entries than any card's assets (a few pictures, sounds, a lorebook): a CHARX of more is refused. */
export const CHARX_ENTRIES_MAX = 1024;

/** What a damaged or hostile zip is refused with (the caller says it as "not a card"). */
export class CharxError extends Error {
  override readonly name = "CharxError";
}

/** One entry of the zip, inflated, when it is there and declares at most `maxBytes`; else null. */
function readEntry(zip: Uint8Array, path: string, maxBytes: number): Uint8Array | null {
  let entries = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (++entries > CHARX_ENTRIES_MAX) throw new CharxError("too many entries");
        return file.name === path && file.originalSize <= maxBytes && file.size <= zip.length;
      },
    });
  } catch (error) {
    if (error instanceof CharxError) throw error;
    throw new CharxError("not a readable zip", { cause: error });
  }
  return files[path] ?? null;
}

/** The card's JSON text (`card.json`, at most `maxBytes` declared); throws CharxError when there is none. */
export function charxCardJson(zip: Uint8Array, maxBytes: number): string {
  const json = readEntry(zip, "card.json", maxBytes);
  if (!json) throw new CharxError("no card.json");
  return Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString("utf8");
}

/** The URI scheme of an asset inside the CHARX (the spec's spelling, and the corrected one some tools write). */
const EMBEDDED = /^embedd?ed:\/\//;

/**
 * The character's main icon from the card's `data.assets` (type `icon`, the one named `main` first), when it is
 * inside the zip and declares at most `maxBytes`: its bytes, else null (no icon, an outside URL, a missing entry).
 */
export function charxIcon(zip: Uint8Array, assets: unknown[], maxBytes: number): Uint8Array | null {
  const icons = assets.filter(
    (asset): asset is { uri: string; name?: unknown } =>
      typeof asset === "object" &&
      asset !== null &&
      (asset as { type?: unknown }).type === "icon" &&
      typeof (asset as { uri?: unknown }).uri === "string" &&
      EMBEDDED.test((asset as { uri: string }).uri),
  );
  const icon = icons.find((asset) => asset.name === "main") ?? icons[0];
  return icon ? readEntry(zip, icon.uri.replace(EMBEDDED, ""), maxBytes) : null;
}
