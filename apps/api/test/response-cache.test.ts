import { changeOf, sql, type UserUpdate } from "@gallery/db";
import type { Chatbot } from "@gallery/schema";
import type { RootOperationNode } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { askUntilCopy } from "./support/requests.js";

let harness: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let creator: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ harness: fileHarness }) => {
  harness = fileHarness;
  app = harness.app;
  creator = await signUp(app);
  member = await signUp(app);
  await createListing(app, creator.cookie, { title: "Public Bot" });
  await createListing(app, creator.cookie, { title: "Spicy Bot", nsfw: "true" });
});

const get = (url: string, cookie?: string, on: TestApp = app) =>
  on.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const titles = (response: { json(): unknown }) => (response.json() as Chatbot[]).map((bot) => bot.title);

/**
 * Asks until the answer comes from a copy: the database's notification of an earlier write of this
 * very process arrives a moment after it and drops the copies once more.
 */
const fromCopy = (url: string, cookie?: string, on: TestApp = app) => askUntilCopy(() => get(url, cookie, on));

describe("shared copies of public gallery reads", () => {
  it("answers a repeated visitor page from a copy (Age header) with the same body and headers", async () => {
    const first = await get("/api/chatbots?limit=2");
    expect(first.headers.age).toBeUndefined();
    const second = await fromCopy("/api/chatbots?limit=2");
    expect(second.headers.age).toBe("0");
    expect(second.body).toBe(first.body);
    expect(second.headers.link).toBe(first.headers.link);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["set-cookie"]).toBeUndefined();
  });

  it("shows a listing created through the api in the very next page", async () => {
    await fromCopy("/api/chatbots");
    await createListing(app, creator.cookie, { title: "Brand New Bot" });
    const after = await get("/api/chatbots");
    expect(after.headers.age).toBeUndefined();
    expect(titles(after)[0]).toBe("Brand New Bot");
  });

  it("never hands a member's page to a visitor, or a visitor's to a member", async () => {
    const url = "/api/chatbots?nsfw=true";
    const asMember = await get(url, member.cookie);
    expect(titles(asMember)).toContain("Spicy Bot");
    expect((asMember.json() as Chatbot[])[0]?.user?.email).toBeTruthy();
    await fromCopy(url, member.cookie);

    const asVisitor = await get(url);
    expect(titles(asVisitor)).not.toContain("Spicy Bot");
    expect((asVisitor.json() as Chatbot[]).every((bot) => bot.user?.email === null)).toBe(true);
    const visitorAgain = await fromCopy(url);
    expect(titles(visitorAgain)).not.toContain("Spicy Bot");
    expect(titles(await get(url, member.cookie))).toContain("Spicy Bot");
  });

  it("serves a signed-out cookie the visitor's page at once", async () => {
    const leaving = await signUp(app);
    const url = "/api/chatbots?nsfw=true&limit=5";
    await fromCopy(url, leaving.cookie);
    const logout = await app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: leaving.cookie } });
    expect(logout.statusCode).toBeLessThan(300);
    expect(titles(await get(url, leaving.cookie))).not.toContain("Spicy Bot");
  });

  it("keeps no copy of an answer that depends on who asks", async () => {
    // A moderator sees an unapproved creator's profile; other members must keep getting 404.
    const moderator = await signUpAs(app, "admin");
    const pending = await signUp(app);
    await createListing(app, pending.cookie, { title: "Pending Bot" });
    await app.database.db.updateTable("users").set({ isApproved: false }).where("id", "=", pending.user.id).execute();
    const url = `/api/users/${pending.user.id}/chatbots`;
    for (let i = 0; i < 2; i++) {
      const seen = await get(url, moderator.cookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers.age).toBeUndefined();
    }
    expect((await get(url, member.cookie)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(404);

    // A member's own listings are theirs alone.
    for (let i = 0; i < 2; i++) expect((await get("/api/user/chatbots", creator.cookie)).headers.age).toBeUndefined();
  });

  it("shares tRPC batches of shared reads, and not batches with a private read", async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { limit: 3 }, 1: {} }));
    const shared = `/trpc/chatbots.list,chatbots.count?batch=1&input=${input}`;
    const first = await get(shared);
    expect(first.statusCode).toBe(200);
    const second = await fromCopy(shared);
    expect(second.body).toBe(first.body);

    // Another format asked for (streamed JSON lines) is neither served a copy nor kept as one.
    const streamed = await app.inject({ method: "GET", url: shared, headers: { "trpc-accept": "application/jsonl" } });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers.age).toBeUndefined();
    expect((await get(shared)).body).toBe(first.body);

    const mixed = `/trpc/chatbots.list,auth.user?batch=1&input=${input}`;
    await get(mixed, member.cookie);
    expect((await get(mixed, member.cookie)).headers.age).toBeUndefined();
  });

  it("drops the copies when another process changes the database", async () => {
    await fromCopy("/api/chatbots");
    const other = new pg.Client({ connectionString: harness.config.databaseUrl });
    await other.connect();
    try {
      await other.query("UPDATE chatbots SET title = 'Renamed Elsewhere' WHERE title = 'Public Bot'");
    } finally {
      await other.end();
    }
    await expect.poll(async () => titles(await get("/api/chatbots"))).toContain("Renamed Elsewhere");
  });

  it("serves no copy while the database's notifications are lost, and again once they are back", async () => {
    await fromCopy("/api/chatbots?limit=3");
    const admin = new pg.Client({ connectionString: harness.config.databaseUrl });
    await admin.connect();
    try {
      // The api's LISTEN connection goes away (a network cut, a restart of the database).
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await expect.poll(() => app.databaseChanges.live).toBe(false);
    for (let i = 0; i < 2; i++) expect((await get("/api/chatbots?limit=3")).headers.age).toBeUndefined();
    await expect.poll(() => app.databaseChanges.live, { timeout: 10_000 }).toBe(true);
    await fromCopy("/api/chatbots?limit=3");
  });

  it("ends a session signed out on another api instance for every instance", async () => {
    // Two replicas of one deployment: one database, one session secret.
    const env = { SESSION_SECRET: "a-session-secret-shared-by-both-replicas" };
    const one = await createTestApp(env);
    const two = await createTestApp({ ...env, DATABASE_URL: one.config.databaseUrl! });
    try {
      const writer = await signUp(one.app);
      await createListing(one.app, writer.cookie, { title: "Spicy Bot", nsfw: "true" });
      const traveller = await signUp(one.app);
      const url = "/api/chatbots?nsfw=true";
      await fromCopy(url, traveller.cookie, one.app);
      const logout = await two.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: traveller.cookie },
      });
      expect(logout.statusCode).toBeLessThan(300);
      await expect.poll(async () => titles(await get(url, traveller.cookie, one.app))).not.toContain("Spicy Bot");
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe("RESPONSE_CACHE_SECONDS=0", () => {
  it("answers every request from the database", async () => {
    const uncached = await createTestApp({ RESPONSE_CACHE_SECONDS: "0" });
    try {
      for (let i = 0; i < 3; i++)
        expect((await get("/api/chatbots", undefined, uncached.app)).headers.age).toBeUndefined();
    } finally {
      await uncached.close();
    }
  });
});

describe("database changes", () => {
  it("are told at once for this process's writes, as what they change: shapes, viewers or nothing", async () => {
    const db = app.database.db;
    // What the api's database handle tells of each query (the same plugins, the same nodes).
    const kind = (query: { toOperationNode(): RootOperationNode }) => changeOf(query.toOperationNode());
    const ofMember = (set: UserUpdate) => db.updateTable("users").set(set).where("id", "=", member.user.id);
    const session = { sid: "observer-test", sess: "{}", expire: new Date(Date.now() + 60_000) };
    expect(kind(db.selectFrom("chatbots").selectAll())).toBeUndefined();
    expect(kind(sql`SELECT count(*) FROM users`)).toBeUndefined();
    expect(kind(db.insertInto("session").values(session))).toBeUndefined();
    expect(kind(db.updateTable("session").set({ sess: '{"a":1}' }))).toBeUndefined();
    expect(kind(db.deleteFrom("session").where("sid", "=", session.sid))).toBe("viewers");
    expect(kind(ofMember({ updatedAt: new Date() }))).toBeUndefined();
    expect(kind(ofMember({ blockedTags: ["x"], updatedAt: new Date() }))).toBe("viewers");
    expect(kind(ofMember({ nsfwDisplay: "blur" }))).toBe("viewers");
    expect(kind(ofMember({ about: "x", updatedAt: new Date() }))).toBe("shapes");
    expect(kind(db.insertInto("users").values({ email: "new@example.com" }))).toBe("shapes");
    expect(kind(sql`UPDATE chatbots SET title = title WHERE false`)).toBe("shapes");

    // And the api hears its own write before the request that wrote answers.
    const changes: string[] = [];
    app.databaseChanges.onChange((change) => changes.push(change));
    await ofMember({ about: "told" }).execute();
    expect(changes).toContain("shapes");
  });

  it("are notified by the database to every instance only when they change something: shapes or viewers", async () => {
    // A client of its own, as another instance: the marker channel, which no api listens to, is delivered
    // after every notification committed before it.
    const listener = new pg.Client({ connectionString: harness.config.databaseUrl });
    const writer = new pg.Client({ connectionString: harness.config.databaseUrl });
    await Promise.all([listener.connect(), writer.connect()]);
    const payloads: string[] = [];
    listener.on("notification", (message) => payloads.push(`${message.channel} ${message.payload}`));
    await listener.query("LISTEN gallery_changed");
    await listener.query("LISTEN test_marker");
    let markers = 0;
    const notified = async (statement: string) => {
      const before = payloads.length;
      await writer.query(statement, [member.user.id]);
      const marker = `test_marker ${++markers}`;
      await writer.query(`NOTIFY test_marker, '${markers}'`);
      await expect.poll(() => payloads.includes(marker)).toBe(true);
      return payloads.slice(before, payloads.indexOf(marker)).map((payload) => payload.replace("gallery_changed ", ""));
    };
    try {
      // A sign-in that finds nothing new writes nothing; one that did would still say nothing public.
      expect(await notified("UPDATE users SET email = email, updated_at = now() WHERE id = $1")).toEqual([]);
      expect(await notified("UPDATE users SET blocked_tags = '{x}' WHERE id = $1")).toEqual(["viewers"]);
      expect(await notified("UPDATE users SET blocked_tags = '{}' WHERE id = $1")).toEqual(["viewers"]);
      expect(await notified("UPDATE users SET about = md5(random()::text) WHERE id = $1")).toEqual(["shapes"]);
      expect(await notified("DELETE FROM session WHERE sid = $1")).toEqual(["viewers"]);
      expect(await notified("UPDATE chatbots SET title = title WHERE user_id = $1")).toEqual(["shapes"]);
    } finally {
      await Promise.all([listener.end(), writer.end()]);
    }
  });
});
