import { availableParallelism } from "node:os";
import { CHARACTER_CARD_MESSAGES, type CharacterCardImport, IMAGE_MAX_BYTES } from "@gallery/schema";
import { Piscina } from "piscina";
import { InvalidError, TooLargeError, UnavailableError } from "../errors.js";
import type { Upload } from "../upload.js";
import type { ReadAnswer, ReadCard, ReadingBegins } from "./character-card-worker.js";

/**
 * Importing a Tavern character card (character-card-reader.ts reads it) off the event loop (issue 36): each card is
 * read in a worker thread of a piscina pool with a memory limit and a time budget, and only a few are read at once,
 * so that no card (hostile, corrupt, or a bug of the reader's) can keep the server from answering everyone else.
 */

/** How the cards are read: at most this long each, this many at once, this many more waiting their turn. */
export const CARD_READING = {
  /** A card's time in its reader (the reading itself: a 5 MB card takes tens of milliseconds). */
  timeMs: 1000,
  /**
   * Cards read at once, each in its own thread: one core fewer than the machine has (1 on 2 cores), at most 2, so
   * that the event loop always keeps a core of its own however many cards arrive.
   */
  readers: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** Imports waiting for a reader; beyond them an import is turned away (503) at once. */
  waiting: 8,
  /** How long an import may wait for its reading to begin (its turn, its thread's start) before it is turned away (503). */
  startMs: 30_000,
  /** An idle reader's thread is stopped after this long without a card. */
  idleMs: 60_000,
};

/**
 * The readers. Threads start when a card comes (none at rest) and are unref'd by piscina (an idle one never keeps
 * the process alive). Built, the task is dist/character-card-worker.js (its own tsup entry, beside the server that
 * imports this); from the sources (tsx, vitest) the .ts file, with tsx's loader imported in the thread (piscina's
 * own entry is plain JavaScript and imports the task afterwards, so `--import` is in time on Node 20).
 */
const fromSources = import.meta.url.endsWith(".ts");
const pool = new Piscina<ReadCard, ReadAnswer>({
  filename: new URL(`./character-card-worker.${fromSources ? "ts" : "js"}`, import.meta.url).href,
  ...(fromSources && { execArgv: ["--import", import.meta.resolve("tsx")] }),
  // A 5 MB card's JSON and picture fit several times over; a card that needs more is refused.
  resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  minThreads: 0,
  maxThreads: CARD_READING.readers,
  idleTimeout: CARD_READING.idleMs,
});

const tooComplex = () => new InvalidError(CHARACTER_CARD_MESSAGES.tooComplex);
const busy = () => new UnavailableError(CHARACTER_CARD_MESSAGES.busy);

/** The imports handed to the pool, by reading number: each one's clock, started when its reader begins. */
const readings = new Map<number, { begins: () => void; fails: (error: Error) => void }>();
let lastReading = 0;
pool.on("message", (message: ReadingBegins) => readings.get(message.reading)?.begins());
// A reader that could not start (a fault of the install) is reported here, not to the imports waiting for it.
pool.on("error", (error: Error) => {
  for (const reading of readings.values()) reading.fails(error);
});

/**
 * Reads a character card (PNG or JSON) into a new listing's fields, for the creator to check and save (see
 * character-card-reader.ts). Nothing is stored. Throws InvalidError for anything that is not a card or cannot be
 * read within the reader's time and memory (CHARACTER_CARD_MESSAGES.tooComplex), TooLargeError past the image limit,
 * UnavailableError when every reader is busy and CARD_READING.waiting imports already wait.
 */
export async function importCharacterCard(card: Upload, timeMs = CARD_READING.timeMs): Promise<CharacterCardImport> {
  if (card.bytes.length > IMAGE_MAX_BYTES) throw new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge);
  // piscina's own maxQueue leaves out tasks that can be aborted (all of these): its queueSize counts them.
  if (pool.queueSize >= CARD_READING.waiting) throw busy();
  const reading = ++lastReading;
  const stop = new AbortController();
  // Aborting a task that is being read terminates its thread (piscina starts another when a card comes).
  let clock = setTimeout(() => stop.abort(busy()), CARD_READING.startMs);
  let begun = false;
  readings.set(reading, {
    // The budget counts the reading only: neither the wait for a turn nor a thread's start is charged to it.
    begins: () => {
      begun = true;
      clearTimeout(clock);
      clock = setTimeout(() => stop.abort(tooComplex()), timeMs);
    },
    fails: (error) => {
      if (!begun) stop.abort(error);
    },
  });
  // A copy of its own, handed over (transferred) rather than cloned again on the way.
  const bytes = new Uint8Array(card.bytes);
  try {
    const answer = await pool.run({ reading, bytes }, { signal: stop.signal, transferList: [bytes.buffer] });
    // The thread's own clock: on a busy event loop its answer can come in before the budget's timer fires.
    if (answer.readMs > timeMs) throw tooComplex();
    if ("card" in answer) return answer.card;
    throw answer.refused === "tooLarge"
      ? new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge)
      : new InvalidError(CHARACTER_CARD_MESSAGES.unreadable);
  } catch (error) {
    if (stop.signal.aborted) throw stop.signal.reason;
    // Out of memory: the thread is gone (piscina replaces it); the card is refused as unreadable in time.
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") throw tooComplex();
    throw error;
  } finally {
    clearTimeout(clock);
    readings.delete(reading);
  }
}
