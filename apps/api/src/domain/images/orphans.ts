import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import type { ObjectStorage } from "../../services/storage.js";
import { BLURRED_FOLDER, IMAGE_FOLDERS, MOSAICS_FOLDER, PREVIEWS_FOLDER } from "./keys.js";
import { releaseImages } from "./references.js";

const BATCH = 500;

/**
 * Removes stored images that no row refers to: left behind when a process died between storing
 * an upload and writing its row, or between deleting a row and its objects. Objects younger than
 * the grace period may belong to an upload still in flight, so they are left alone. Share previews are named by
 * a title as well as a picture, so no release of a row's keys names them: this sweep is what removes one once
 * no SFW listing has its picture and title (after an edit, a delete, a change to NSFW); so are a collection's
 * mosaics once they are not its current one.
 */
export async function sweepOrphanImages(db: Kysely<Database>, storage: ObjectStorage, graceMs: number) {
  const cutoff = Date.now() - graceMs;
  let checked = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length > 0) await releaseImages(db, storage, batch);
    batch = [];
  };
  for (const folder of [...IMAGE_FOLDERS, BLURRED_FOLDER, PREVIEWS_FOLDER, MOSAICS_FOLDER]) {
    for await (const object of storage.listWithDates(`${folder}/`)) {
      if (object.lastModified.getTime() > cutoff) continue;
      checked++;
      batch.push(object.key);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  return { checked };
}
