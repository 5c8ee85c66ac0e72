import type { StatKind } from "@gallery/db";
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { daySalt, isAutomated, memberHash, type StatEvent, utcDay, visitorHash } from "./visitor.js";

interface Counted {
  day: string;
  chatbotId: string;
  kind: StatKind;
  /** The day's mark of the address. */
  visitor: Buffer;
  /** The day's mark of the signed-in member, if any. */
  member?: Buffer | null;
}

export interface RecorderOptions {
  /** Write at least this often while events wait (ms). */
  intervalMs?: number;
  /** Write at once when this many events wait. */
  maxBatch?: number;
  onError?: (error: unknown) => void;
}

/** Events per statement: 5 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 5000;
/** Events kept while the database refuses them (then the oldest go, and it is logged). */
const MAX_PENDING = 200_000;

/**
 * Counts views and click-outs without slowing the request that causes them: `record` only hashes
 * the visitor and keeps the event in memory; a batch is written every `intervalMs` or `maxBatch`
 * events, and `close` writes what is left (Fastify onClose). Each batch is one statement: the
 * marks of the day (the address's, and the member's when signed in) go in with ON CONFLICT DO NOTHING,
 * and only an event whose marks all went in raises the daily counts, so one address, and one member,
 * counts at most once per listing, kind and day (in this process, on another replica, or a batch retried),
 * whatever user agents it sends.
 */
export class StatsRecorder {
  readonly #db: Db;
  readonly #intervalMs: number;
  readonly #maxBatch: number;
  readonly #onError: (error: unknown) => void;
  /** Events waiting, each under its marks' keys (day, listing, kind, mark): one holding a taken mark is dropped. */
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
    const member = event.visitor.memberId ? memberHash(salt, event.visitor.memberId) : null;
    keep(this.#pending, { day, chatbotId: event.chatbotId, kind: event.kind, visitor, member });
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
        await writeBatch(this.#db, [...new Set(batch.values())]);
      } catch (error) {
        const waiting = this.#pending;
        this.#pending = new Map();
        for (const row of new Set([...batch.values(), ...waiting.values()])) keep(this.#pending, row);
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
    const rows = [...new Set(this.#pending.values())];
    const excess = rows.length - MAX_PENDING;
    if (excess <= 0) return;
    for (const row of rows.slice(0, excess)) for (const key of marksOf(row)) this.#pending.delete(key);
    this.#onError(new Error(`view and click counts: ${excess} events dropped while the database refused writes`));
  }
}

/** The keys an event's marks take among those waiting. */
function marksOf(row: Counted): string[] {
  const prefix = `${row.day}|${row.chatbotId}|${row.kind}|`;
  return row.member
    ? [prefix + row.visitor.toString("hex"), prefix + row.member.toString("hex")]
    : [prefix + row.visitor.toString("hex")];
}

/**
 * Keeps an event to write unless one already waiting holds one of its marks (the same address, or the same
 * member, for the same listing, kind and day): no two events of a batch share a mark, which writeBatch relies on.
 */
function keep(pending: Map<string, Counted>, row: Counted): void {
  const keys = marksOf(row);
  if (keys.some((key) => pending.has(key))) return;
  for (const key of keys) pending.set(key, row);
}

const byKey = (a: Counted, b: Counted) =>
  a.chatbotId.localeCompare(b.chatbotId) ||
  a.day.localeCompare(b.day) ||
  a.kind.localeCompare(b.kind) ||
  Buffer.compare(a.visitor, b.visitor);

/**
 * Stores a batch: the day's new marks in, and the daily counts raised by the events whose marks all went in
 * (an address already counted, or a member already counted from another address, adds nothing; no two events of
 * a batch share a mark). Marks go in one order on every replica, so two batches never wait on each other in a cycle.
 */
export async function writeBatch(db: Db, rows: Counted[]): Promise<void> {
  const sorted = [...rows].sort(byKey);
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${row.chatbotId}::uuid, ${row.day}::date, ${row.kind}::text, ${row.visitor}::bytea, ${row.member ?? null}::bytea)`,
      ),
    );
    // Kysely's builder at the top (an insert into the counts), so the change watcher (@gallery/db changes.ts) knows it
    // for a write no shared copy shows: raw SQL would drop every copy each second.
    await db
      .with("events", () => sql`(SELECT * FROM (VALUES ${values}) AS e (chatbot_id, day, kind, visitor, member))`)
      .with("marked", (q) =>
        q
          .insertInto("listingStatsVisitors")
          .columns(["day", "chatbotId", "kind", "visitor"])
          .expression(
            sql`SELECT day, chatbot_id, kind, mark FROM (
              SELECT day, chatbot_id, kind, visitor AS mark FROM events
              UNION ALL
              SELECT day, chatbot_id, kind, member FROM events WHERE member IS NOT NULL
            ) marks
            ORDER BY chatbot_id, day, kind, mark`,
          )
          .onConflict((conflict) => conflict.doNothing())
          .returning(["day", "chatbotId", "kind", "visitor"]),
      )
      .insertInto("listingStatsDaily")
      .columns(["chatbotId", "day", "kind", "count"])
      .expression(
        sql`SELECT e.chatbot_id, e.day, e.kind, count(*)::int FROM events e
        WHERE EXISTS (
            SELECT 1 FROM marked m
            WHERE m.chatbot_id = e.chatbot_id AND m.day = e.day AND m.kind = e.kind AND m.visitor = e.visitor
          )
          AND (e.member IS NULL OR EXISTS (
            SELECT 1 FROM marked m
            WHERE m.chatbot_id = e.chatbot_id AND m.day = e.day AND m.kind = e.kind AND m.visitor = e.member
          ))
        GROUP BY e.chatbot_id, e.day, e.kind
        ORDER BY e.chatbot_id, e.day, e.kind`,
      )
      .onConflict((conflict) =>
        conflict
          .columns(["chatbotId", "day", "kind"])
          .doUpdateSet({ count: sql<number>`listing_stats_daily.count + excluded.count` }),
      )
      .execute();
  }
}
