import type { JobWork } from "../jobs/runner.js";
import type { Counts } from "../jobs/store.js";
import {
  copyEmbeddedObject,
  countRows,
  existenceCache,
  type MaintenanceDeps,
  moveLegacyRow,
  type Repair,
  type RowSet,
  repairKeyedRowAndRatingKeys,
  repairLegacyRow,
  rowsAfter,
} from "./maintenance.js";
import { LocalImageSources } from "./maintenance-sources.js";

/**
 * Migrate and repair as background jobs (domain/jobs): each walks its items in batches from a
 * checkpoint `{ phase, after }` (the last id or key done). Every item's work finds an item already
 * done unchanged, so a batch run again after a crash changes and counts nothing twice.
 */

const BATCH = 25;

type Phase = "embedded" | RowSet;
interface Checkpoint {
  phase: Phase;
  after: string | null;
}

const START = (phase: Phase): Checkpoint => ({ phase, after: null });
const asCheckpoint = (value: unknown, first: Phase) => (value as Checkpoint | null) ?? START(first);

/** Items of one phase after a checkpoint, the next checkpoint (or the next phase's start, null at the end). */
function advance<T>(items: T[], at: Checkpoint, idOf: (item: T) => string, then: Phase | null) {
  if (items.length === BATCH) return { phase: at.phase, after: idOf(items.at(-1)!) };
  return then ? START(then) : null;
}

/** Migrate Images to Cloud: the embedded run's objects first, then the legacy rows. Counts `migrated`. */
export function migrationWork(deps: MaintenanceDeps): JobWork {
  const sources = new LocalImageSources(deps.dataDir, deps.storage);
  let embedded: Promise<string[]> | undefined;
  // Sorted once per run, so a checkpoint's key says where to carry on.
  const embeddedKeys = () => {
    embedded ??= (async () => {
      const keys: string[] = [];
      for await (const key of sources.embeddedKeys()) keys.push(key);
      return keys.sort();
    })();
    return embedded;
  };
  return {
    async count() {
      return (await embeddedKeys()).length + (await countRows(deps.db, "legacy"));
    },
    async step(checkpoint, record) {
      const at = asCheckpoint(checkpoint, "embedded");
      if (at.phase === "embedded") {
        const keys = (await embeddedKeys()).filter((key) => at.after === null || key > at.after).slice(0, BATCH);
        for (const key of keys) if (await copyEmbeddedObject(deps, sources, key)) await record({ migrated: 1 });
        return { next: advance(keys, at, (key) => key, "legacy"), examined: keys.length };
      }
      const rows = await rowsAfter(deps.db, "legacy", at.after, BATCH);
      for (const row of rows) if (await moveLegacyRow(deps, sources, row)) await record({ migrated: 1 });
      return { next: advance(rows, at, (row) => row.id, null), examined: rows.length };
    },
  };
}

/** Repair Broken Images: listings with keys, then legacy paths. Counts `broken` and `repaired`. */
export function repairWork(deps: MaintenanceDeps): JobWork {
  const sources = new LocalImageSources(deps.dataDir, deps.storage);
  const exists = existenceCache(deps.storage);
  const counted = (outcome: Repair): Counts | null =>
    outcome === "repaired" ? { broken: 1, repaired: 1 } : outcome === "cleared" ? { broken: 1 } : null;
  return {
    async count() {
      return (await countRows(deps.db, "keyed")) + (await countRows(deps.db, "legacy"));
    },
    async step(checkpoint, record) {
      const at = asCheckpoint(checkpoint, "keyed");
      const rows = await rowsAfter(deps.db, at.phase as RowSet, at.after, BATCH);
      // A batch's rows at once: storage round trips dominate.
      await Promise.all(
        rows.map(async (row) => {
          const outcome =
            at.phase === "keyed"
              ? await repairKeyedRowAndRatingKeys(deps, sources, exists, row)
              : await repairLegacyRow(deps, sources, row);
          const counts = counted(outcome);
          if (counts) await record(counts);
        }),
      );
      return {
        next: advance(rows, at, (row) => row.id, at.phase === "keyed" ? "legacy" : null),
        examined: rows.length,
      };
    },
  };
}
