// `pnpm bench`, issue 26: what each write costs at the largest size (create, edit, delete one at a time,
// a click-out batch written, a full score refresh), and the readers' p99 while a score refresh runs.
import { createHash } from "node:crypto";
import { openDatabase } from "@gallery/db";
import autocannon from "autocannon";
import pg from "pg";
import { writeBatch } from "../src/domain/stats/recorder.js";
import { REFRESH_LOCK, refreshScores } from "../src/domain/stats/scores.js";
import { utcDay } from "../src/domain/stats/visitor.js";
import { multipart, pngImage } from "../test/support/images.js";
import { summarize } from "./measure.js";

/** Writes of each kind, one after another (their spread, not their throughput). */
const WRITES = 30;
/** Click-outs in the measured batch (the recorder writes at most this many at once by default). */
const CLICK_BATCH = 1000;
/**
 * Listings whose scores a refresh finds changed, per round: a busy day's spread of clicks (a tenth of a 100k
 * gallery, a fiftieth of 1M). Every listing at once (what the seed's first refresh does: 335 s at 1M) would make
 * one round outlast the readers' measurement.
 */
export const STALE_PER_REFRESH = 20_000;

export interface Timing {
  mean: number;
  p50: number;
  p99: number;
  count: number;
}

const timing = (ms: number[]): Timing => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return {
    mean: Math.round((ms.reduce((a, b) => a + b, 0) / ms.length) * 10) / 10,
    p50: at(0.5),
    p99: at(0.99),
    count: ms.length,
  };
};

async function timed(run: () => Promise<Response>) {
  const started = performance.now();
  const response = await run();
  const body = await response.text();
  if (!response.ok) throw new Error(`a bench write failed: ${response.status}`);
  return { ms: performance.now() - started, body };
}

/** Create, edit (title and tags, no image) and delete through the api as the member, one at a time. */
export async function measureListingWrites(serverUrl: string, cookie: string) {
  const image = await pngImage(512, 1024);
  const created: string[] = [];
  const createMs: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const form = multipart(
      { title: `Write bench ${i}`, tags: "bench" },
      { name: "image", filename: "w.png", type: "image/png", data: image },
    );
    const { ms, body } = await timed(() =>
      fetch(`${serverUrl}/api/chatbots`, { method: "POST", headers: { cookie, ...form.headers }, body: form.payload }),
    );
    createMs.push(ms);
    created.push((JSON.parse(body) as { id: string }).id);
  }
  const editMs: number[] = [];
  for (const [i, id] of created.entries()) {
    const form = multipart({ title: `Write bench ${i} edited`, tags: "bench,edited" });
    editMs.push(
      (
        await timed(() =>
          fetch(`${serverUrl}/api/chatbots/${id}`, {
            method: "PUT",
            headers: { cookie, ...form.headers },
            body: form.payload,
          }),
        )
      ).ms,
    );
  }
  const deleteMs: number[] = [];
  for (const id of created)
    deleteMs.push(
      (await timed(() => fetch(`${serverUrl}/api/chatbots/${id}`, { method: "DELETE", headers: { cookie } }))).ms,
    );
  return { create: timing(createMs), edit: timing(editMs), delete: timing(deleteMs) };
}

/**
 * A batch of CLICK_BATCH new visitors' click-outs written as the recorder writes it, WRITES times; and score
 * refreshes (STALE_PER_REFRESH listings' scores made stale before each, so that many rows are rewritten), back to
 * back while readers load a sort that reads the scores. The readers' p99 beside the one measured without it
 * shows whether the refresh stalls them (it takes row locks only, which readers never wait for).
 */
export async function measureStatsWrites(options: {
  serverUrl: string;
  databaseUrl: string;
  duration: number;
  connections: number[];
}) {
  const handle = await openDatabase({ databaseUrl: options.databaseUrl });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const ids: string[] = (
      await client.query("SELECT id FROM chatbots ORDER BY md5(id::text) LIMIT $1", [CLICK_BATCH])
    ).rows.map((row: { id: string }) => row.id);
    const flushMs: number[] = [];
    for (let round = 0; round < WRITES; round++) {
      const rows = ids.map((chatbotId, i) => ({
        day: utcDay(),
        chatbotId,
        kind: "polybuzz" as const,
        visitor: createHash("sha256").update(`bench-flush-${round}-${i}`).digest(),
      }));
      const started = performance.now();
      await writeBatch(handle.db, rows);
      flushMs.push(performance.now() - started);
    }

    // STALE_PER_REFRESH listings' scores made stale under the refresh's own lock: the api's periodic refresh updates the same rows
    // in another order, and two such updates at once deadlock (the first 1M run stopped on that).
    const staleAll = async () => {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [REFRESH_LOCK]);
      await client.query(
        "UPDATE chatbots SET chats_this_week = chats_this_week + 1 WHERE id IN (SELECT id FROM chatbots ORDER BY md5(id::text) LIMIT $1)",
        [STALE_PER_REFRESH],
      );
      await client.query("COMMIT");
    };
    const refreshMs: number[] = [];
    const reads = [];
    for (const connections of options.connections) {
      let reading = true;
      const refreshing = (async () => {
        while (reading) {
          await staleAll();
          const started = performance.now();
          // false: the api's own refresh had the lock (and did the work); only the bench's own runs are timed.
          if (await refreshScores(handle.db)) refreshMs.push(performance.now() - started);
        }
      })();
      const result = await autocannon({
        url: `${options.serverUrl}/api/chatbots?sort=popular`,
        connections,
        duration: Math.max(options.duration, 10),
      });
      reading = false;
      await refreshing;
      reads.push({ connections, ...summarize(result, connections), max: result.latency.max });
    }
    return { flush: timing(flushMs), refresh: timing(refreshMs), reads };
  } finally {
    await client.end();
    await handle.close();
  }
}
