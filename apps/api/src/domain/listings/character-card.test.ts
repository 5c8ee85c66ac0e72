// The card pool (issue 41): what an import answers whatever its reader does. The rules of an import's clock (a wait
// for its reading to begin, then the reading's budget; a reader's thread that cannot start) are read on ReadingClocks
// under fake timers; the pool's own on pools of `cardReaders` whose task is a stand-in
// (test/support/card-reader-stand-in.ts) that reads its "card" as the script of what the reader does. No time is
// measured: each case tells apart which answer comes (a held reader holds far longer than any answer takes).
import { CHARACTER_CARD_MESSAGES, IMAGE_MAX_BYTES } from "@gallery/schema";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CANNOT_START, READ_CARD, scriptedCard } from "../../../test/support/card-reader-stand-in.js";
import { CARD_READING, cardReaders, ReadingClocks } from "./character-card.js";

const BUSY = ["UnavailableError", CHARACTER_CARD_MESSAGES.busy];
const TOO_COMPLEX = ["InvalidError", CHARACTER_CARD_MESSAGES.tooComplex];
const TOO_LARGE = ["TooLargeError", CHARACTER_CARD_MESSAGES.tooLarge];
const UNREADABLE = ["InvalidError", CHARACTER_CARD_MESSAGES.unreadable];

/** An error's name and message, or "not refused". */
const named = (error: unknown) => (error instanceof Error ? [error.name, error.message] : "not refused");
/** What an import was refused with, or "answered". */
const refusalOf = (answer: Promise<unknown>) => answer.then(() => "answered", named);
/** Under fake timers: the import is not stopped 1 ms before `ms` from now, and is stopped with `reason` at it. */
const expectStoppedIn = (stop: AbortController, ms: number, reason: unknown) => {
  vi.advanceTimersByTime(ms - 1);
  expect(stop.signal.aborted).toBe(false);
  vi.advanceTimersByTime(1);
  expect(named(stop.signal.reason)).toEqual(reason);
};
/** Clocks (1 s for a reading to begin) with two imports: `waiting` for its reading still, `read` being read. */
const waitingAndRead = (waitingBudgetMs: number, readBudgetMs: number) => {
  const clocks = new ReadingClocks(1000);
  const waiting = new AbortController();
  const read = new AbortController();
  const first = clocks.start(waiting, waitingBudgetMs);
  const second = clocks.start(read, readBudgetMs);
  clocks.begins(second.reading);
  return { clocks, waiting, read, first, second };
};

describe("ReadingClocks: an import waits for its reading to begin, then the reading has its budget", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("an import whose reading has not begun within startMs is stopped as busy (503)", () => {
    const clocks = new ReadingClocks(1000);
    const stop = new AbortController();
    clocks.start(stop, 10);
    expectStoppedIn(stop, 1000, BUSY);
  });

  it("once its reading begins the wait no longer counts and the budget does: past it, too complex (400)", () => {
    const clocks = new ReadingClocks(1000);
    const stop = new AbortController();
    const { reading } = clocks.start(stop, 2000);
    vi.advanceTimersByTime(900);
    clocks.begins(reading);
    // The whole budget from here, though the wait would have ended 100 ms on.
    expectStoppedIn(stop, 2000, TOO_COMPLEX);
  });

  it("a reader's word starts its own reading's budget only; a word for a reading over or unknown is let be", () => {
    const { clocks, waiting, read, first } = waitingAndRead(60_000, 60_000);
    vi.advanceTimersByTime(1000);
    expect([named(waiting.signal.reason), read.signal.aborted]).toEqual([BUSY, false]);
    first.ends();
    clocks.begins(first.reading);
    clocks.begins(999_999);
    expect(clocks.size).toBe(1);
  });

  it("a reader's thread that cannot start fails the imports still waiting with its error, not those being read", () => {
    const { clocks, waiting, read } = waitingAndRead(10, 10_000);
    const error = new Error(CANNOT_START);
    clocks.failsToStart(error);
    expect(waiting.signal.reason).toBe(error);
    expect(read.signal.aborted).toBe(false);
  });

  it("an import that ends (answered or stopped) leaves no clock running and no entry", () => {
    const { clocks, waiting, read, first, second } = waitingAndRead(10, 10);
    expect([clocks.size, vi.getTimerCount()]).toEqual([2, 2]);
    first.ends();
    second.ends();
    expect([clocks.size, vi.getTimerCount()]).toEqual([0, 0]);
    vi.advanceTimersByTime(60_000);
    clocks.failsToStart(new Error(CANNOT_START));
    expect([waiting.signal.aborted, read.signal.aborted]).toEqual([false, false]);
  });
});

/** The stand-in reader's thread, from its TypeScript source (as the app's own from the sources). */
const STAND_IN = {
  filename: new URL("../../../test/support/card-reader-stand-in.ts", import.meta.url).href,
  execArgv: ["--import", import.meta.resolve("tsx")],
};
/** A reader whose thread cannot start: its module throws on load. */
const BROKEN = { ...STAND_IN, filename: new URL("../../../test/support/card-reader-broken.ts", import.meta.url).href };
/**
 * One reader, one import waiting, 20 s to begin (a thread's start takes a second or two; an import left waiting is
 * turned away by then, within a case's time) and a minute to read: more than any case here needs.
 */
const LIMITS = { ...CARD_READING, readers: 1, waiting: 1, startMs: 20_000, timeMs: 60_000, idleMs: 1000 };
/** How long a held reader holds its thread before answering READ_CARD: far longer than a refusal takes to come. */
const HOLD_MS = 15_000;

