import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import nodeModule from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { storeChatbotImage } from "../src/domain/images/variants.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { setRole, signUp } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { jpegImage, pngImage } from "./support/images.js";

/**
 * The super admin's image tools over a seeded set of healthy, broken and legacy listings
 * (what "legacy" means: docs/admin.md).
 */

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start(env: Record<string, string> = {}) {
  const harness = await createTestApp(env);
  cleanups.push(() => harness.close());
  const owner = await signUp(harness.app);
  const superAdmin = await signUp(harness.app);
  await setRole(harness.app, superAdmin.user.id, "super-admin");
  return { ...harness, owner, cookie: superAdmin.cookie };
}

async function run(app: TestApp, cookie: string, tool: "migrate-images" | "repair-images") {
  const response = await app.inject({ method: "POST", url: `/api/admin/${tool}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A listing row written directly, as an older version of the app (or a broken storage) left it. */
async function insertListing(
  app: TestApp,
  userId: string,
  image: { imageUrl: string | null; imageKey?: string | null; thumbnailKey?: string | null },
) {
  const row = await app.database.db
    .insertInto("chatbots")
    .values({ title: "Seeded", userId, imageKey: null, thumbnailKey: null, ...image })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const row = (app: TestApp, id: string) =>
  app.database.db.selectFrom("chatbots").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

function writeUpload(dataDir: string, name: string, data: Buffer) {
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", name), data);
}

describe("Migrate Images to Cloud", () => {
  it("moves legacy local images into object storage, rewrites the listings, and finds nothing the second time", async () => {
    const { app, config, owner, cookie } = await start();
    const healthy = await createListing(app, owner.cookie);
    writeUpload(config.dataDir, "old-1.png", await pngImage(50, 100, "#111111"));
    writeUpload(config.dataDir, "old-2.jpg", await jpegImage(60, 120));
    writeUpload(config.dataDir, "not-an-image.png", Buffer.from("plain text"));
    // An image already in storage whose row was written without its key (served only through its key).
    const keyless = await storeChatbotImage(app.storage, await pngImage(40, 80, "#222222"));

    const relative = await insertListing(app, owner.user.id, { imageUrl: "/uploads/old-1.png" });
    const absolute = await insertListing(app, owner.user.id, { imageUrl: "https://old.example.com/uploads/old-2.jpg" });
    const byUrl = await insertListing(app, owner.user.id, { imageUrl: keyless.original.url });
    const missing = await insertListing(app, owner.user.id, { imageUrl: "/uploads/gone.png" });
    const corrupt = await insertListing(app, owner.user.id, { imageUrl: "/uploads/not-an-image.png" });
    const external = await insertListing(app, owner.user.id, { imageUrl: "https://cdn.example.net/pic.png" });
    const traversal = await insertListing(app, owner.user.id, { imageUrl: "/uploads/..%2F..%2Fetc%2Fpasswd" });

    expect(await run(app, cookie, "migrate-images")).toEqual({ migrated: 3 });

    for (const id of [relative, absolute, byUrl]) {
      const migrated = await row(app, id);
      expect(migrated.imageKey).toMatch(/^chatbots\/[a-f0-9]{64}\.webp$/);
      expect(migrated.thumbnailKey).toMatch(/^thumbnails\/[a-f0-9]{64}\.webp$/);
      expect(migrated.imageUrl).toBe(`/images/${migrated.imageKey}`);
      const served = await app.inject({ method: "GET", url: migrated.imageUrl!, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
    }
    // What cannot be moved is left exactly as it was.
    expect((await row(app, missing)).imageUrl).toBe("/uploads/gone.png");
    expect((await row(app, corrupt)).imageUrl).toBe("/uploads/not-an-image.png");
    expect((await row(app, external)).imageUrl).toBe("https://cdn.example.net/pic.png");
    expect((await row(app, traversal)).imageKey).toBeNull();
    expect(await row(app, healthy.id)).toMatchObject({ imageUrl: new URL(healthy.imageUrl!).pathname });

    const keysAfterFirst = await storedKeys(app);
    expect(await run(app, cookie, "migrate-images")).toEqual({ migrated: 0 });
    expect(await storedKeys(app)).toEqual(keysAfterFirst);
  });

  it("leaves a listing alone once its owner has given it a new image, even with the old file still on disk", async () => {
    const { app, config, owner, cookie } = await start();
    writeUpload(config.dataDir, "race.png", await pngImage(50, 100, "#333333"));
    const id = await insertListing(app, owner.user.id, { imageUrl: "/uploads/race.png" });
    // The owner uploads a new image: the row now has a key, and the old local file must not win.
    const fresh = await storeChatbotImage(app.storage, await pngImage(50, 100, "#444444"));
    await app.database.db
      .updateTable("chatbots")
      .set({ imageUrl: fresh.original.url, imageKey: fresh.original.key, thumbnailKey: fresh.thumbnail.key })
      .where("id", "=", id)
      .execute();
    expect(await run(app, cookie, "migrate-images")).toEqual({ migrated: 0 });
    expect((await row(app, id)).imageKey).toBe(fresh.original.key);
  });

  it("copies images only the embedded storage's folder still holds into the configured S3 server", async () => {
    const s3Dir = mkdtempSync(path.join(tmpdir(), "gallery-cloud-"));
    const S3rver = nodeModule.createRequire(import.meta.url)("@20minutes/s3rver");
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, vhostBuckets: false });
    const { port } = (await server.run()) as AddressInfo;
    cleanups.push(async () => {
      await server.close();
      rmSync(s3Dir, { recursive: true, force: true });
    });
    const { app, config, owner, cookie } = await start({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
    });
    const listing = await createListing(app, owner.cookie, {}, await pngImage(30, 60, "#555555"));
    const seeded = await row(app, listing.id);
    // As if the listing was created by an embedded run: its objects sit on disk, not in the cloud.
    for (const key of [seeded.imageKey!, seeded.thumbnailKey!]) {
      const object = await app.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
      const file = path.join(config.dataDir, "s3", config.s3.bucket, `${key}._S3rver_object`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, Buffer.concat(chunks));
    }
    await app.storage.remove([seeded.imageKey!, seeded.thumbnailKey!]);

    expect(await run(app, cookie, "migrate-images")).toEqual({ migrated: 1 });
    expect(await app.storage.exists(seeded.imageKey!)).toBe(true);
    expect(await app.storage.exists(seeded.thumbnailKey!)).toBe(true);
    expect(await row(app, listing.id)).toMatchObject({ imageKey: seeded.imageKey, thumbnailKey: seeded.thumbnailKey });
    expect(await run(app, cookie, "migrate-images")).toEqual({ migrated: 0 });
  });
});

describe("Repair Broken Images", () => {
  it("restores what a surviving copy allows, clears the rest, and leaves healthy listings alone", async () => {
    const { app, config, owner, cookie } = await start();
    const healthy = await createListing(app, owner.cookie, {}, await pngImage(30, 60, "#ff0000"));
    const noThumbnail = await createListing(app, owner.cookie, {}, await pngImage(30, 60, "#00ff00"));
    const noOriginal = await createListing(app, owner.cookie, {}, await pngImage(30, 60, "#0000ff"));
    const nothing = await createListing(app, owner.cookie, {}, await pngImage(30, 60, "#ffff00"));
    const noThumbnailRow = await row(app, noThumbnail.id);
    const noOriginalRow = await row(app, noOriginal.id);
    const nothingRow = await row(app, nothing.id);
    const healthyRow = await row(app, healthy.id);
    // Distinct images, so removing one listing's objects breaks no other listing.
    expect(new Set([noThumbnailRow, noOriginalRow, nothingRow, healthyRow].map((r) => r.imageKey)).size).toBe(4);
    await app.storage.remove([
      noThumbnailRow.thumbnailKey!,
      noOriginalRow.imageKey!,
      nothingRow.imageKey!,
      nothingRow.thumbnailKey!,
    ]);
    writeUpload(config.dataDir, "kept.png", await pngImage(50, 100, "#050505"));
    const legacyKept = await insertListing(app, owner.user.id, { imageUrl: "/uploads/kept.png" });
    const legacyGone = await insertListing(app, owner.user.id, { imageUrl: "/uploads/gone.png" });
    const external = await insertListing(app, owner.user.id, { imageUrl: "https://cdn.example.net/pic.png" });

    // Broken: no thumbnail, no original, nothing, two legacy paths (never served by this app).
    expect(await run(app, cookie, "repair-images")).toEqual({ repaired: 3, total: 5 });

    const thumbRepaired = await row(app, noThumbnail.id);
    expect(thumbRepaired.imageKey).toBe(noThumbnailRow.imageKey);
    expect(await app.storage.exists(thumbRepaired.thumbnailKey!)).toBe(true);

    const originalRepaired = await row(app, noOriginal.id);
    expect(originalRepaired.imageKey).not.toBe(noOriginalRow.imageKey);
    expect(await app.storage.exists(originalRepaired.imageKey!)).toBe(true);
    expect(await app.storage.exists(originalRepaired.thumbnailKey!)).toBe(true);

    expect(await row(app, nothing.id)).toMatchObject({ imageUrl: null, imageKey: null, thumbnailKey: null });
    expect((await row(app, legacyKept)).imageKey).toMatch(/^chatbots\//);
    expect(await row(app, legacyGone)).toMatchObject({ imageUrl: null, imageKey: null });
    expect((await row(app, external)).imageUrl).toBe("https://cdn.example.net/pic.png");
    expect(await row(app, healthy.id)).toMatchObject({
      imageKey: healthyRow.imageKey,
      thumbnailKey: healthyRow.thumbnailKey,
    });

    // Cleared listings show the placeholder: the api returns no image for them.
    const listed = await app.inject({ method: "GET", url: "/api/admin/chatbots", headers: { cookie } });
    expect(listed.json().find((c: { id: string }) => c.id === nothing.id)).toMatchObject({
      imageUrl: null,
      thumbnailUrl: null,
    });

    expect(await run(app, cookie, "repair-images")).toEqual({ repaired: 0, total: 0 });
  });

  it("answers 503 naming object storage when it cannot be reached, and changes nothing", async () => {
    const s3Dir = mkdtempSync(path.join(tmpdir(), "gallery-cloud-"));
    const S3rver = nodeModule.createRequire(import.meta.url)("@20minutes/s3rver");
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, vhostBuckets: false });
    const { port } = (await server.run()) as AddressInfo;
    cleanups.push(() => rmSync(s3Dir, { recursive: true, force: true }));
    const { app, owner, cookie } = await start({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
    });
    const listing = await createListing(app, owner.cookie);
    await server.close();
    for (const tool of ["migrate-images", "repair-images"]) {
      const response = await app.inject({ method: "POST", url: `/api/admin/${tool}`, headers: { cookie } });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe("The object storage is temporarily unavailable. Please try again shortly.");
    }
    expect((await row(app, listing.id)).imageUrl).toBe(new URL(listing.imageUrl!).pathname);
  });
});
