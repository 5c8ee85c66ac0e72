// NSFW bytes never reach a visitor through any cache: a listing's images follow it to the key namespace of its
// rating (public keys for SFW, `nsfw-` keys that were never public for NSFW), and the bytes are followed
// through a shared HTTP cache (http-cache-semantics as a CDN or proxy would use it) in front of the app.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Chatbot } from "@gallery/schema";
import CachePolicy from "http-cache-semantics";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp, signUpAs } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";

type Headers = Record<string, string>;
type Served = { status: number; headers: CachePolicy.Headers; body: Buffer; from: "cache" | "revalidated" | "origin" };

/**
 * A shared cache in front of the app: stores the responses the policy says are storable, serves what it
 * says is fresh, revalidates the rest with the origin (a 304 keeps the stored bytes).
 */
class SharedCache {
  private readonly entries = new Map<string, { policy: CachePolicy; body: Buffer }>();
  constructor(private readonly app: TestApp) {}

  has(url: string) {
    return this.entries.has(url);
  }

  async get(url: string, headers: Headers = {}): Promise<Served> {
    const request = { url, method: "GET", headers };
    const entry = this.entries.get(url);
    if (entry?.policy.satisfiesWithoutRevalidation(request)) {
      return { status: 200, headers: entry.policy.responseHeaders(), body: entry.body, from: "cache" };
    }
    const sent = entry ? (entry.policy.revalidationHeaders(request) as Headers) : headers;
    const response = await this.app.inject({ method: "GET", url, headers: sent });
    const origin = { status: response.statusCode, headers: response.headers as CachePolicy.Headers };
    if (entry) {
      const { policy, modified } = entry.policy.revalidatedPolicy(request, origin);
      if (!modified) {
        this.entries.set(url, { policy, body: entry.body });
        return { status: 200, headers: policy.responseHeaders(), body: entry.body, from: "revalidated" };
      }
    }
    const policy = new CachePolicy(request, origin, { shared: true });
    if (policy.storable()) this.entries.set(url, { policy, body: response.rawPayload });
    else this.entries.delete(url);
    return { status: response.statusCode, headers: origin.headers, body: response.rawPayload, from: "origin" };
  }
}

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let dataDir: string;
let colour = 0;

test.beforeAll(async ({ app: fileApp, harness }) => {
  app = fileApp;
  dataDir = harness.config.dataDir;
  owner = await signUp(app);
  member = await signUp(app);
});

/** An image no other listing in this file has (content-addressed keys are shared by equal bytes). */
const uniqueImage = () => pngImage(48, 96, `#${(0x100000 + colour++ * 7919).toString(16).slice(-6)}`);

