import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ObjectStorage } from "../../services/storage.js";
import { IMAGE_FOLDERS, isImageKey } from "./keys.js";

/**
 * Where a copy of an image can be found outside the configured object storage. See docs/admin.md
 * for what counts as a legacy image.
 */

const UPLOAD_NAME = /^[\w.-]{1,200}$/;
/** How the embedded S3 server (@20minutes/s3rver) names an object's content on disk. */
const EMBEDDED_SUFFIX = "._S3rver_object";

export type LegacyReference = { kind: "upload"; name: string } | { kind: "key"; key: string };

/**
 * A listing's image URL that points at the app's own old local paths: `/uploads/<file>` (files an
 * older embedded run kept in DATA_DIR/uploads) or `/images/<key>` written without its key column,
 * relative or on any http(s) origin (only files found locally are ever read; nothing is fetched).
 */
export function parseLegacyUrl(imageUrl: string): LegacyReference | null {
  let pathname = imageUrl.trim();
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return null;
    }
  }
  pathname = pathname.replace(/^\/?/, "/");
  const upload = /^\/uploads\/([^/]+)$/.exec(pathname);
  if (upload) {
    const name = safeDecode(upload[1]!);
    return name && UPLOAD_NAME.test(name) && !name.startsWith(".") ? { kind: "upload", name } : null;
  }
  const image = /^\/images\/(.+)$/.exec(pathname);
  if (image && isImageKey(image[1]!)) return { kind: "key", key: image[1]! };
  return null;
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Reads a file, or null when it is not there. */
async function readIfPresent(file: string) {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  }
}

async function readStream(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Local copies left on disk: DATA_DIR/uploads and the embedded object storage's folder. */
export class LocalImageSources {
  constructor(
    private readonly dataDir: string,
    private readonly storage: ObjectStorage,
  ) {}

  /** The embedded run's copy matters only when the app now uses another S3 server. */
  get hasEmbeddedCopies() {
    return this.storage.kind === "s3";
  }

  /** A file an older embedded run kept in DATA_DIR/uploads. */
  readUpload(name: string) {
    return readIfPresent(path.join(this.dataDir, "uploads", name));
  }

  /** The copy of a key in the embedded object storage's folder (DATA_DIR/s3/<bucket>/<key>). */
  readEmbedded(key: string) {
    if (!this.hasEmbeddedCopies || !isImageKey(key)) return Promise.resolve(null);
    return readIfPresent(path.join(this.dataDir, "s3", this.storage.bucket, `${key}${EMBEDDED_SUFFIX}`));
  }

  /** The object in the configured storage, or null. */
  async readStored(key: string) {
    const object = await this.storage.get(key);
    return object ? readStream(object.stream) : null;
  }

  /** The bytes behind a legacy reference, wherever a copy survives. */
  async readLegacy(reference: LegacyReference) {
    if (reference.kind === "upload") return this.readUpload(reference.name);
    return (await this.readStored(reference.key)) ?? (await this.readEmbedded(reference.key));
  }

  /** Every key in the embedded object storage's folder (empty unless the app now uses another S3 server). */
  async *embeddedKeys(): AsyncGenerator<string> {
    if (!this.hasEmbeddedCopies) return;
    for (const folder of IMAGE_FOLDERS) {
      const directory = path.join(this.dataDir, "s3", this.storage.bucket, folder);
      const names = await readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith(EMBEDDED_SUFFIX)) continue;
        const key = `${folder}/${name.slice(0, -EMBEDDED_SUFFIX.length)}`;
        if (isImageKey(key)) yield key;
      }
    }
  }
}