// Each case builds its own pool in the test itself (a mutation run sees which cases reach the pool's making).
describe("the card pool, its reader a stand-in", () => {
  it("answers the reader's fields, or its refusal: 413 too large, 400 unreadable; no import's clock is left", async () => {
    // One after another on one reader: each import frees it for the next.
    const { importCard, clocks } = cardReaders(STAND_IN, LIMITS);
    expect(await importCard(scriptedCard({}))).toEqual(READ_CARD);
    const tooLarge = importCard(scriptedCard({ answer: { refused: "tooLarge", readMs: 0 } }));
    expect(await refusalOf(tooLarge)).toEqual(TOO_LARGE);
    const unreadable = importCard(scriptedCard({ answer: { refused: "unreadable", readMs: 0 } }));
    expect(await refusalOf(unreadable)).toEqual(UNREADABLE);
    expect(clocks.size).toBe(0);
  });

  it("refuses a card over 5 MB (413) before any reader gets it; one of exactly 5 MB is read", async () => {
    const { importCard } = cardReaders(STAND_IN, LIMITS);
    expect(await refusalOf(importCard(scriptedCard({}, IMAGE_MAX_BYTES + 1)))).toEqual(TOO_LARGE);
    expect(await importCard(scriptedCard({}, IMAGE_MAX_BYTES))).toEqual(READ_CARD);
  });

  it("refuses a reading that took longer than its budget by its thread's clock (400), though its answer came first", async () => {
    const { importCard } = cardReaders(STAND_IN, LIMITS);
    const over = importCard(scriptedCard({ answer: { card: READ_CARD, readMs: LIMITS.timeMs + 1 } }));
    expect(await refusalOf(over)).toEqual(TOO_COMPLEX);
    const within = importCard(scriptedCard({ answer: { card: READ_CARD, readMs: LIMITS.timeMs } }));
    expect(await within).toEqual(READ_CARD);
  });

  it("stops a reading past its budget (400 too complex, not its late answer), and the next card gets a new thread", async () => {
    const { importCard, clocks } = cardReaders(STAND_IN, { ...LIMITS, timeMs: 1 });
    expect(await refusalOf(importCard(scriptedCard({ holdMs: HOLD_MS })))).toEqual(TOO_COMPLEX);
    // One reader: its held thread was stopped, or this card would wait for the hold's end.
    expect(await importCard(scriptedCard({}), LIMITS.timeMs)).toEqual(READ_CARD);
    expect(clocks.size).toBe(0);
  });

  it("turns an import away (503) when its reading has not begun within startMs, not taking the reader's late answer", async () => {
    const { importCard, clocks } = cardReaders(STAND_IN, { ...LIMITS, startMs: 1 });
    expect(await refusalOf(importCard(scriptedCard({ announces: false, holdMs: HOLD_MS })))).toEqual(BUSY);
    expect(clocks.size).toBe(0);
  });

  it("turns an import away at once (503) when the readers are busy and `waiting` imports already wait", async () => {
    const { importCard, clocks } = cardReaders(STAND_IN, { ...LIMITS, timeMs: 1 });
    const held = scriptedCard({ holdMs: HOLD_MS });
    const answered: string[] = [];
    const [read, waiting, turnedAway] = ["read", "waiting", "turned away"].map((name) =>
      refusalOf(importCard(held)).finally(() => answered.push(name)),
    );
    // The one waiting is read once the first is stopped, by a thread started in place of the one stopped.
    expect(await Promise.all([read, waiting, turnedAway])).toEqual([TOO_COMPLEX, TOO_COMPLEX, BUSY]);
    // At once: not when its own wait ran out, after the others.
    expect(answered).toEqual(["turned away", "read", "waiting"]);
    expect(clocks.size).toBe(0);
  });

  it("an import stopped while waiting its turn leaves the line at once, not when the reading before it ends", async () => {
    const { importCard, clocks } = cardReaders(STAND_IN, LIMITS);
    const begins = vi.spyOn(clocks, "begins");
    const answered: string[] = [];
    const read = importCard(scriptedCard({ holdMs: 5000 })).finally(() => answered.push("read"));
    await vi.waitFor(() => expect(begins).toHaveBeenCalled(), { timeout: LIMITS.startMs });
    const waiting = refusalOf(importCard(scriptedCard({}))).finally(() => answered.push("waiting"));
    // As the pool does when a reader's thread cannot start: the imports not yet begun are stopped.
    clocks.failsToStart(new Error(CANNOT_START));
    expect(await waiting).toEqual(["Error", CANNOT_START]);
    // Its place is free again: the next import waits its turn, it is not turned away.
    const next = importCard(scriptedCard({})).finally(() => answered.push("next"));
    expect(await Promise.all([read, next])).toEqual([READ_CARD, READ_CARD]);
    expect(answered).toEqual(["waiting", "read", "next"]);
    expect(clocks.size).toBe(0);
  });

  it("fails the imports waiting for a reader's thread that cannot start with its error, without waiting out startMs", async () => {
    // The first handed to the pool, the second waiting its turn: a pool that missed the error answers busy (503).
    const { importCard, clocks } = cardReaders(BROKEN, LIMITS);
    const answers = [importCard(scriptedCard({})), importCard(scriptedCard({}))].map(refusalOf);
    const cannotStart = ["Error", CANNOT_START];
    expect(await Promise.all(answers)).toEqual([cannotStart, cannotStart]);
    expect(clocks.size).toBe(0);
  });

  it("refuses a reading that outgrows its reader's memory (400 too complex); a reader's bug fails the import as is", async () => {
    const memory = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 };
    const { importCard } = cardReaders(STAND_IN, { ...LIMITS, memory });
    expect(await refusalOf(importCard(scriptedCard({ hoards: true })))).toEqual(TOO_COMPLEX);
    expect(await refusalOf(importCard(scriptedCard({ throws: "A bug of the reader" })))).toEqual([
      "Error",
      "A bug of the reader",
    ]);
  });
});
