import { sql } from "kysely";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { expect, test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";

// A short wait for a database connection and a lower event-loop bound (a busy test machine stays under it), so
// both kinds of overload are quick to reach.
test.override("appEnv", { OVERLOAD_DATABASE_WAIT_MS: "300", OVERLOAD_EVENT_LOOP_DELAY_MS: "250" });

const BUSY = "The server is temporarily unavailable. Please try again shortly.";
const countListings = async (app: { database: { db: import("kysely").Kysely<import("@gallery/db").Database> } }) =>
  Number(
    (
      await app.database.db
        .selectFrom("chatbots")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

test("every database connection busy: reads and writes wait, then answer 503 with Retry-After and write nothing", async ({
  app,
}) => {
  const { cookie } = await signUp(app);
  await createListing(app, cookie, { title: "Before the rush" });
  const form = multipart(
    { title: "During the rush", tags: "rush", nsfw: "false" },
    { name: "image", filename: "bot.png", type: "image/png", data: await pngImage() },
  );

  // Hold every connection of the pool (10) until released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  const holders = Array.from({ length: 10 }, () =>
    app.database.db.connection().execute(async (connection) => {
      await sql`SELECT 1`.execute(connection);
      held++;
      await released;
    }),
  );
  await expect.poll(() => held).toBe(10);
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

    const create = await app.inject({
      method: "POST",
      url: "/api/chatbots",
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(create.statusCode).toBe(503);
    expect(create.headers["retry-after"]).toBe("5");
  } finally {
    release();
    await Promise.all(holders);
  }
  expect(await countListings(app)).toBe(1);
  const after = await app.inject({ method: "GET", url: "/api/chatbots" });
  expect(after.statusCode).toBe(200);
  expect(after.json().map((c: { title: string }) => c.title)).toEqual(["Before the rush"]);
});

test("a starved event loop: new requests answer 503 with Retry-After at once, before anything is read or written", async ({
  app,
}) => {
  const { cookie } = await signUp(app);
  const before = await countListings(app);
  const form = multipart(
    { title: "Starved", tags: "cpu", nsfw: "false" },
    { name: "image", filename: "bot.png", type: "image/png", data: await pngImage() },
  );
  // Keep the event loop blocked most of the time, as a process gets when other work takes the CPU.
  const starve = setInterval(() => {
    const until = Date.now() + 600;
    while (Date.now() < until) {}
  }, 10);
  try {
    await expect
      .poll(async () => (await app.inject({ method: "GET", url: "/api/chatbots" })).statusCode, { timeout: 10_000 })
      .toBe(503);
    const list = await app.inject({ method: "GET", url: "/api/chatbots" });
    expect(list.statusCode).toBe(503);
    expect(list.headers["retry-after"]).toBe("5");
    expect(list.json()).toEqual({ message: BUSY });
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
    expect(create.json()).toEqual({ message: BUSY });
  } finally {
    clearInterval(starve);
  }
  // Once the CPU is back, requests are served again, and the refused create wrote nothing.
  await expect
    .poll(async () => (await app.inject({ method: "GET", url: "/api/chatbots" })).statusCode, { timeout: 10_000 })
    .toBe(200);
  expect(await countListings(app)).toBe(before);
});
