import { parentPort } from "node:worker_threads";
import type { CharacterCardImport } from "@gallery/schema";
import type { ReadAnswer, ReadCard, ReadingBegins } from "../../src/domain/listings/character-card-worker.js";
import type { Upload } from "../../src/domain/upload.js";

/**
 * A stand-in for the card reader's task (character-card-worker.ts), run by a pool of the card import's own making
 * (`cardReaders` in character-card.ts) in src/domain/listings/character-card.test.ts: the "card" it is given is a
 * script of what the reader does, so that a test chooses it (say the reading begins or not, hold the thread, run out
 * of memory, throw) and the answer, the thread's own clock included.
 */
export type ReaderScript = {
  /** Says the reading begins (its budget starts then), as the reader does first; unless false. */
  announces?: boolean;
  /** Then holds its thread this long before answering: a reading that overruns its budget. */
  holdMs?: number;
  /** Then fills its heap until the thread runs out of memory. */
  hoards?: boolean;
  /** Then throws an Error with this message: a bug of the reader's. */
  throws?: string;
  /** Its answer; by default READ_CARD read in no time. */
  answer?: ReadAnswer;
};

/** What card-reader-broken.ts throws as it loads. */
export const CANNOT_START = "This card reader cannot start";

/** The fields the stand-in answers by default. */
export const READ_CARD: CharacterCardImport = {
  spec: "v2",
  title: "Stand-in",
  tagline: "Read by the stand-in",
  description: "Read by the stand-in, in no time.",
  descriptionFrom: "creatorNotes",
  leftOut: ["description"],
  tags: ["stand-in"],
  picture: null,
};

/** The script as a card to import, padded to exactly `size` bytes when given. */
export function scriptedCard(script: ReaderScript, size?: number): Upload {
  const unpadded = JSON.stringify({ ...script, pad: "" });
  const text = JSON.stringify({ ...script, pad: "x".repeat(size === undefined ? 0 : size - unpadded.length) });
  return { bytes: Buffer.from(text), filename: "script.json", mimetype: "application/json" };
}

export default function readScript({ reading, bytes }: ReadCard): ReadAnswer {
  const script = JSON.parse(Buffer.from(bytes).toString("utf8")) as ReaderScript;
  if (script.announces !== false) parentPort?.postMessage({ reading } satisfies ReadingBegins);
  // Asleep, not spinning: terminating the thread (its import aborted) wakes it to end.
  if (script.holdMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, script.holdMs);
  if (script.hoards) {
    const hoard: unknown[][] = [];
    for (;;) hoard.push(new Array(100_000).fill(hoard.length));
  }
  if (script.throws) throw new Error(script.throws);
  return script.answer ?? { card: READ_CARD, readMs: 0 };
}
