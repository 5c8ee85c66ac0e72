import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DATABASE_SERVER_URL, EMULATOR_HOST } from "./support/app.js";
import { createDatabase } from "./support/databases.js";
import { multipart, pngImage } from "./support/images.js";
import { startServerProcess } from "./support/server.js";
import { memberSession } from "./support/sessions.js";

/** LOAD_SECONDS shortens the run for a quick local check; the test command runs the full minute. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 100;

const SESSION_SECRET = randomBytes(32).toString("hex");

/** Another job keeping every core busy beside the api (one spinning process per core), as on a shared machine. */
function burnCpu(): () => void {
  const burners: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
  const stop = () => {
    for (const burner of burners) burner.kill("SIGKILL");
  };
  // Never left spinning, whatever happens to the test.
  process.once("exit", stop);
  return stop;
}

let databaseUrl: string | undefined;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "gallery-load-"));
  if (!DATABASE_SERVER_URL) return;
  // A database of its own on the run's PostgreSQL server (vitest.global-setup.ts).
  databaseUrl = await createDatabase(DATABASE_SERVER_URL, "gallery_load");
}, 60_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

it.runIf(() => databaseUrl)(
  `serves ${CONNECTIONS} connections of mixed reads and writes for ${SECONDS} s beside a CPU burner with no lost write and no 5xx but a 503 with Retry-After`,
  async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl!,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      RATE_LIMIT_WRITES: "10000000",
      RATE_LIMIT_SIGNIN: "10000000",
      SESSION_SECRET,
    });
    try {
      const { cookie } = await memberSession(databaseUrl!, SESSION_SECRET);
      expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
      const image = await pngImage(256, 512);
      // Each create has a title of its own, so every answer can be checked against the rows written.
      let creates = 0;
      const createForm = () =>
        multipart(
          { title: `Load bot ${++creates}`, tags: "load, test", nsfw: "false" },
          { name: "image", filename: "load.png", type: "image/png", data: image },
        );
      const createdIds: string[] = [];
      const createdTitles = new Set<string>();
      const refusedTitles = new Set<string>();
      // Every 5xx answer by status, Retry-After and message: only "503 with Retry-After" is allowed
      // (an overloaded server may ask a client to come back later; it may not fail otherwise).
      const serverErrors: Record<string, number> = {};
      const note = (status: number, body: string, _context: object, headers: object = {}) => {
        if (status < 500) return;
        const retryAfter = Object.entries(headers).find(([name]) => name.toLowerCase() === "retry-after")?.[1];
        let message = body.slice(0, 120);
        try {
          message = JSON.parse(body).message ?? JSON.parse(body).error?.message ?? message;
        } catch {}
        const key = `${status} ${retryAfter ? `Retry-After ${retryAfter}` : "without Retry-After"}: ${message}`;
        serverErrors[key] = (serverErrors[key] ?? 0) + 1;
      };

      // Each connection cycles through this mix: mostly reads, one create in five requests.
      const stopBurning = burnCpu();
      const run = autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie },
        requests: [
          { method: "GET", path: "/api/chatbots", onResponse: note },
          { method: "GET", path: "/api/chatbots?search=load&platform=polybuzz", onResponse: note },
          {
            method: "POST",
            path: "/api/chatbots",
            // A connection sends one request at a time, so its context says which title an answer is for.
            setupRequest: (request, context: { title?: string }) => {
              const form = createForm();
              context.title = `Load bot ${creates}`;
              return { ...request, headers: { cookie, ...form.headers }, body: form.payload };
            },
            onResponse: (status, body, context: { title?: string }, headers) => {
              if (status === 201) {
                createdIds.push((JSON.parse(body) as { id: string }).id);
                createdTitles.add(context.title!);
              } else refusedTitles.add(context.title!);
              note(status, body, context, headers);
            },
          },
          { method: "GET", path: "/api/user/chatbots", onResponse: note },
          { method: "GET", path: "/trpc/chatbots.count?input=%7B%7D", onResponse: note },
        ],
      });
      // autocannon returns a thenable without finally().
      const result = await Promise.resolve(run).finally(stopBurning);

      const statuses = Object.fromEntries(
        Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([code, stat]) => [
          code,
          stat.count,
        ]),
      );
      console.log(
        `load: ${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)} req/s), ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(statuses)}, ` +
          `${createdIds.length} creates (${refusedTitles.size} refused), errors ${result.errors}, timeouts ${result.timeouts}, ` +
          `5xx ${JSON.stringify(serverErrors)}`,
      );
      // Creates still in flight when the run ended finish on the server: wait until it answers again.
      await fetch(`${server.url}/api/health`);
      const client = new pg.Client({ connectionString: databaseUrl! });
      await client.connect();
      const { rows } = await client.query<{ id: string; title: string }>("SELECT id, title FROM chatbots");
      await client.end();
      const stored = new Set(rows.map((row) => row.id));
      const storedTitles = new Set(rows.map((row) => row.title));
      console.log(
        `load: ${rows.length} rows written, ${createdIds.length} creates answered 201, ${refusedTitles.size} refused, ` +
          `${creates - createdTitles.size - refusedTitles.size} without an answer when the run ended`,
      );
      expect(result.errors).toBe(0);
      expect(Object.keys(serverErrors).filter((answer) => !answer.startsWith("503 Retry-After"))).toEqual([]);
      expect(createdIds.length).toBeGreaterThan(0);
      // No lost write: every create the server confirmed is in the database.
      expect(createdIds.filter((id) => !stored.has(id))).toEqual([]);
      // A refused create (503, 429...) wrote nothing.
      expect([...refusedTitles].filter((title) => storedTitles.has(title))).toEqual([]);
      // Each create is written once at most.
      expect(storedTitles.size).toBe(rows.length);
      // Any other row is a create still in flight when the run ended (its answer never counted): a title sent but
      // neither confirmed nor refused, at most one per connection.
      const unanswered = rows.filter((row) => !createdIds.includes(row.id)).map((row) => row.title);
      expect(unanswered.filter((title) => createdTitles.has(title) || !/^Load bot \d+$/.test(title))).toEqual([]);
      expect(unanswered.length).toBeLessThanOrEqual(CONNECTIONS);
    } finally {
      server.kill();
    }
  },
  (SECONDS + 90) * 1000,
);
