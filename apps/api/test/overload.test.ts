// An overloaded server answers every request within a bounded time: a quick 503 with Retry-After for the
// expensive work, while what a browser needs to render a page is still served. Each test's setup writes its
// member and listing straight through the domain and the database, never through requests the overload it then
// measures could turn away (a busy machine once refused a setup's sign-in with 503 before the test began).
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "kysely";
import { onTestFinished } from "vitest";
import { createListing } from "../src/domain/listings/commands.js";
import { MAX_UPLOADS_IN_PROGRESS } from "../src/plugins/external/under-pressure.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { expect, test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { domainDeps, pngUpload, userRow } from "./support/rows.js";
import { memberSession } from "./support/sessions.js";
import { fakeWebDist } from "./support/web-dist.js";

const SESSION_SECRET = randomBytes(32).toString("hex");
const webDist = fakeWebDist();
mkdirSync(path.join(webDist, "assets"));
writeFileSync(path.join(webDist, "assets", "app-1234.js"), "console.log('the app');\n");
// A short wait for a database connection, so that overload is quick to reach. The event-loop bound is off
// here, so a busy machine cannot trip it; the test about a starved event loop has an app of its own.
const env = { OVERLOAD_DATABASE_WAIT_MS: "300", OVERLOAD_EVENT_LOOP_DELAY_MS: "0", SESSION_SECRET, WEB_DIST: webDist };
test.override("appEnv", env);

const BUSY = "The server is temporarily unavailable. Please try again shortly.";

const countListings = async (app: TestApp) =>
  Number(
    (
      await app.database.db
        .selectFrom("chatbots")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A member and one listing of theirs, written through the domain (no request). */
async function memberWithListing(app: TestApp, title: string) {
  const member = await memberSession(app.database.connectionString, SESSION_SECRET);
  const owner = await userRow(app, member.userId);
  const image = await pngUpload();
  const listing = await createListing(domainDeps(app), owner, {
    fields: { title, tags: ["rush"], nsfw: false },
    image,
  });
  return { ...member, listing };
}

/** The file's app on a loopback port (its tests share it). */
async function listening(app: TestApp) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as { port: number }).port;
}

const uploadForm = async (title: string) =>
  multipart(
    { title, tags: "rush", nsfw: "false" },
    { name: "image", filename: "bot.png", type: "image/png", data: await pngImage() },
  );

test("every database connection busy: a burst of reads and writes each answers 503 with Retry-After quickly, and writes nothing", async ({
  app,
}) => {
  const { cookie } = await memberWithListing(app, "Before the rush");
  const form = await uploadForm("During the rush");

  // Hold every connection of the pool until released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  const holders = Array.from({ length: app.database.poolSize }, () =>
    app.database.db.connection().execute(async (connection) => {
      await sql`SELECT 1`.execute(connection);
      held++;
      await released;
    }),
  );
  await expect.poll(() => held).toBe(app.database.poolSize);
  try {
    const started = Date.now();
    const list = await app.inject({ method: "GET", url: "/api/chatbots" });
    expect(list.statusCode).toBe(503);
    expect(list.headers["retry-after"]).toBe("5");
    expect(list.json().message).toMatch(/temporarily unavailable/);
    // It waited for a connection (OVERLOAD_DATABASE_WAIT_MS) before giving up.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    const trpc = await app.inject({ method: "GET", url: "/trpc/chatbots.count?input=%7B%7D", headers: { cookie } });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.headers["retry-after"]).toBe("5");
    expect(trpc.json(), trpc.body).toMatchObject({ error: { data: { code: "SERVICE_UNAVAILABLE" } } });

    // Far more requests than the pool serves at once: those past their turn wait at most the same bound, so
    // none waits for all the others before it (a 10 s client timeout once ran out while requests queued).
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const sent = Date.now();
        const request =
          i % 3 === 0
            ? app.inject({
                method: "POST",
                url: "/api/chatbots",
                headers: { cookie, ...form.headers },
                payload: form.payload,
              })
            : app.inject({ method: "GET", url: `/api/chatbots?search=rush${i}` });
        return request.then((response) => ({ response, waited: Date.now() - sent }));
      }),
    );
    expect(burst.map(({ response }) => `${response.statusCode} ${response.headers["retry-after"]}`)).toEqual(
      burst.map(() => "503 5"),
    );
    // At most a turn's wait and a connection's wait (300 ms each), with room for a busy machine.
    expect(Math.max(...burst.map(({ waited }) => waited))).toBeLessThan(10_000);
  } finally {
    release();
    await Promise.all(holders);
  }
  expect(await countListings(app)).toBe(1);
  const after = await app.inject({ method: "GET", url: "/api/chatbots" });
  expect(after.statusCode).toBe(200);
  expect(after.json().map((c: { title: string }) => c.title)).toEqual(["Before the rush"]);
});

