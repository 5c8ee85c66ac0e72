import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error: a JavaScript helper shared with scripts/test.mjs
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { EMULATOR_HOST } from "./support/app.js";
import { createAccount } from "./support/auth.js";
import { multipart, pngImage } from "./support/images.js";
import { startServerProcess } from "./support/server.js";

/** LOAD_SECONDS shortens the run for a quick local check; the test command runs the full minute. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 100;

let cluster: { url: string; stop(): Promise<void> } | null;
let dataDir: string;
beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), "gallery-load-"));
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it.runIf(() => cluster)(
  `serves ${CONNECTIONS} connections of mixed reads and writes for ${SECONDS} s with no 5xx and no lost write`,
  async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: cluster!.url,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      RATE_LIMIT_WRITES: "10000000",
      RATE_LIMIT_SIGNIN: "10000000",
    });
    try {
      const account = await createAccount();
      const verify = await fetch(`${server.url}/api/auth/verify`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ idToken: account.idToken }),
      });
      const cookie = verify.headers.get("set-cookie")!.split(";")[0]!;
      const form = multipart(
        { title: "Load bot", tags: "load, test", nsfw: "false" },
        {
          name: "image",
          filename: "load.png",
          type: "image/png",
          data: await pngImage(256, 512),
        },
      );
      const createdIds: string[] = [];

      // Each connection cycles through this mix: mostly reads, one create in five requests.
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie },
        requests: [
          { method: "GET", path: "/api/chatbots" },
          { method: "GET", path: "/api/chatbots?search=load&platform=polybuzz" },
          {
            method: "POST",
            path: "/api/chatbots",
            headers: { cookie, ...form.headers },
            body: form.payload,
            onResponse: (status, body) => {
              if (status === 201) createdIds.push((JSON.parse(body) as { id: string }).id);
            },
          },
          { method: "GET", path: "/api/user/chatbots" },
          { method: "GET", path: "/trpc/chatbots.count?input=%7B%7D" },
        ],
      });

      const statuses = Object.fromEntries(
        Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([code, stat]) => [
          code,
          stat.count,
        ]),
      );
      console.log(
        `load: ${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)} req/s), ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(statuses)}, ` +
          `${createdIds.length} creates, errors ${result.errors}, timeouts ${result.timeouts}`,
      );
      expect(result.errors).toBe(0);
      expect(Object.keys(statuses).filter((code) => code.startsWith("5"))).toEqual([]);
      expect(createdIds.length).toBeGreaterThan(0);

      // No lost write: every create the server confirmed is in the database.
      const client = new pg.Client({ connectionString: cluster!.url });
      await client.connect();
      const { rows } = await client.query<{ id: string }>("SELECT id FROM chatbots");
      await client.end();
      const stored = new Set(rows.map((row) => row.id));
      expect(createdIds.filter((id) => !stored.has(id))).toEqual([]);
      // Creates still in flight when the minute ended were stored without their answer being counted.
      expect(stored.size - createdIds.length).toBeGreaterThanOrEqual(0);
      expect(stored.size - createdIds.length).toBeLessThanOrEqual(CONNECTIONS);
    } finally {
      server.kill();
    }
  },
  (SECONDS + 90) * 1000,
);
