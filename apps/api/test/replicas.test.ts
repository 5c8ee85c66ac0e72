// docker-compose.yml's topology on one machine, without Docker (support/topology.ts): two replicas of the built
// server behind Debian's nginx with docker/nginx.conf, on PostgreSQL, the S3 server and the Auth emulator. Only
// in the `api` project: it is about the PostgreSQL topology (the embedded database is one process's).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, pngImage } from "./support/images.js";
import { memberSession } from "./support/sessions.js";
import { SESSION_SECRET, startTopology } from "./support/topology.js";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const SIGN_IN_LIMIT = 4;

let topology: Awaited<ReturnType<typeof startTopology>>;

beforeAll(async () => {
  topology = await startTopology({ RATE_LIMIT_SIGNIN: String(SIGN_IN_LIMIT) });
}, 180_000);
afterAll(async () => {
  await topology?.stop();
});

/**
 * POST /api/chatbots at base, as the cookie's member, with a picture of its own (as creators upload): the same
 * picture each time would be one stored object written over and over, which the S3 server used here (s3rver)
 * does not survive while it lists the bucket (a half-written metadata file answers 500).
 */
async function create(base: string, cookie: string, title: string) {
  const image = await pngImage(
    64,
    128,
    `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")}`,
  );
  const body = multipart(
    { title, tags: "fantasy, adventure", nsfw: "false", polybuzzUrl: "https://polybuzz.ai/c/replicas" },
    { name: "image", filename: "bot.png", type: "image/png", data: image },
  );
  return fetch(`${base}/api/chatbots`, {
    method: "POST",
    headers: { ...body.headers, cookie },
    body: body.payload,
  });
}

const galleryIds = async (base: string) =>
  ((await (await fetch(`${base}/api/chatbots?sort=newest`)).json()) as { id: string }[]).map((listing) => listing.id);