test("a starved event loop: the app's work answers 503 with Retry-After at once, the page and its files and pictures are still served", async () => {
  // The default wait for the database: a loop blocked 600 ms at a time would outlast a short one.
  const harness = await createTestApp({
    ...env,
    OVERLOAD_EVENT_LOOP_DELAY_MS: "250",
    OVERLOAD_DATABASE_WAIT_MS: "2000",
  });
  onTestFinished(() => harness.close());
  const { app } = harness;
  const { cookie, listing } = await memberWithListing(app, "Starved");
  const before = await countListings(app);
  const form = await uploadForm("Starved again");
  // Keep the event loop blocked most of the time, as a process gets when other work takes the CPU.
  const starve = setInterval(() => {
    const until = Date.now() + 600;
    while (Date.now() < until) {}
  }, 10);
  try {
    // Pictures keep being asked for meanwhile, as a page's would: the pool's connections stay open, as under real
    // load (a new connection's handshake would take several starved turns of the loop).
    await expect
      .poll(
        async () => {
          await app.inject({ method: "GET", url: listing.imageUrl! });
          return (await app.inject({ method: "GET", url: "/api/chatbots" })).statusCode;
        },
        { timeout: 10_000 },
      )
      .toBe(503);
    const list = await app.inject({ method: "GET", url: "/api/chatbots" });
    expect(list.statusCode).toBe(503);
    expect(list.headers["retry-after"]).toBe("5");
    expect(list.json()).toMatchObject({ message: BUSY });
    // Security headers are still there.
    expect(list.headers["content-security-policy"]).toContain("default-src 'self'");

    const trpc = await app.inject({ method: "GET", url: "/trpc/chatbots.list?input=%7B%7D" });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.headers["retry-after"]).toBe("5");
    expect(trpc.json().error).toMatchObject({ message: BUSY, data: { code: "SERVICE_UNAVAILABLE" } });

    const create = await app.inject({
      method: "POST",
      url: "/api/chatbots",
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(create.statusCode).toBe(503);
    expect(create.json()).toMatchObject({ message: BUSY });

    // What a browser needs to render: the page's HTML, the app's scripts, the pictures.
    const served = {
      home: await app.inject({ method: "GET", url: "/" }),
      listingPage: await app.inject({ method: "GET", url: `/chatbots/${listing.id}` }),
      appRoute: await app.inject({ method: "GET", url: "/dashboard" }),
      script: await app.inject({ method: "GET", url: "/assets/app-1234.js" }),
      picture: await app.inject({ method: "GET", url: listing.imageUrl! }),
    };
    expect(Object.fromEntries(Object.entries(served).map(([name, response]) => [name, response.statusCode]))).toEqual({
      home: 200,
      listingPage: 301,
      appRoute: 200,
      script: 200,
      picture: 200,
    });
    expect(served.home.headers["content-type"]).toContain("text/html");
    expect(served.appRoute.body).toContain('<div id="root">');
    expect(served.script.body).toContain("the app");
  } finally {
    clearInterval(starve);
  }
  // Once the CPU is back, requests are served again, and the refused create wrote nothing.
  await expect
    .poll(async () => (await app.inject({ method: "GET", url: "/api/chatbots" })).statusCode, { timeout: 10_000 })
    .toBe(200);
  expect(await countListings(app)).toBe(before);
});

test(`at most ${MAX_UPLOADS_IN_PROGRESS} uploads at once: another waits its turn unread, then answers 503`, async ({
  app,
}) => {
  const { cookie } = await memberWithListing(app, "Uploads");
  const port = await listening(app);
  const form = await uploadForm("Slow upload");
  const half = Math.floor(form.payload.length / 2);
  /** An upload whose client sends half its body and waits: it holds its place until finished. */
  const startSlowUpload = () => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/chatbots",
      headers: { cookie, ...form.headers, "content-length": form.payload.length },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
    });
    request.write(form.payload.subarray(0, half));
    return { finish: () => request.end(form.payload.subarray(half)), answered };
  };
  const slow = Array.from({ length: MAX_UPLOADS_IN_PROGRESS }, startSlowUpload);
  const post = () =>
    fetch(`http://127.0.0.1:${port}/api/chatbots`, {
      method: "POST",
      headers: { cookie, ...form.headers },
      body: form.payload,
    });
  // Once every slow upload is in progress, one more waits for a place (300 ms here) and is refused.
  await expect.poll(async () => (await post()).status, { timeout: 20_000 }).toBe(503);
  const refused = await post();
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("5");
  expect(await refused.json()).toMatchObject({ message: BUSY });
  // Reads are not uploads: still served.
  expect((await fetch(`http://127.0.0.1:${port}/api/chatbots`)).status).toBe(200);

  for (const upload of slow) upload.finish();
  expect(await Promise.all(slow.map((upload) => upload.answered))).toEqual(slow.map(() => 201));
  // Their places are free again.
  expect((await post()).status).toBe(201);
});

