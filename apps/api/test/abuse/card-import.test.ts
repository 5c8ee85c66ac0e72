import type { AddressInfo } from "node:net";
import { CHARACTER_CARD_MESSAGES, DESCRIPTION_MAX, TAGLINE_MAX, TITLE_MAX } from "@gallery/schema";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { InvalidError, UnavailableError } from "../../src/domain/errors.js";
import { CARD_READING, importCharacterCard } from "../../src/domain/listings/character-card.js";
import type { TestApp } from "../support/app.js";
import { signUp } from "../support/auth.js";
import { cardV2, jsonCard, pngCard } from "../support/character-cards.js";
import { test } from "../support/fixtures.js";
import { cardFile, charBombCard, ltRunCard, lyingChunkPng } from "../support/hostile-cards.js";
import { multipart } from "../support/images.js";

/**
 * Issue 36 item 1: one small upload froze the whole server. POST /api/chatbots/import-card (and tRPC
 * chatbots.importCard) read the card on the event loop: a 525-byte PNG claiming a 2 GB chunk took 13 s and 2.5 GB;
 * a run of 120k `<` took 8 s (quadratic tag stripping); a 108 kB `{{char}}` bomb held the server for minutes. Now
 * lengths are checked against the file before anything is read, texts are cut to their limits before any pass,
 * every pass is linear and capped, and the reading runs in a worker thread with a time and memory budget.
 *
 * Each attack is sent over real HTTP, REST and tRPC, while /api/health is asked again and again: the import answers
 * within IMPORT_MS and health within HEALTH_MS (the numbers; the old code: seconds to minutes). These are
 * held by the median of several tries: on this busy 2-core machine (load average above 10 while the other suites
 * run) a single request is now and then descheduled past them, attack or not; and where the whole machine is slow
 * right now, by a multiple of what an ordinary import and health ask take beside them (machinePace). Every single
 * answer is held by NEVER_MS (or NEVER_PACE ordinary imports), which still catches the old behaviour many times over.
 */

const IMPORT_MS = 300;
const HEALTH_MS = 100;
const NEVER_MS = 1000;
/** Multiples of an ordinary request's time on a busy machine (machinePace). */
const PACE = 4;
const NEVER_PACE = 10;
const TRIES = 3;

let app: TestApp;
let base: string;
let cookie: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ({ cookie } = await signUp(app));
  // The reader threads start with the first cards (a second or so from the TypeScript sources): started here, at
  // once as two imports would, so the attacks below measure the reading, not a thread's start.
  const card = await pngCard(cardV2({ name: "Warm-up" }));
  await Promise.all([send("rest", card), send("trpc", card)]);
});

type Way = "rest" | "trpc";
const WAYS: Way[] = ["rest", "trpc"];

/** The card as the web sends it: multipart with the file `card`, to REST or tRPC. */
function send(way: Way, data: Buffer) {
  const body = multipart({}, { name: "card", filename: "card.png", type: "image/png", data });
  return fetch(`${base}${way === "rest" ? "/api/chatbots/import-card" : "/trpc/chatbots.importCard"}`, {
    method: "POST",
    headers: { ...body.headers, cookie },
    body: body.payload,
  });
}