async function query<Row>(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: topology.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe("two replicas behind nginx", () => {
  it("share writes, sessions, rate limits and click-out counts", async () => {
    const [a, b] = topology.replicas;
    const owner = await memberSession(topology.databaseUrl, SESSION_SECRET);
    // Both keep a shared copy of the gallery's first page.
    expect(await galleryIds(a.url)).toEqual([]);
    expect(await galleryIds(b.url)).toEqual([]);

    const created = await create(a.url, owner.cookie, "Written on A");
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // At once on the other replica (and on the writer's): the change dropped both copies.
    expect(await galleryIds(b.url)).toEqual([id]);
    expect(await galleryIds(a.url)).toEqual([id]);

    // A session made on one replica is known to the other, and ending it on one ends it on both.
    const member = await memberSession(topology.databaseUrl, SESSION_SECRET);
    const me = (base: string) => fetch(`${base}/api/auth/user`, { headers: { cookie: member.cookie } });
    expect((await me(a.url)).status).toBe(200);
    expect(((await (await me(b.url)).json()) as { id: string }).id).toBe(member.userId);
    expect((await fetch(`${b.url}/api/auth/logout`, { method: "POST", headers: { cookie: member.cookie } })).ok).toBe(
      true,
    );
    expect((await me(a.url)).status).toBe(401);

    // Sign-in attempts from one address, alternating replicas: the limit counts them together.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt++) {
      const response = await fetch(`${(attempt % 2 ? b : a).url}/api/auth/verify`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ idToken: "not-a-token" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);

    // One visitor clicking on both replicas counts once; another visitor once more.
    const click = (base: string, address: string) =>
      fetch(`${base}/go/${id}/polybuzz`, {
        redirect: "manual",
        headers: { "user-agent": BROWSER, "x-forwarded-for": address },
      });
    for (const [base, address] of [
      [a.url, "198.51.100.1"],
      [b.url, "198.51.100.1"],
      [b.url, "198.51.100.2"],
    ] as const) {
      expect((await click(base, address)).status).toBe(302);
    }
    const clicks = async () =>
      (
        (await (await fetch(`${b.url}/api/user/stats`, { headers: { cookie: owner.cookie } })).json()) as {
          totals: { polybuzz: number };
        }
      ).totals.polybuzz;
    await expect.poll(clicks, { timeout: 15_000 }).toBe(2);
  });

  it("loses only the requests that were on a replica killed with SIGKILL", async () => {
    const [a] = topology.replicas;
    const until = { stopped: false };
    let killedAt = Number.POSITIVE_INFINITY;
    const failures: { started: number; status: number | string }[] = [];
    let done = 0;
    const worker = async () => {
      while (!until.stopped) {
        const started = performance.now();
        const status = await fetch(`${topology.proxyUrl}/api/chatbots?sort=newest`).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status;
          },
          (error: Error) => error.message,
        );
        if (status === 200) done++;
        else failures.push({ started, status });
      }
    };
    const workers = Array.from({ length: 20 }, worker);
    await expect.poll(() => done, { timeout: 30_000 }).toBeGreaterThan(100);
    killedAt = performance.now();
    await a.stop("SIGKILL");
    const atKill = done;
    await expect.poll(() => done, { timeout: 30_000 }).toBeGreaterThan(atKill + 200);
    until.stopped = true;
    await Promise.all(workers);
    await a.start();
    console.log(`SIGKILL: ${done} reads answered, ${failures.length} failed (20 connections)`);
    // Only requests already under way when the replica died may have failed; nginx sends the rest to the other.
    expect(failures.every((failure) => failure.started < killedAt)).toBe(true);
    expect(failures.length).toBeLessThanOrEqual(20);
  });

  it("restarts each replica in turn under 100 connections with no failed request and no lost or doubled write", async () => {
    const owner = await memberSession(topology.databaseUrl, SESSION_SECRET);
    const first = (await (await create(topology.proxyUrl, owner.cookie, "Clicked")).json()) as { id: string };
    const acknowledged: { id: string; title: string }[] = [];
    const failures: string[] = [];
    let requests = 0;
    let answered = 0;
    let clicks = 0;
    let visitors = 0;
    let stopping = false;
    const once = async (turn: number) => {
      const kind = turn % 10;
      if (kind === 0) {
        const title = `rolling ${randomUUID()}`;
        const response = await create(topology.proxyUrl, owner.cookie, title);
        if (response.status !== 201) return `create ${response.status} ${await response.text()}`;
        acknowledged.push({ id: ((await response.json()) as { id: string }).id, title });
      } else if (kind === 2) {
        // A new visitor each time (a new address): every click-out answered must be counted once.
        const visitor = ++visitors;
        const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
        const response = await fetch(`${topology.proxyUrl}/go/${first.id}/polybuzz`, {
          redirect: "manual",
          headers: { "user-agent": BROWSER, "x-forwarded-for": address },
        });
        if (response.status !== 302) return `click ${response.status}`;
        clicks++;
      } else {
        const url = kind < 6 ? "/api/chatbots?sort=newest" : `/api/chatbots/${first.id}`;
        const response = await fetch(`${topology.proxyUrl}${url}`);
        await response.arrayBuffer();
        if (response.status !== 200) return `GET ${url} ${response.status}`;
      }
      return undefined;
    };
    const worker = async (index: number) => {
      for (let turn = index; !stopping; turn += 7) {
        requests++;
        const failure = await once(turn).catch((error: Error) => `${error.message} ${String(error.cause)}`);
        if (failure) failures.push(failure);
        answered++;
      }
    };
    const workers = Array.from({ length: 100 }, (_, index) => worker(index));
    const stops: { code: number | null; ms: number }[] = [];
    for (const replica of topology.replicas) {
      const before = answered;
      await expect.poll(() => answered, { timeout: 60_000 }).toBeGreaterThan(before + 300);
      const stopped = await replica.stop("SIGTERM");
      stops.push(stopped);
      await replica.start();
    }
    const settled = answered;
    await expect.poll(() => answered, { timeout: 60_000 }).toBeGreaterThan(settled + 300);
    stopping = true;
    await Promise.all(workers);
    console.log(
      `rolling restart: ${requests} requests, ${failures.length} failed, ${acknowledged.length} creates, ${clicks} click-outs; stops took ${stops.map((s) => `${s.ms} ms`).join(", ")}`,
    );
    expect(failures).toEqual([]);
    expect(stops.map((stop) => stop.code)).toEqual([0, 0]);

    // Every acknowledged create exists exactly once, and nothing else was created.
    const rows = await query<{ id: string; title: string }>(
      "SELECT id, title FROM chatbots WHERE title LIKE 'rolling %'",
    );
    expect(rows.map((row) => row.id).sort()).toEqual(acknowledged.map((row) => row.id).sort());
    expect(new Set(rows.map((row) => row.title)).size).toBe(rows.length);
    // Every click-out answered is counted, those a stopping replica held included.
    await expect
      .poll(
        async () =>
          (
            await query<{ count: number }>(
              "SELECT coalesce(sum(count), 0)::int AS count FROM listing_stats_daily WHERE chatbot_id = $1 AND kind = 'polybuzz'",
              [first.id],
            )
          )[0]?.count,
        { timeout: 10_000 },
      )
      .toBe(clicks);
  }, 150_000);
});
