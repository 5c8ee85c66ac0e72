import { sql } from "@gallery/db";
import { type AccountStats, type ListingStats, perPlatform, UNKNOWN_PLATFORM_TEXTS } from "@gallery/schema";
import { describe } from "vitest";
import { buildApp } from "../src/app.js";
import { refreshScores } from "../src/domain/stats/scores.js";
import { DATABASE_SERVER_URL, type TestApp } from "./support/app.js";
import { setRole, signUp } from "./support/auth.js";
import { expect, test } from "./support/fixtures.js";
import { dailyCounts, recordView } from "./support/stats.js";

/**
 * Click-outs (GET /go/{id}/{platform}) and listing page views (chatbots.recordView): counted once per
 * visitor, listing, kind and day, bots never, no address stored, batches written on a graceful stop,
 * several replicas counting each visitor once.
 */

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function insertListing(
  app: TestApp,
  userId: string,
  values: { nsfw?: boolean; roleplayaUrl?: string | null } = {},
) {
  const row = await app.database.db
    .insertInto("chatbots")
    .values({
      title: "Counted Bot",
      userId,
      polybuzzUrl: "https://polybuzz.ai/c/counted",
      roleplayaUrl: values.roleplayaUrl === undefined ? "https://roleplaya.com/c/counted" : values.roleplayaUrl,
      nsfw: values.nsfw ?? false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new member's listing (insertListing): its owner and its id. */
async function ownersListing(app: TestApp, values: Parameters<typeof insertListing>[2] = {}) {
  const owner = await signUp(app);
  return { owner, id: await insertListing(app, owner.user.id, values) };
}

const click = (app: TestApp, id: string, platform: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "GET",
    url: `/go/${id}/${platform}`,
    headers: { "user-agent": BROWSER, ...headers },
    remoteAddress: headers["x-test-ip"] ?? "203.0.113.7",
  });

describe("GET /go/{id}/{platform}", () => {
  test("redirects to the platform URL at once and counts one click per visitor, listing, platform and day", async ({
    app,
  }) => {
    const { id } = await ownersListing(app);
    const first = await click(app, id, "polybuzz");
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("https://polybuzz.ai/c/counted");
    expect(first.headers["cache-control"]).toBe("no-store");
    // Nothing is written by the request itself: it waits for the batch.
    await click(app, id, "polybuzz");
    await click(app, id, "polybuzz", { "x-test-ip": "198.51.100.1" });
    await click(app, id, "roleplaya");
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({ polybuzz: 2, roleplaya: 1 });
    // The same visitor again, in a later batch: still once.
    await click(app, id, "polybuzz");
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({ polybuzz: 2, roleplaya: 1 });
  });

  test("does not count bots or requests without a user agent", async ({ app }) => {
    const { id } = await ownersListing(app);
    expect((await click(app, id, "polybuzz", { "user-agent": GOOGLEBOT })).statusCode).toBe(302);
    const bare = await app.inject({ method: "GET", url: `/go/${id}/polybuzz` });
    expect(bare.statusCode).toBe(302);
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({});
  });

  test("stores no address or user agent, only a 16-byte daily hash, and salts of past days go", async ({ app }) => {
    const { id } = await ownersListing(app);
    await click(app, id, "polybuzz", { "x-test-ip": "192.0.2.55" });
    await app.listingStats.flush();
    const dump = await sql<{ text: string }>`
      SELECT string_agg(t::text, ' ') AS text FROM (
        SELECT v::text AS t FROM listing_stats_visitors v UNION ALL SELECT d::text FROM listing_stats_daily d
      ) rows`.execute(app.database.db);
    expect(dump.rows[0]?.text).not.toContain("192.0.2.55");
    expect(dump.rows[0]?.text).not.toContain("Chrome");
    const marks = await app.database.db.selectFrom("listingStatsVisitors").select("visitor").execute();
    expect(marks.every((mark) => mark.visitor.length === 16)).toBe(true);
    await app.database.db
      .insertInto("listingStatsSalts")
      .values({ day: "2020-01-01", salt: Buffer.alloc(32) })
      .execute();
    await refreshScores(app.database.db);
    const days = await app.database.db
      .selectFrom("listingStatsSalts")
      .select(sql<string>`day::text`.as("day"))
      .execute();
    expect(days.map((row) => row.day)).not.toContain("2020-01-01");
  });

  test("NSFW listings: a visitor gets 401 (nothing counted), a member is sent on; unknown and missing platforms 404; a bad id 400", async ({
    app,
  }) => {
    const { owner, id: nsfw } = await ownersListing(app, { nsfw: true, roleplayaUrl: null });
    const visitor = await click(app, nsfw, "polybuzz");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ message: "Unauthorized" });
    const member = await click(app, nsfw, "polybuzz", { cookie: owner.cookie });
    expect(member.statusCode).toBe(302);
    const missing = await click(app, nsfw, "roleplaya", { cookie: owner.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Chatbot not found" });
    expect((await click(app, "00000000-0000-4000-8000-000000000000", "polybuzz")).statusCode).toBe(404);
    const bad = await click(app, "not-an-id", "polybuzz");
    expect(bad.statusCode).toBe(400);
    // A platform the registry does not have is a wrong address (issue 40 §5), not a bad request.
    const unknown = await click(app, nsfw, "myspace");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: UNKNOWN_PLATFORM_TEXTS.refusal });
    await app.listingStats.flush();
    expect(await dailyCounts(app, nsfw)).toEqual({ polybuzz: 1 });
  });

  test("a platform link to another host (a row from before links were checked) is a dead link: 404, not counted", async ({
    app,
  }) => {
    const { id } = await ownersListing(app, { roleplayaUrl: "https://evil.example/c/counted" });
    const dead = await click(app, id, "roleplaya");
    expect(dead.statusCode).toBe(404);
    expect(dead.headers.location).toBeUndefined();
    expect(dead.json()).toMatchObject({ message: "Chatbot not found" });
    expect((await click(app, id, "polybuzz")).statusCode).toBe(302);
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({ polybuzz: 1 });
  });

  // Replicas share a PostgreSQL server; the embedded database belongs to one process.
  test.skipIf(!DATABASE_SERVER_URL)(
    "writes waiting clicks on a graceful stop, and a second replica does not count a visitor again",
    async ({ app, harness }) => {
      const { id } = await ownersListing(app);
      const second = await buildApp(harness.config);
      await second.ready();
      try {
        await click(app, id, "polybuzz", { "x-test-ip": "198.51.100.20" });
        // The same visitors through the other replica, and one more.
        const sent = await Promise.all([
          click(second as TestApp, id, "polybuzz", { "x-test-ip": "198.51.100.20" }),
          click(second as TestApp, id, "polybuzz", { "x-test-ip": "198.51.100.21" }),
        ]);
        expect(sent.map((response) => response.statusCode)).toEqual([302, 302]);
        await app.listingStats.flush();
      } finally {
        // Nothing flushed by hand: close() must write what waits.
        await second.close();
      }
      expect(await dailyCounts(app, id)).toEqual({ polybuzz: 2 });
    },
  );

  test("writing counts keeps the shared copies of public pages (they show no counts)", async ({ app }) => {
    const { id } = await ownersListing(app);
    const age = async () => (await app.inject({ method: "GET", url: "/api/chatbots?sort=popular" })).headers.age;
    // The listing's own change notification arrives a moment later and drops the first copies.
    await expect.poll(age, { timeout: 10_000 }).toBeDefined();
    await click(app, id, "polybuzz", { "x-test-ip": "198.51.100.77" });
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({ polybuzz: 1 });
    expect(await age()).toBeDefined();
    // A score refresh that changes a score is a change to listings: the copies go.
    await refreshScores(app.database.db);
    expect(await age()).toBeUndefined();
  });
});

