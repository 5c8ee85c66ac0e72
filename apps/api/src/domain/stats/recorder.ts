import type { StatKind } from "@gallery/db";
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { daySalt, isAutomated, type StatEvent, utcDay, visitorHash } from "./visitor.js";

interface Counted {
  day: string;
  chatbotId: string;
  kind: StatKind;
  visitor: Buffer;
}

export interface RecorderOptions {
  /** Write at least this often while events wait (ms). */
  intervalMs?: number;
  /** Write at once when this many events wait. */
  maxBatch?: number;
  onError?: (error: unknown) => void;
}

/** Rows per statement: 4 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 5000;
/** Events kept while the database refuses them (then the oldest go, and it is logged). */
const MAX_PENDING = 200_000;

/**
 * Counts views and click-outs without slowing the request that causes them: `record` only hashes
 * the visitor and keeps the event in memory; a batch is written every `intervalMs` or `maxBatch`
 * events, and `close` writes what is left (Fastify onClose). Each batch is one statement: the
 * visitors of the day go in with ON CONFLICT DO NOTHING, and only the rows that went in raise the
 * daily counts, so a repeat (in this process, on another replica, or a batch retried) counts once.
 */
export class StatsRecorder {
  readonly #db: Db;
  readonly #intervalMs: number;
  readonly #maxBatch: number;
  readonly #onError: (error: unknown) => void;
  /** Keyed by day, listing, kind and visitor: a repeat before the next write is dropped here already. */
  #pending = new Map<string, Counted>();
  readonly #salts = new Map<string, Promise<Buffer>>();
  readonly #waiting = new Set<Promise<unknown>>();
  #writing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(db: Db, options: RecorderOptions = {}) {
    this.#db = db;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#maxBatch = options.maxBatch ?? 2000;
    this.#onError = options.onError ?? (() => {});
  }

  /** Counts the event later (unless a bot's); never throws and never waits for the database. */
  record(event: StatEvent): void {
    if (this.#closed || isAutomated(event.visitor.userAgent)) return;
    const day = utcDay();
    const salt = this.#salt(day);
    const done = salt.then((value) => this.#add(day, event, value)).catch(this.#onError);
    this.#waiting.add(done);
    void done.finally(() => this.#waiting.delete(done));
  }

  /** Writes everything recorded so far (tests, shutdown); resolves once it is stored. */
  async flush(): Promise<void> {
    await Promise.all(this.#waiting);
    await this.#write();
  }

  /** Stops taking events and writes the rest. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.flush();
  }

  #salt(day: string): Promise<Buffer> {
    let salt = this.#salts.get(day);
    if (!salt) {
      salt = daySalt(this.#db, day);
      // A failed lookup is tried again by the next event.
      salt.catch(() => this.#salts.delete(day));
      for (const old of this.#salts.keys()) if (old < day) this.#salts.delete(old);
      this.#salts.set(day, salt);
    }
    return salt;
  }

  #add(day: string, event: StatEvent, salt: Buffer) {
    const visitor = visitorHash(salt, event.visitor);
    const key = `${day}|${event.chatbotId}|${event.kind}|${visitor.toString("hex")}`;
    this.#pending.set(key, { day, chatbotId: event.chatbotId, kind: event.kind, visitor });
    if (this.#pending.size >= this.#maxBatch) void this.#write().catch(this.#onError);
    else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.#write().catch(this.#onError), this.#intervalMs);
      this.#timer.unref();
    }
  }

  /** One write at a time; a failed batch goes back to wait for the next. */
  #write(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      if (this.#pending.size === 0) return;
      const batch = this.#pending;
      this.#pending = new Map();
      try {
        await writeBatch(this.#db, [...batch.values()]);
      } catch (error) {
        for (const [key, row] of batch) if (!this.#pending.has(key)) this.#pending.set(key, row);
        this.#trim();
        if (!this.#closed) {
          this.#timer = setTimeout(() => void this.#write().catch(this.#onError), this.#intervalMs);
          this.#timer.unref();
        }
        throw error;
      }
    });
    return this.#writing;
  }

  #trim() {
    const excess = this.#pending.size - MAX_PENDING;
    if (excess <= 0) return;
    const keys = [...this.#pending.keys()].slice(0, excess);
    for (const key of keys) this.#pending.delete(key);
    this.#onError(new Error(`view and click counts: ${excess} events dropped while the database refused writes`));
  }
}

const byKey = (a: Counted, b: Counted) =>
  a.chatbotId.localeCompare(b.chatbotId) ||
  a.day.localeCompare(b.day) ||
  a.kind.localeCompare(b.kind) ||
  Buffer.compare(a.visitor, b.visitor);

/**
 * Stores a batch: new visitors of the day in, and the daily counts raised by those that went in.
 * Rows go in one order on every replica, so two batches never wait on each other in a cycle.
 */
export async function writeBatch(db: Db, rows: Counted[]): Promise<void> {
  const sorted = [...rows].sort(byKey);
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    await db
      .with("counted", (q) =>
        q
          .insertInto("listingStatsVisitors")
          .values(chunk)
          .onConflict((conflict) => conflict.doNothing())
          .returning(["chatbotId", "day", "kind"]),
      )
      .insertInto("listingStatsDaily")
      .columns(["chatbotId", "day", "kind", "count"])
      .expression((eb) =>
        eb
          .selectFrom("counted")
          .select(["chatbotId", "day", "kind", sql<number>`count(*)::int`.as("count")])
          .groupBy(["chatbotId", "day", "kind"])
          .orderBy("chatbotId")
          .orderBy("day")
          .orderBy("kind"),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["chatbotId", "day", "kind"])
          .doUpdateSet({ count: sql<number>`listing_stats_daily.count + excluded.count` }),
      )
      .execute();
  }
}