/** Asks /api/health once: its time, after checking it answered 200. */
async function health() {
  const started = performance.now();
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

/**
 * Sends the card while asking /api/health over and over (the first ask in the same moment), until the import has
 * answered: the import's status, answer and time, and each health answer's time. One health ask before, not counted,
 * so that what is measured is the import's effect (not a connection the pool let go while the machine was idle).
 */
async function importBesideHealth(way: Way, data: Buffer) {
  await health();
  let importing = true;
  const healthMs: number[] = [];
  const probe = async () => {
    do healthMs.push(await health());
    while (importing);
  };
  const started = performance.now();
  const answer = send(way, data).then(async (response) => {
    const body = await response.json();
    const ms = performance.now() - started;
    importing = false;
    return { status: response.status, body, ms };
  });
  const [imported] = await Promise.all([answer, probe()]);
  return { ...imported, healthMs };
}

/** The same card TRIES times: each answer (for its checks), and the times of all. */
async function tries(way: Way, data: Buffer) {
  const results = [];
  for (let i = 0; i < TRIES; i++) results.push(await importBesideHealth(way, data));
  return results;
}

/** The middle value; of an even count, the mean of the two middle ones (not the upper one alone). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * How fast this machine is right now, measured beside each attack: a plain card's import (a 100 kB description of
 * words, nothing to strip or fill in) and /api/health with nothing else running. On a quiet machine they take a few
 * tens of milliseconds and a few milliseconds, so the bounds below are the issue's own; when other work takes the
 * cores (CI's other test files, a developer's build), everything slows alike and the bounds follow, a bounded
 * multiple of an ordinary request. The old reader took seconds to minutes on these cards, far past any of them.
 */
async function machinePace() {
  const plain = jsonCard(cardV2({ name: "Plain", description: "word ".repeat(20_000) }));
  const plainMs: number[] = [];
  for (const way of WAYS) {
    const started = performance.now();
    const response = await send(way, plain);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    plainMs.push(performance.now() - started);
  }
  const quietHealthMs: number[] = [];
  for (let i = 0; i < 5; i++) quietHealthMs.push(await health());
  return { plainImport: median(plainMs), quietHealth: median(quietHealthMs) };
}

/**
 * The imports' and health's medians within the issue's bounds (IMPORT_MS, HEALTH_MS), or PACE times what an
 * ordinary import and a quiet health ask take on the machine right now when that is more; every single answer
 * within NEVER_MS, or NEVER_PACE times an ordinary import.
 */
async function expectInTime(results: Array<{ ms: number; healthMs: number[] }>) {
  const pace = await machinePace();
  const importMs = results.map((result) => result.ms);
  const healthMs = results.flatMap((result) => result.healthMs);
  const shown = (values: number[]) => values.map(Math.round).join(", ");
  const paced = `(an ordinary import ${Math.round(pace.plainImport)} ms, a quiet health ask ${Math.round(pace.quietHealth)} ms)`;
  expect(median(importMs), `imports answered in ${shown(importMs)} ms ${paced}`).toBeLessThan(
    Math.max(IMPORT_MS, PACE * pace.plainImport),
  );
  expect(median(healthMs), `health answered in ${shown(healthMs)} ms ${paced}`).toBeLessThan(
    Math.max(HEALTH_MS, PACE * pace.quietHealth),
  );
  expect(
    Math.max(...importMs, ...healthMs),
    `imports ${shown(importMs)}, health ${shown(healthMs)} ${paced}`,
  ).toBeLessThan(Math.max(NEVER_MS, NEVER_PACE * pace.plainImport));
}

/** The fields an answer carries (REST: the body; tRPC: result.data), or its error message. */
const fieldsOf = (way: Way, body: Record<string, unknown>) =>
  (way === "rest" ? body : (body.result as { data: unknown }).data) as {
    title: string;
    tagline: string | null;
    description: string | null;
  };
const messageOf = (way: Way, body: Record<string, unknown>) =>
  way === "rest" ? body.message : (body.error as { message: string }).message;

describe.each(WAYS)("over %s", (way) => {
  test("a 525-byte PNG whose chara chunk claims 2 GB: 400 at once, nothing allocated", async () => {
    const card = lyingChunkPng();
    expect(card.length).toBeLessThan(600);
    const memory = process.memoryUsage().rss;
    const results = await tries(way, card);
    for (const result of results) {
      expect(result.status).toBe(400);
      expect(messageOf(way, result.body)).toBe(CHARACTER_CARD_MESSAGES.unreadable);
    }
    await expectInTime(results);
    // The old reader grew the process by about 2 GB; the bound here only catches that, not ordinary variation.
    expect(process.memoryUsage().rss - memory).toBeLessThan(512 * 1024 * 1024);
  });

  test("a run of 120k `<`: read in time, the text kept within its limits", async () => {
    const results = await tries(way, ltRunCard(120_000));
    for (const result of results) {
      expect(result.status).toBe(200);
      const fields = fieldsOf(way, result.body);
      expect(fields.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      expect(fields.tagline!.length).toBeLessThanOrEqual(TAGLINE_MAX);
    }
    await expectInTime(results);
  });

  test("a run of 1M `<` (a 2 MB card): read in time", async () => {
    const results = await tries(way, ltRunCard(1_000_000));
    for (const result of results) expect(result.status).toBe(200);
    await expectInTime(results);
  });

  test("the {{char}} bomb (≈108 kB, an 8,000-character name 12,500 times): the fields cut at their limits", async () => {
    const card = charBombCard();
    expect(card.length).toBeGreaterThan(100_000);
    const results = await tries(way, card);
    for (const result of results) {
      expect(result.status).toBe(200);
      const fields = fieldsOf(way, result.body);
      expect(fields.title).toHaveLength(TITLE_MAX);
      expect(fields.description).toHaveLength(DESCRIPTION_MAX);
      expect(fields.description!.endsWith("N…")).toBe(true);
      expect(fields.tagline!.length).toBeLessThanOrEqual(TAGLINE_MAX);
    }
    await expectInTime(results);
  });

  test("a card over 5 MB: 413, not read", async () => {
    const response = await send(way, jsonCard(cardV2({ name: "Big", description: "x".repeat(5 * 1024 * 1024) })));
    expect(response.status).toBe(413);
    // REST's multipart limit answers first with the image limit's words; tRPC's with the card's: both say 5MB.
    expect(messageOf(way, await response.json())).toMatch(/less than 5MB/);
  });

  test("a corpus of damaged and hostile cards (fast-check, fixed seed): 200, 400 or 413, each in time", async () => {
    const results = [];
    for (const data of fc.sample(cardFile, { numRuns: 15, seed: 36 })) {
      const result = await importBesideHealth(way, data);
      expect([200, 400, 413]).toContain(result.status);
      if (result.status === 200) {
        const fields = fieldsOf(way, result.body);
        expect(fields.title.length).toBeLessThanOrEqual(TITLE_MAX);
        expect(fields.description?.length ?? 0).toBeLessThanOrEqual(DESCRIPTION_MAX);
      }
      results.push(result);
    }
    await expectInTime(results);
  });
});

describe("reading off the event loop, a few at once", () => {
  test("ten hostile imports at once: each read, refused or turned away, /api/health still answers in time", async () => {
    // The three (the 1M `<` run above is a 2 MB upload: ten of those at once measure the upload, not the card).
    const cards = [charBombCard(), ltRunCard(120_000), lyingChunkPng()];
    await health();
    const imports = Array.from({ length: 10 }, (_, i) => send(WAYS[i % 2]!, cards[i % cards.length]!));
    const healthMs: number[] = [];
    let importing = true;
    const started = performance.now();
    const done = Promise.all(imports).finally(() => {
      importing = false;
    });
    do healthMs.push(await health());
    while (importing);
    const statuses = (await done).map((response) => response.status);
    // At most CARD_READING.readers are read at once and CARD_READING.waiting wait; any beyond is turned away (503).
    expect(statuses.every((status) => status === 200 || status === 400 || status === 503)).toBe(true);
    const turnedAway = statuses.filter((status) => status === 503).length;
    expect(turnedAway).toBeLessThanOrEqual(Math.max(0, imports.length - CARD_READING.readers - CARD_READING.waiting));
    await expectInTime([{ ms: (performance.now() - started) / imports.length, healthMs }]);
  });

  test("beyond the readers and the waiting line, an import is turned away at once (503), the others are read", async () => {
    const card = { bytes: charBombCard(), filename: "bomb.json", mimetype: "application/json" };
    const extra = 3;
    const outcomes = await Promise.allSettled(
      Array.from({ length: CARD_READING.readers + CARD_READING.waiting + extra }, () => importCharacterCard(card)),
    );
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(extra);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(UnavailableError);
      expect(outcome.reason.message).toBe(CHARACTER_CARD_MESSAGES.busy);
    }
  });

  test("a card that outlasts its reader's time budget: the thread is stopped, 400 'could not be read in time'", async () => {
    const big = {
      bytes: jsonCard(cardV2({ name: "Big", description: "word ".repeat(900_000) })),
      filename: "b",
      mimetype: "",
    };
    await expect(importCharacterCard(big, 1)).rejects.toThrow(new InvalidError(CHARACTER_CARD_MESSAGES.tooComplex));
    // A new thread took its place: the next card is read as usual.
    expect((await importCharacterCard(big)).description).toHaveLength(DESCRIPTION_MAX);
  });

  test("a card whose reading outgrows its reader's memory: the thread is stopped, 400 'could not be read in time'", async () => {
    // Under 5 MB of JSON, 1.7 million empty objects once parsed: more than a reader's heap, read without a time limit.
    const crowded = { bytes: Buffer.from(`[${"{},".repeat(1_700_000)}{}]`), filename: "c.json", mimetype: "" };
    await expect(importCharacterCard(crowded, 600_000)).rejects.toThrow(
      new InvalidError(CHARACTER_CARD_MESSAGES.tooComplex),
    );
  });
});
