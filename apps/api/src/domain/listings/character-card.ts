import { availableParallelism } from "node:os";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { CHARACTER_CARD_MESSAGES, type CharacterCardImport, IMAGE_MAX_BYTES } from "@gallery/schema";
import { InvalidError, TooLargeError, UnavailableError } from "../errors.js";
import type { Upload } from "../upload.js";
import type { ReaderMessage } from "./character-card-worker.js";

/**
 * Importing a Tavern character card (character-card-reader.ts reads it) off the event loop (issue 36): each card is
 * read in a worker thread with a memory limit and a time budget, and only a few are read at once, so that no card
 * (hostile, corrupt, or a bug of the reader's) can keep the server from answering everyone else.
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
  /** How long a reader's thread may take to start before the import is turned away (503). */
  startMs: 30_000,
  /** An idle reader's thread is stopped after this long without a card. */
  idleMs: 60_000,
};

/** A reader's memory: a 5 MB card's JSON and picture fit several times over; a card that needs more is refused. */
const READER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/**
 * A reader's thread. Built (tsup bundles character-card-worker.ts as dist/character-card-worker.js, beside the server
 * that imports this): that file. From the sources (tsx, vitest): the .ts entry, after registering tsx's loader in
 * the thread (a worker's `--import` runs too late for its entry on Node 20).
 */
function startWorker(): Worker {
  const options = { name: "character-card-reader", resourceLimits: READER_LIMITS };
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./character-card-worker.js", import.meta.url), options);
  const entry = new URL("./character-card-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

type Outcome = { message: ReaderMessage } | { error: Error } | { timeUp: true };

const tooComplex = () => new InvalidError(CHARACTER_CARD_MESSAGES.tooComplex);
const busy = () => new UnavailableError(CHARACTER_CARD_MESSAGES.busy);

/** One reader thread, reused card after card until it fails, runs out of time or memory, or sits idle. */
class CardReader {
  private readonly worker = startWorker();
  private readonly started: Promise<void>;
  /** The card being read's outcome, once known. */
  private settle: ((outcome: Outcome) => void) | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  alive = true;

  constructor() {
    // Readers never keep the process alive (a graceful stop does not wait for an idle one).
    this.worker.unref();
    let ready!: () => void;
    let failedToStart!: (error: Error) => void;
    this.started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failedToStart = reject;
    });
    this.started.catch(() => {});
    this.worker.on("message", (message: ReaderMessage) => {
      if (message.type === "ready") ready();
      else this.settle?.({ message });
    });
    const failed = (error: Error) => {
      this.alive = false;
      this.leaveIdle();
      failedToStart(error);
      this.settle?.({ error });
    };
    this.worker.on("error", failed);
    this.worker.on("exit", () => failed(new Error("the character card reader stopped")));
  }

  async read(bytes: Buffer, timeMs: number): Promise<CharacterCardImport> {
    this.resting(false);
    let startTimer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.started,
        new Promise((_, reject) => {
          startTimer = setTimeout(() => reject(busy()), CARD_READING.startMs);
        }),
      ]);
    } catch (error) {
      // Not started in time (busy), or could not start at all (the error: a fault of the install, 500).
      this.stop();
      throw error;
    } finally {
      clearTimeout(startTimer);
    }
    // The budget counts the reading only: a thread that had to start first is not charged for it.
    const outcome = await new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => resolve({ timeUp: true }), timeMs);
      this.settle = (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      // A copy of its own, handed over (transferred) rather than cloned again on the way.
      const copy = new Uint8Array(bytes);
      this.worker.postMessage(copy, [copy.buffer]);
    });
    this.settle = null;
    if ("message" in outcome && outcome.message.type === "read") return outcome.message.card;
    if ("message" in outcome && outcome.message.type === "refused") {
      throw outcome.message.reason === "tooLarge"
        ? new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge)
        : new InvalidError(CHARACTER_CARD_MESSAGES.unreadable);
    }
    // Out of time, out of memory, or failed: the thread is done for; the card is refused as unreadable in time.
    this.stop();
    if ("error" in outcome && (outcome.error as { code?: string }).code !== "ERR_WORKER_OUT_OF_MEMORY") {
      throw outcome.error;
    }
    throw tooComplex();
  }

  /** Idle: stopped after CARD_READING.idleMs unless taken again (`false`: taken). */
  resting(idle: boolean) {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!idle) return;
    this.idleTimer = setTimeout(() => this.stop(), CARD_READING.idleMs);
    this.idleTimer.unref();
  }

  private leaveIdle() {
    const at = idleReaders.indexOf(this);
    if (at !== -1) idleReaders.splice(at, 1);
  }

  stop() {
    this.alive = false;
    this.leaveIdle();
    void this.worker.terminate();
  }
}

/** Readers between cards; at most CARD_READING.readers exist, as each is only made or taken with a turn. */
const idleReaders: CardReader[] = [];
/** Turns handed out (readers reading or about to); the waiting get theirs as others finish, first come first served. */
let turns = 0;
const waiting: Array<() => void> = [];

async function takeTurn(): Promise<void> {
  if (turns < CARD_READING.readers) {
    turns++;
    return;
  }
  if (waiting.length >= CARD_READING.waiting) throw busy();
  // The finishing import hands its turn straight over (giveTurn), so none is taken twice.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function giveTurn() {
  const next = waiting.shift();
  if (next) next();
  else turns--;
}

/**
 * Reads a character card (PNG or JSON) into a new listing's fields, for the creator to check and save (see
 * character-card-reader.ts). Nothing is stored. Throws InvalidError for anything that is not a card or cannot be
 * read within the reader's time and memory (CHARACTER_CARD_MESSAGES.tooComplex), TooLargeError past the image limit,
 * UnavailableError when every reader is busy and CARD_READING.waiting imports already wait.
 */
export async function importCharacterCard(card: Upload, timeMs = CARD_READING.timeMs): Promise<CharacterCardImport> {
  if (card.bytes.length > IMAGE_MAX_BYTES) throw new TooLargeError(CHARACTER_CARD_MESSAGES.tooLarge);
  await takeTurn();
  const reader = idleReaders.pop() ?? new CardReader();
  try {
    return await reader.read(card.bytes, timeMs);
  } finally {
    // A reader that failed is replaced now, so the next card does not wait for a thread to start.
    idleReaders.push(reader.alive ? reader : new CardReader());
    idleReaders.at(-1)!.resting(true);
    giveTurn();
  }
}