const urls = (listing: Pick<Chatbot, "imageUrl" | "thumbnailUrl">) => [listing.imageUrl!, listing.thumbnailUrl!];
const keyOf = (url: string) => url.replace(/^(http:\/\/localhost:80)?\/images\//, "");
const NSFW_URL = /^(http:\/\/localhost:80)?\/images\/(chatbots|thumbnails)\/nsfw-[a-f0-9]{64}\.webp$/;
const PUBLIC_URL = /^(http:\/\/localhost:80)?\/images\/(chatbots|thumbnails)\/[a-f0-9]{64}\.webp$/;

async function form(method: "PUT" | "POST", url: string, cookie: string, fields: Headers, image?: Buffer) {
  const body = multipart(fields, image && { name: "image", filename: "bot.png", type: "image/png", data: image });
  return app.inject({ method, url, headers: { ...body.headers, cookie }, payload: body.payload });
}

async function restUpdate(id: string, fields: Headers, cookie = owner.cookie) {
  const response = await form("PUT", `/api/chatbots/${id}`, cookie, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Chatbot;
}

async function trpcUpdate(procedure: "chatbots.update" | "admin.updateChatbot", cookie: string, fields: Headers) {
  const response = await form("POST", `/trpc/${procedure}`, cookie, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as Chatbot;
}

const fetchImage = (url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** Every stored object is used by a row and every key a row uses is stored: nothing orphaned, nothing lost. */
async function expectStorageMatchesRows() {
  const [listings, users] = await Promise.all([
    app.database.db.selectFrom("chatbots").select(["imageKey", "thumbnailKey"]).execute(),
    app.database.db.selectFrom("users").select("avatarKey").execute(),
  ]);
  const referenced = [...listings.flatMap((row) => [row.imageKey, row.thumbnailKey]), ...users.map((u) => u.avatarKey)];
  expect(await storedKeys(app)).toEqual([...new Set(referenced.filter(Boolean))].sort());
}

describe("an image through a shared cache when its listing's rating changes", () => {
  test("after the owner marks it NSFW a visitor never gets the bytes again, by the old URL or the new one", async () => {
    const cache = new SharedCache(app);
    const listing = await createListing(app, owner.cookie, { title: "Harbour Guide" }, await uniqueImage());
    const before: Buffer[] = [];
    for (const url of urls(listing)) {
      expect(url).toMatch(PUBLIC_URL);
      const first = await cache.get(url);
      expect(first).toMatchObject({ status: 200, from: "origin" });
      expect(first.headers["cache-control"]).toBe("public, max-age=31536000, s-maxage=0, proxy-revalidate, immutable");
      expect(cache.has(url)).toBe(true);
      // Stored, and served from the cache after a cheap revalidation (304, no bytes from the app).
      const again = await cache.get(url);
      expect(again.from).toBe("revalidated");
      expect(again.body.equals(first.body)).toBe(true);
      before.push(first.body);
    }

    const flipped = await restUpdate(listing.id, { nsfw: "true" });
    expect(flipped.nsfw).toBe(true);
    for (const url of urls(flipped)) expect(url).toMatch(NSFW_URL);

    for (const url of [...urls(listing), ...urls(flipped)]) {
      for (let i = 0; i < 2; i++) {
        const served = await cache.get(url);
        expect([401, 404]).toContain(served.status);
        expect(before.some((bytes) => served.body.equals(bytes))).toBe(false);
      }
    }
    // The old keys are gone: no revalidation, from any cache, can bring the bytes back.
    for (const url of urls(listing)) expect((await fetchImage(url, member.cookie)).statusCode).toBe(404);

    // Members get the same bytes under the new keys, privately: the cache keeps nothing of them.
    for (const [i, url] of urls(flipped).entries()) {
      const served = await cache.get(url, { cookie: member.cookie });
      expect(served.status).toBe(200);
      expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      expect(served.body.equals(before[i]!)).toBe(true);
      expect(cache.has(url)).toBe(false);
      expect((await cache.get(url)).status).toBe(401);
    }
    await expectStorageMatchesRows();
  });

  test("marked SFW again (tRPC), the images return to public keys and the NSFW keys are released", async () => {
    const cache = new SharedCache(app);
    const listing = await createListing(app, owner.cookie, { title: "Night Court", nsfw: "true" }, await uniqueImage());
    for (const url of urls(listing)) {
      expect(url).toMatch(NSFW_URL);
      expect((await cache.get(url)).status).toBe(401);
    }

    const safe = await trpcUpdate("chatbots.update", owner.cookie, { id: listing.id, nsfw: "false" });
    expect(safe.nsfw).toBe(false);
    for (const url of urls(safe)) {
      expect(url).toMatch(PUBLIC_URL);
      const served = await cache.get(url);
      expect(served.status).toBe(200);
      expect(served.headers["cache-control"]).toMatch(/^public,/);
    }
    for (const url of urls(listing)) expect((await fetchImage(url, member.cookie)).statusCode).toBe(404);

    const again = await trpcUpdate("chatbots.update", owner.cookie, { id: listing.id, nsfw: "true" });
    for (const url of urls(again)) expect(url).toMatch(NSFW_URL);
    for (const url of urls(safe)) expect((await cache.get(url)).status).toBe(404);
    await expectStorageMatchesRows();
  });
});

describe("NSFW listings' images are never under a public key", () => {
  test("a listing created as NSFW stores its images straight under NSFW keys", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Velvet Hour", nsfw: "true" }, await uniqueImage());
    for (const url of urls(listing)) {
      expect(url).toMatch(NSFW_URL);
      expect((await fetchImage(url)).statusCode).toBe(401);
      const served = await fetchImage(url, member.cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    }
    expect((await storedKeys(app)).filter((key) => urls(listing).map(keyOf).includes(key))).toHaveLength(2);
    expect(await storedKeys(app)).not.toContain(keyOf(listing.imageUrl!).replace("nsfw-", ""));
  });

  test("a new image sent with the NSFW flag is stored under NSFW keys and the old public image released", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Tide Keeper" }, await uniqueImage());
    const response = await form(
      "PUT",
      `/api/chatbots/${listing.id}`,
      owner.cookie,
      { nsfw: "true" },
      await uniqueImage(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as Chatbot;
    for (const url of urls(updated)) expect(url).toMatch(NSFW_URL);
    for (const url of urls(listing)) expect((await fetchImage(url, member.cookie)).statusCode).toBe(404);
    await expectStorageMatchesRows();
  });

  test("an admin's edit moves the images both ways, through REST and tRPC", async () => {
    const admin = await signUpAs(app, "admin");
    const listing = await createListing(app, owner.cookie, { title: "Lantern Maker" }, await uniqueImage());

    const response = await form("PUT", `/api/admin/chatbots/${listing.id}`, admin.cookie, { nsfw: "true" });
    expect(response.statusCode, response.body).toBe(200);
    const hidden = response.json() as Chatbot;
    for (const url of urls(hidden)) {
      expect(url).toMatch(NSFW_URL);
      expect((await fetchImage(url)).statusCode).toBe(401);
    }
    const shown = await trpcUpdate("admin.updateChatbot", admin.cookie, { id: listing.id, nsfw: "false" });
    for (const url of urls(shown)) {
      expect(url).toMatch(PUBLIC_URL);
      expect((await fetchImage(url)).statusCode).toBe(200);
    }
    await expectStorageMatchesRows();
  });

  test("content shared with another SFW listing stays public for it; the flipped listing gets its own NSFW keys", async () => {
    const image = await uniqueImage();
    const first = await createListing(app, owner.cookie, { title: "Twin A" }, image);
    const second = await createListing(app, member.cookie, { title: "Twin B" }, image);
    expect(second.imageUrl).toBe(first.imageUrl);

    const flipped = await restUpdate(first.id, { nsfw: "true" });
    for (const url of urls(flipped)) expect((await fetchImage(url)).statusCode).toBe(401);
    for (const url of urls(second)) expect((await fetchImage(url)).statusCode).toBe(200);

    await restUpdate(second.id, { nsfw: "true" }, member.cookie);
    for (const url of urls(second)) expect((await fetchImage(url, member.cookie)).statusCode).toBe(404);
    await expectStorageMatchesRows();
  });
});

describe("the super admin's image tools put images under the keys of their listing's rating", () => {
  const run = async (tool: "repair-images" | "migrate-images") => {
    const superAdmin = await signUpAs(app, "super-admin");
    const response = await app.inject({
      method: "POST",
      url: `/api/admin/${tool}`,
      headers: { cookie: superAdmin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const repair = () => run("repair-images");

  test("Repair moves rows from before NSFW keys, both ways, and a second run finds nothing", async () => {
    // Rows as the app left them before NSFW keys existed: the rating changed, the keys did not.
    const nowNsfw = await createListing(app, owner.cookie, { title: "Old Secret" }, await uniqueImage());
    const nowSafe = await createListing(app, owner.cookie, { title: "Old Open", nsfw: "true" }, await uniqueImage());
    await app.database.db.updateTable("chatbots").set({ nsfw: true }).where("id", "=", nowNsfw.id).execute();
    await app.database.db.updateTable("chatbots").set({ nsfw: false }).where("id", "=", nowSafe.id).execute();
    // Meanwhile the policy still hides a public key that only NSFW listings use.
    for (const url of urls(nowNsfw)) expect((await fetchImage(url)).statusCode).toBe(401);

    expect(await repair()).toEqual({ repaired: 2, total: 2 });
    const rows = await app.database.db
      .selectFrom("chatbots")
      .select(["id", "imageUrl", "imageKey", "thumbnailKey"])
      .where("id", "in", [nowNsfw.id, nowSafe.id])
      .execute();
    const moved = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(moved[nowNsfw.id]!.imageUrl).toMatch(NSFW_URL);
    expect(`/images/${moved[nowNsfw.id]!.thumbnailKey}`).toMatch(NSFW_URL);
    expect(moved[nowSafe.id]!.imageUrl).toMatch(PUBLIC_URL);
    expect((await fetchImage(moved[nowNsfw.id]!.imageUrl!)).statusCode).toBe(401);
    expect((await fetchImage(moved[nowSafe.id]!.imageUrl!)).statusCode).toBe(200);
    for (const url of [...urls(nowNsfw), ...urls(nowSafe)]) {
      expect((await fetchImage(url, member.cookie)).statusCode).toBe(404);
    }
    await expectStorageMatchesRows();
    expect(await repair()).toEqual({ repaired: 0, total: 0 });
  });

  test("Migrate stores a legacy NSFW listing's file under NSFW keys", async () => {
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "old-secret.png"), await uniqueImage());
    const legacy = await app.database.db
      .insertInto("chatbots")
      .values({ title: "Legacy Secret", userId: owner.user.id, nsfw: true, imageUrl: "/uploads/old-secret.png" })
      .returning("id")
      .executeTakeFirstOrThrow();

    expect(await run("migrate-images")).toEqual({ migrated: 1 });
    const row = await app.database.db
      .selectFrom("chatbots")
      .select(["imageUrl", "thumbnailKey"])
      .where("id", "=", legacy.id)
      .executeTakeFirstOrThrow();
    for (const url of [row.imageUrl!, `/images/${row.thumbnailKey}`]) {
      expect(url).toMatch(NSFW_URL);
      expect((await fetchImage(url)).statusCode).toBe(401);
      expect((await fetchImage(url, member.cookie)).statusCode).toBe(200);
    }
    await expectStorageMatchesRows();
  });
});

describe("a rating change racing a delete", () => {
  test("of the same listing: 2xx or 404, never 5xx, and nothing left behind", async () => {
    for (let round = 0; round < 6; round++) {
      const listing = await createListing(app, owner.cookie, { title: `Race ${round}` }, await uniqueImage());
      const [flip, removal] = await Promise.all([
        form("PUT", `/api/chatbots/${listing.id}`, owner.cookie, { nsfw: "true" }),
        app.inject({ method: "DELETE", url: `/api/chatbots/${listing.id}`, headers: { cookie: owner.cookie } }),
      ]);
      expect([200, 404], flip.body).toContain(flip.statusCode);
      expect(removal.statusCode, removal.body).toBe(200);
      await expectStorageMatchesRows();
    }
  });

  test("of a listing sharing its image: the flipped listing keeps its image under NSFW keys", async () => {
    for (let round = 0; round < 6; round++) {
      const image = await uniqueImage();
      const kept = await createListing(app, owner.cookie, { title: `Keeper ${round}` }, image);
      const gone = await createListing(app, member.cookie, { title: `Leaver ${round}` }, image);
      const [flip, removal] = await Promise.all([
        form("PUT", `/api/chatbots/${kept.id}`, owner.cookie, { nsfw: "true" }),
        app.inject({ method: "DELETE", url: `/api/chatbots/${gone.id}`, headers: { cookie: member.cookie } }),
      ]);
      expect(flip.statusCode, flip.body).toBe(200);
      expect(removal.statusCode, removal.body).toBe(200);
      for (const url of urls(flip.json() as Chatbot)) {
        expect(url).toMatch(NSFW_URL);
        expect((await fetchImage(url, member.cookie)).statusCode).toBe(200);
      }
      await expectStorageMatchesRows();
    }
  });
});