test("a client that leaves while waiting for its turn gives up its place, and every turn comes back", async () => {
  // A long wait for a turn, so the client leaves well before its wait would have ended.
  const harness = await createTestApp({ ...env, OVERLOAD_DATABASE_WAIT_MS: "60000" });
  onTestFinished(() => harness.close());
  const { app } = harness;
  const { cookie } = await memberWithListing(app, "Turns");
  const port = await listening(app);
  const turns = app.requestTurns;
  const body = JSON.stringify({ blockedTags: ["gore"], nsfwDisplay: "show" });
  const holders = Array.from({ length: turns.size }, () => startSlowRequest(port, cookie, body));
  await expect.poll(() => turns.inUse).toBe(turns.size);

  // One more waits in line; its client gives up.
  const waiter = http.get({ host: "127.0.0.1", port, path: "/api/chatbots" });
  waiter.on("error", () => {});
  await expect.poll(() => turns.waiting).toBe(1);
  waiter.destroy();
  await expect.poll(() => turns.waiting).toBe(0);

  for (const holder of holders) holder.finish();
  expect(await Promise.all(holders.map((holder) => holder.answered))).toEqual(holders.map(() => 200));
  await expect.poll(() => turns.inUse).toBe(0);
  expect((await fetch(`http://127.0.0.1:${port}/api/chatbots`)).status).toBe(200);
});

test("every turn taken: what a page needs to know who is signed in is still answered, alone or batched together; other work is shed", async ({
  app,
}) => {
  const { cookie, userId } = await memberWithListing(app, "Who");
  const port = await listening(app);
  const turns = app.requestTurns;
  const body = JSON.stringify({ blockedTags: [], nsfwDisplay: "show" });
  const holders = Array.from({ length: turns.size }, () => startSlowRequest(port, cookie, body));
  await expect.poll(() => turns.inUse).toBe(turns.size);
  try {
    const get = (url: string) => app.inject({ method: "GET", url, headers: { cookie } });
    const who = {
      clientConfig: await get("/trpc/auth.clientConfig"),
      user: await get("/trpc/auth.user"),
      together: await get(`/trpc/auth.clientConfig,auth.user?batch=1&input=${encodeURIComponent("{}")}`),
      restConfig: await get("/api/client-config"),
      restUser: await get("/api/auth/user"),
      // Batched with other work, the batch is that work's: shed.
      mixed: await get(`/trpc/auth.user,chatbots.count?batch=1&input=${encodeURIComponent("{}")}`),
      list: await get("/api/chatbots"),
    };
    expect(Object.fromEntries(Object.entries(who).map(([name, response]) => [name, response.statusCode]))).toEqual({
      clientConfig: 200,
      user: 200,
      together: 200,
      restConfig: 200,
      restUser: 200,
      mixed: 503,
      list: 503,
    });
    expect(who.user.json().result.data.id).toBe(userId);
    expect(who.together.json().map((answer: { result: { data: unknown } }) => Boolean(answer.result.data))).toEqual([
      true,
      true,
    ]);
    expect(who.list.headers["retry-after"]).toBe("5");
  } finally {
    for (const holder of holders) holder.finish();
  }
  expect(await Promise.all(holders.map((holder) => holder.answered))).toEqual(holders.map(() => 200));
});

/** A settings save whose client sends half its body and waits: it holds its request turn until `finish`. */
function startSlowRequest(port: number, cookie: string, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "PUT",
    path: "/api/user/settings",
    headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), answered };
}
