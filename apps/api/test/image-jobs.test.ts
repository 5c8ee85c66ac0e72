import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ImageJob } from "@gallery/schema";
import pg from "pg";
import { storeChatbotImage } from "../src/domain/images/variants.js";
import { ObjectStorageUnavailableError } from "../src/services/storage.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp, signUpAs } from "./support/auth.js";
import { expect, test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";

/**
 * Migrate and repair as background jobs (docs/admin.md): start returns at once, progress can be read
 * while they run, one at a time, and a job carries on in another process where this one stopped.
 * A pause between batches (IMAGE_JOB_BATCH_DELAY_MS) lets the tests watch a job run.
 */

const JOB_ENV = { IMAGE_JOB_BATCH_DELAY_MS: "300", IMAGE_JOB_LEASE_SECONDS: "2" };
test.override("appEnv", JOB_ENV);

const WAIT = { timeout: 120_000, interval: 100 };

async function superAdmin(app: TestApp) {
  const owner = await signUp(app);
  const admin = await signUpAs(app, "super-admin");
  return { ownerId: owner.user.id, cookie: admin.cookie };
}

async function trpc(app: TestApp, cookie: string, procedure: string, input?: unknown) {
  const response =
    input === undefined
      ? await app.inject({ method: "GET", url: `/trpc/${procedure}`, headers: { cookie } })
      : await app.inject({ method: "POST", url: `/trpc/${procedure}`, headers: { cookie }, payload: input as object });
  return { status: response.statusCode, body: response.json() };
}

async function currentJob(app: TestApp, cookie: string): Promise<ImageJob> {
  const { status, body } = await trpc(app, cookie, "admin.imageJob");
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result.data;
}

const rest = (app: TestApp, cookie: string, url: string, method: "GET" | "POST" = "POST") =>
  app.inject({ method, url, headers: { cookie } });

/** Listings written directly, in one insert, as an older version of the app left them. */
async function insertListings(
  app: TestApp,
  userId: string,
  images: Array<{ imageUrl: string | null; imageKey?: string; thumbnailKey?: string }>,
) {
  const rows = await app.database.db
    .insertInto("chatbots")
    .values(images.map((image, i) => ({ title: `Seeded ${i}`, userId, imageKey: null, thumbnailKey: null, ...image })))
    .returning("id")
    .execute();
  return rows.map((row) => row.id).sort();
}

/** `count` listings whose image is a file an old embedded run kept in DATA_DIR/uploads. */
async function legacyListings(app: TestApp, dataDir: string, userId: string, count: number) {
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", "old.png"), await pngImage(40, 80, "#123456"));
  return insertListings(
    app,
    userId,
    Array.from({ length: count }, () => ({ imageUrl: "/uploads/old.png" })),
  );
}

const missingKey = (folder: string) => `${folder}/${randomBytes(32).toString("hex")}.webp`;

/** 100 listings with keys: 90 healthy, 5 whose card variant is gone (repairable), 5 with nothing left. */
async function keyedListings(app: TestApp, userId: string) {
  const stored = await storeChatbotImage(app.storage, await pngImage(30, 60, "#abcdef"));
  const healthy = { imageUrl: stored.original.url, imageKey: stored.original.key, thumbnailKey: stored.thumbnail.key };
  const noCard = { ...healthy, thumbnailKey: missingKey("thumbnails") };
  const gone = () => {
    const imageKey = missingKey("chatbots");
    return { imageUrl: `/images/${imageKey}`, imageKey, thumbnailKey: missingKey("thumbnails") };
  };
  await insertListings(app, userId, [
    ...Array.from({ length: 90 }, () => healthy),
    ...Array.from({ length: 5 }, () => noCard),
    ...Array.from({ length: 5 }, gone),
  ]);
}

/** A job's row and the legacy rows left, read by a client of its own (the app that ran it is closed). */
async function readJob(databaseUrl: string, id: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT lease_owner, done, counts,
        (SELECT count(*)::int FROM chatbots WHERE image_key IS NULL AND image_url = '/uploads/old.png') AS legacy_left
       FROM maintenance_jobs WHERE id = $1`,
      [id],
    );
    return rows[0] as { lease_owner: string | null; done: number; counts: { migrated?: number }; legacy_left: number };
  } finally {
    await client.end();
  }
}

const legacyLeft = async (app: TestApp) =>
  Number(
    (
      await app.database.db
        .selectFrom("chatbots")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("imageKey", "is", null)
        .where("imageUrl", "=", "/uploads/old.png")
        .executeTakeFirstOrThrow()
    ).n,
  );

test("a repair starts at once, shows its progress, refuses a second start, and ends with the spec's counts", async ({
  app,
}) => {
  const { ownerId, cookie } = await superAdmin(app);
  await keyedListings(app, ownerId);

  const started = await trpc(app, cookie, "admin.startImageJob", { kind: "repair" });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const job: ImageJob = started.body.result.data;
  // Answered before any work was done: the job runs in the background.
  expect(job).toMatchObject({ kind: "repair", status: "running", done: 0, result: { repaired: 0, total: 0 } });

  // Progress is visible while it runs: some batches done, not all.
  await expect
    .poll(async () => {
      const now = await currentJob(app, cookie);
      return now.status === "running" && now.total === 100 && now.done > 0 && now.done < 100;
    }, WAIT)
    .toBe(true);

  // One job at a time, over tRPC and REST alike.
  const again = await trpc(app, cookie, "admin.startImageJob", { kind: "migrate" });
  expect(again.status).toBe(409);
  expect(again.body.error.data.code).toBe("CONFLICT");
  expect(again.body.error.message).toBe("Another image job is already running. Try again when it has finished.");
  const viaRest = await rest(app, cookie, "/api/admin/repair-images");
  expect(viaRest.statusCode).toBe(409);
  expect(viaRest.json()).toMatchObject({
    message: "Another image job is already running. Try again when it has finished.",
  });

  await expect.poll(async () => (await currentJob(app, cookie)).status, WAIT).toBe("succeeded");
  expect(await currentJob(app, cookie)).toMatchObject({
    id: job.id,
    done: 100,
    total: 100,
    result: { repaired: 5, total: 10 },
    error: null,
  });
  // Members and admins cannot see or start the jobs.
  const member = await signUp(app);
  expect((await trpc(app, member.cookie, "admin.imageJob")).status).toBe(403);
});

test("REST keeps the spec's answers when the job ends within the wait, and a job can be read by id", async ({
  app,
}) => {
  const { ownerId, cookie } = await superAdmin(app);
  await legacyListings(app, app.config.dataDir, ownerId, 3);

  const migrated = await rest(app, cookie, "/api/admin/migrate-images");
  expect(migrated.statusCode, migrated.body).toBe(200);
  expect(migrated.json()).toEqual({ migrated: 3 });

  const repaired = await rest(app, cookie, "/api/admin/repair-images");
  expect(repaired.statusCode, repaired.body).toBe(200);
  expect(repaired.json()).toEqual({ repaired: 0, total: 0 });

  const last = await currentJob(app, cookie);
  const byId = await rest(app, cookie, `/api/admin/image-jobs/${last.id}`, "GET");
  expect(byId.statusCode).toBe(200);
  expect(byId.json()).toMatchObject({ id: last.id, kind: "repair", status: "succeeded", result: repaired.json() });
});

test("a failed job says the spec's message, never its internals; a service that went down is a 503", async ({
  app,
}) => {
  const { ownerId, cookie } = await superAdmin(app);
  await keyedListings(app, ownerId);
  const exists = app.storage.exists;
  try {
    app.storage.exists = async () => {
      throw new Error("boom at /srv/app/secret/path.ts:12");
    };
    const failed = await rest(app, cookie, "/api/admin/repair-images");
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ message: "Failed to repair broken images" });
    expect(await currentJob(app, cookie)).toMatchObject({ status: "failed", error: "Failed to repair broken images" });

    app.storage.exists = async () => {
      throw new ObjectStorageUnavailableError("connect ECONNREFUSED");
    };
    const down = await rest(app, cookie, "/api/admin/repair-images");
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      message: "The object storage is temporarily unavailable. Please try again shortly.",
    });
  } finally {
    app.storage.exists = exists;
  }
  // With storage back, a new start works again.
  const again = await rest(app, cookie, "/api/admin/repair-images");
  expect(again.statusCode, again.body).toBe(200);
});

test("a job whose process died is carried on from its checkpoint once the lease has run out", async ({ app }) => {
  const { ownerId, cookie } = await superAdmin(app);
  const ids = await legacyListings(app, app.config.dataDir, ownerId, 6);
  // As a process killed after its third row left it: checkpoint, counts, and a lease nobody renews.
  await app.database.db
    .insertInto("maintenanceJobs")
    .values({
      kind: "migrate",
      checkpoint: JSON.stringify({ phase: "legacy", after: ids[2] }),
      done: 3,
      total: 6,
      counts: JSON.stringify({ migrated: 3 }),
      leaseOwner: "a-killed-process",
      leaseUntil: new Date(Date.now() - 1000),
    })
    .execute();

  await expect.poll(async () => (await currentJob(app, cookie)).status, WAIT).toBe("succeeded");
  expect(await currentJob(app, cookie)).toMatchObject({ done: 6, total: 6, result: { migrated: 6 } });
  const rows = await app.database.db
    .selectFrom("chatbots")
    .select(["id", "imageKey"])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  // Nothing before the checkpoint was done again (the seeded rows stand for work done), everything after was.
  expect(rows.map((row) => row.imageKey !== null)).toEqual([false, false, false, true, true, true]);
});

test("closing the app mid-job hands it to the next instance, which finishes it with nothing done twice", async () => {
  // Two instances of the api, one after the other, on one database and one data folder.
  const env = { ...JOB_ENV, IMAGE_JOB_WAIT_SECONDS: "0" };
  const first = await createTestApp(env);
  let second: Awaited<ReturnType<typeof createTestApp>> | undefined;
  try {
    const { ownerId, cookie } = await superAdmin(first.app);
    await legacyListings(first.app, first.config.dataDir, ownerId, 60);

    // The wait is 0 s: the REST call answers 202 with the running job and where to follow it.
    const started = await rest(first.app, cookie, "/api/admin/migrate-images");
    expect(started.statusCode, started.body).toBe(202);
    const job: ImageJob = started.json();
    expect(job).toMatchObject({ kind: "migrate", status: "running" });
    expect(started.headers.location).toBe(`/api/admin/image-jobs/${job.id}`);

    await expect.poll(async () => (await currentJob(first.app, cookie)).done, WAIT).toBeGreaterThan(0);
    await first.app.close();

    // Stopped mid-way at a checkpoint, its lease handed back, its count matching the rows already moved.
    const paused = await readJob(first.config.databaseUrl!, job.id);
    expect(paused.lease_owner).toBeNull();
    expect(paused.done).toBeGreaterThan(0);
    expect(paused.done).toBeLessThan(60);
    expect(paused.counts.migrated).toBe(60 - paused.legacy_left);

    second = await createTestApp({ ...env, DATABASE_URL: first.config.databaseUrl!, DATA_DIR: first.config.dataDir });
    const { cookie: secondCookie } = await superAdmin(second.app);
    const follow = () => rest(second!.app, secondCookie, started.headers.location as string, "GET");
    await expect.poll(async () => (await follow()).json().status, WAIT).toBe("succeeded");
    // Every item examined once (no batch repeated or skipped), every row moved and counted once.
    expect((await follow()).json()).toMatchObject({ done: 60, total: 60, result: { migrated: 60 } });
    expect(await legacyLeft(second.app)).toBe(0);
  } finally {
    await second?.close();
    await first.close();
  }
});
