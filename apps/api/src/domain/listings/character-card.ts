import { availableParallelism } from "node:os";
import type { ResourceLimits } from "node:worker_threads";
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
  /** A reader's memory: a 5 MB card's JSON and picture fit several times over; a card that needs more is refused. */
  memory: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 } satisfies ResourceLimits,
};
export type CardReading = typeof CARD_READING;

const tooComplex = () => new InvalidError(CHARACTER_CARD_MESSAGES.tooComplex);
const busy = () => new UnavailableError(CHARACTER_CARD_MESSAGES.busy);

/**
 * The imports handed to a pool, by reading number, each with its clock: an import waits at most `startMs` for its
 * reading to begin (its turn, its thread's start), then the reading has its budget; when either runs out the import
 * is stopped (its AbortController) as busy() or tooComplex(). Neither the wait nor a thread's start is charged to
 * the budget. A reader's thread that cannot start stops the imports still waiting, with its error.
 */
export class ReadingClocks {
  readonly #clocks = new Map<number, { begins: () => void; fails: (error: Error) => void }>();
  #last = 0;

  constructor(readonly startMs: number) {}

  /** A new import's reading number, its wait started; `ends` when the import is over (answered or stopped). */
  start(stop: AbortController, timeMs: number) {
    const reading = ++this.#last;
    let clock = setTimeout(() => stop.abort(busy()), this.startMs);
    let begun = false;
    this.#clocks.set(reading, {
      begins: () => {
        begun = true;
        clearTimeout(clock);
        clock = setTimeout(() => stop.abort(tooComplex()), timeMs);
      },
      fails: (error) => {
        if (!begun) stop.abort(error);
      },
    });
    return {
      reading,
      ends: () => {
        clearTimeout(clock);
        this.#clocks.delete(reading);
      },
    };
  }

  /** Its reader says the reading begins: the budget starts. A reading already over is let be. */
  begins(reading: number) {
    this.#clocks.get(reading)?.begins();
  }

  /** A reader's thread could not start (a fault of the install): the imports not yet begun fail with its error. */
  failsToStart(error: Error) {
    for (const clock of this.#clocks.values()) clock.fails(error);
  }

  /** Imports under way: each one's entry goes when it ends. */
  get size() {
    return this.#clocks.size;
  }
}

/** The thread a pool's readers run: the task's file, and how Node.js is started for it. */
export type ReaderThread = { filename: string; execArgv?: string[] };

/**
 * A pool of card readers running `thread`'s task (character-card-worker.ts in the app; a stand-in in tests), with
 * `limits`' time budget, readers, waiting line, start wait and memory. Threads start when a card comes (none at
 * rest) and are unref'd by piscina (an idle one never keeps the process alive).
 */
export function cardReaders(thread: ReaderThread, limits: CardReading = CARD_READING) {
  const pool = new Piscina<ReadCard, ReadAnswer>({
    ...thread,
    resourceLimits: limits.memory,
    minThreads: 0,
    maxThreads: limits.readers,
    idleTimeout: limits.idleMs,
  });
  const clocks = new ReadingClocks(limits.startMs);
  pool.on("message", (message: ReadingBegins) => clocks.begins(message.reading));
  // A reader that could not start is reported here, not to the imports waiting for it.
  pool.on("error", (error: Error) => clocks.failsToStart(error));

  /**
   * The waiting line is kept here, not in piscina: at most `limits.readers` imports are handed to the pool at once,
   * each to a thread of its own. piscina (minThreads 0) starts no thread in place of one it stopped (a reading past
   * its budget or its memory) until another task comes, so the imports queued in it would wait for the next card.
   */
  let handed = 0;
  const line = new Set<() => void>();
  /** Waits for a reader (now if one is free), or rejects when `signal` aborts first: resolves with the turn's end. */
  function turn(signal: AbortSignal) {
    return new Promise<() => void>((resolve, reject) => {
      const take = () => resolve(passOn);
      if (handed < limits.readers) {
        handed++;
        take();
        return;
      }
      line.add(take);
      signal.addEventListener("abort", () => {
        line.delete(take);
        reject(signal.reason);
      });
    });
  }
  /** An import handed to the pool is over: the first in line takes its reader, else a reader is free. */
  function passOn() {
    const [next] = line;
    if (next === undefined) handed--;
    else {
      line.delete(next);
      next();
    }
  }

  /** importCharacterCard on this pool. */
  async function importCard(card: Upload, timeMs = limits.timeMs): Promise<CharacterCardImport> {
    if (card.bytes.length > IMAGE_MAX_BYTES) throw new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge);
    if (line.size >= limits.waiting) throw busy();
    // Aborting a task that is being read terminates its thread (the next import handed to the pool starts another).
    const stop = new AbortController();
    const { reading, ends } = clocks.start(stop, timeMs);
    // A copy of its own, handed over (transferred) rather than cloned again on the way.
    const bytes = new Uint8Array(card.bytes);
    let turnEnds: (() => void) | undefined;
    try {
      turnEnds = await turn(stop.signal);
      const answer = await pool.run({ reading, bytes }, { signal: stop.signal, transferList: [bytes.buffer] });
      // The thread's own clock: on a busy event loop its answer can come in before the budget's timer fires.
      if (answer.readMs > timeMs) throw tooComplex();
      if ("card" in answer) return answer.card;
      throw answer.refused === "tooLarge"
        ? new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge)
        : new InvalidError(CHARACTER_CARD_MESSAGES.unreadable);
    } catch (error) {
      if (stop.signal.aborted) throw stop.signal.reason;
      // Out of memory: the thread is gone; the card is refused as unreadable in time.
      if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") throw tooComplex();
      throw error;
    } finally {
      ends();
      turnEnds?.();
    }
  }

  return { importCard, clocks };
}

/**
 * The app's readers. Built, the task is dist/character-card-worker.js (its own tsup entry, beside the server that
 * imports this); from the sources (tsx, vitest) the .ts file, with tsx's loader imported in the thread (piscina's
 * own entry is plain JavaScript and imports the task afterwards, so `--import` is in time on Node 20).
 */
const fromSources = import.meta.url.endsWith(".ts");
const readers = cardReaders({
  filename: new URL(`./character-card-worker.${fromSources ? "ts" : "js"}`, import.meta.url).href,
  ...(fromSources && { execArgv: ["--import", import.meta.resolve("tsx")] }),
});

/**
 * Reads a character card (PNG or JSON) into a new listing's fields, for the creator to check and save (see
 * character-card-reader.ts). Nothing is stored. Throws InvalidError for anything that is not a card or cannot be
 * read within the reader's time and memory (CHARACTER_CARD_MESSAGES.tooComplex), TooLargeError past the image limit,
 * UnavailableError when every reader is busy and CARD_READING.waiting imports already wait.
 */
export const importCharacterCard = readers.importCard;