describe("views and performance", () => {
  test("chatbots.recordView counts once per visitor and day, with the listing page's NSFW rule", async ({ app }) => {
    const { owner, id: sfw } = await ownersListing(app);
    const member = await signUp(app);
    const nsfw = await insertListing(app, owner.user.id, { nsfw: true });
    const view = (id: string, cookie?: string) => recordView(app, id, { agent: BROWSER, cookie });
    const first = await view(sfw);
    expect(first.statusCode).toBe(200);
    expect(first.json().result.data).toEqual({ success: true });
    expect((await view(sfw)).statusCode).toBe(200);
    expect((await view(nsfw)).statusCode).toBe(401);
    expect((await view(nsfw, member.cookie)).statusCode).toBe(200);
    await app.listingStats.flush();
    expect(await dailyCounts(app, sfw)).toEqual({ view: 1 });
    expect(await dailyCounts(app, nsfw)).toEqual({ view: 1 });
  });

  test("the owner's own visits to their listing page are not views; a visitor's and another member's are", async ({
    app,
  }) => {
    const { owner, id } = await ownersListing(app);
    const member = await signUp(app);
    const view = (ip: string, cookie?: string) => recordView(app, id, { agent: BROWSER, address: ip, cookie });
    // The owner's page answers as for anyone, but counts nothing.
    expect((await view("198.51.100.41", owner.cookie)).statusCode).toBe(200);
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({});
    expect((await view("198.51.100.42")).statusCode).toBe(200);
    expect((await view("198.51.100.43", member.cookie)).statusCode).toBe(200);
    await app.listingStats.flush();
    expect(await dailyCounts(app, id)).toEqual({ view: 2 });
    const stats = await app.inject({ method: "GET", url: "/api/user/stats", headers: { cookie: owner.cookie } });
    expect((stats.json() as AccountStats).totals.views).toBe(2);
  });

  test("the dashboard's numbers: per listing and for the account, every one of 30 days, owners and moderators only", async ({
    app,
  }) => {
    const { owner, id } = await ownersListing(app);
    const stranger = await signUp(app);
    const quiet = await insertListing(app, owner.user.id);
    for (const ip of ["198.51.100.31", "198.51.100.32", "198.51.100.33"])
      await click(app, id, "polybuzz", { "x-test-ip": ip });
    await click(app, id, "roleplaya");
    await app.listingStats.flush();

    const mine = await app.inject({ method: "GET", url: "/api/user/stats", headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    const stats = mine.json() as AccountStats;
    // Every other platform (none today) counted nothing.
    const totals = { ...perPlatform(() => 0), views: 0, polybuzz: 3, roleplaya: 1 };
    // The account's totals also count its followers gained (none here: dashboard-loop.test.ts).
    expect(stats.totals).toEqual({ ...totals, followers: 0 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), polybuzz: 3, roleplaya: 1 });
    expect(stats.listings.map((listing) => [listing.chatbotId, listing.totals.polybuzz]).sort()).toEqual(
      [
        [id, 3],
        [quiet, 0],
      ].sort(),
    );
    const trpc = await app.inject({ method: "GET", url: "/trpc/chatbots.myStats", headers: { cookie: owner.cookie } });
    expect(trpc.json().result.data).toEqual(stats);

    const url = `/api/chatbots/${id}/stats`;
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    await setRole(app, stranger.user.id, "admin");
    const asAdmin = await app.inject({ method: "GET", url, headers: { cookie: stranger.cookie } });
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json() as ListingStats).totals).toEqual(totals);
  });
});
