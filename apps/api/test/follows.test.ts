import type { Chatbot, FollowState } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpAs, signUpMany } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs as get, trpcMutation, trpcQuery } from "./support/requests.js";

/**
 * Following creators (issue 13): follow and unfollow (REST and tRPC, idempotent, never oneself), the
 * follower count on profiles, the Following feed (newest first, keyset pages, NSFW rules), cascades,
 * and personal answers never served from a shared copy.
 */

let alice: Member;
let bob: Member;
let fan: Member;

test.beforeAll(async ({ app }) => {
  [alice, bob, fan] = await signUpMany(app, 3);
});

const put = (app: TestApp, id: string, cookie?: string) =>
  app.inject({ method: "PUT", url: `/api/user/follows/${id}`, headers: cookie ? { cookie } : {} });
const del = (app: TestApp, id: string, cookie?: string) =>
  app.inject({ method: "DELETE", url: `/api/user/follows/${id}`, headers: cookie ? { cookie } : {} });
const followerCount = async (app: TestApp, userId: string) =>
  (await app.database.db.selectFrom("users").select("followerCount").where("id", "=", userId).executeTakeFirstOrThrow())
    .followerCount;
const followRows = async (app: TestApp, userId: string) =>
  (await app.database.db.selectFrom("follows").select("followerId").where("followeeId", "=", userId).execute()).length;

/** Every page of a REST list, following the Link header. */
async function allPages(app: TestApp, first: string, cookie: string) {
  const ids: string[] = [];
  let url: string | null = first;
  let pages = 0;
  while (url) {
    const response = await get(app, url, cookie);
    expect(response.statusCode, response.body).toBe(200);
    ids.push(...(response.json() as Chatbot[]).map((bot) => bot.id));
    const link = response.headers.link as string | undefined;
    url = link ? (/<([^>]+)>/.exec(link)?.[1] ?? null) : null;
    pages++;
  }
  return { ids, pages };
}

describe("follow and unfollow", () => {
  test("visitors are asked to sign in; unknown users 404; oneself 400 with a clear message", async ({ app }) => {
    expect((await put(app, alice.user.id)).statusCode).toBe(401);
    expect((await trpcMutation(app, "follows.follow", { userId: alice.user.id })).statusCode).toBe(401);
    expect((await get(app, "/api/user/following")).statusCode).toBe(401);
    const unknown = await put(app, "00000000-0000-4000-8000-000000000000", fan.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "User not found" });
    const self = await put(app, fan.user.id, fan.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: "You cannot follow yourself" });
    const selfTrpc = await trpcMutation(app, "follows.follow", { userId: fan.user.id }, fan.cookie);
    expect(selfTrpc.statusCode).toBe(400);
    expect(selfTrpc.json().error.message).toBe("You cannot follow yourself");
    expect((await put(app, "nope", fan.cookie)).statusCode).toBe(400);
  });

  test("following twice is one follow; the profile shows the follower count; unfollow twice is one", async ({
    app,
  }) => {
    expect((await put(app, alice.user.id, fan.cookie)).json()).toEqual({
      userId: alice.user.id,
      following: true,
      followerCount: 1,
    });
    expect((await put(app, alice.user.id, fan.cookie)).json().followerCount).toBe(1);
    const viaTrpc = await trpcMutation(app, "follows.follow", { userId: alice.user.id }, bob.cookie);
    expect(viaTrpc.json().result.data).toEqual({ userId: alice.user.id, following: true, followerCount: 2 });
    expect(await followRows(app, alice.user.id)).toBe(2);
    expect((await get(app, `/api/users/${alice.user.id}`)).json().followerCount).toBe(2);
    // The dashboard reads the member's own user: it carries the count too.
    expect((await get(app, "/api/auth/user", alice.cookie)).json().followerCount).toBe(2);

    await trpcMutation(app, "follows.unfollow", { userId: alice.user.id }, bob.cookie);
    const again = (await del(app, alice.user.id, bob.cookie)).json() as FollowState;
    expect(again).toEqual({ userId: alice.user.id, following: false, followerCount: 1 });
    expect(await followerCount(app, alice.user.id)).toBe(1);
    const status = await trpcQuery(app, "follows.status", { userIds: [alice.user.id, bob.user.id] }, fan.cookie);
    expect(status.json().result.data).toEqual({ followingIds: [alice.user.id] });
    await del(app, alice.user.id, fan.cookie);
    expect(await followerCount(app, alice.user.id)).toBe(0);
  });

  test("pending users' profiles are not followable (404), like their profiles", async ({ app }) => {
    const pending = await signUp(app);
    await app.database.db.updateTable("users").set({ isApproved: false }).where("id", "=", pending.user.id).execute();
    expect((await put(app, pending.user.id, fan.cookie)).statusCode).toBe(404);
  });

  test("50 concurrent follows and unfollows: no 5xx, rows and count agree", async ({ app }) => {
    const creator = await signUp(app);
    const followers = [fan, bob, alice];
    const calls = Array.from({ length: 50 }, (_, i) => {
      const who = followers[i % followers.length]!;
      return i % 3 === 1 ? del(app, creator.user.id, who.cookie) : put(app, creator.user.id, who.cookie);
    });
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await followerCount(app, creator.user.id)).toBe(await followRows(app, creator.user.id));
  });
});

describe("the Following feed", () => {
  test("the followed creators' listings, newest first, paged; NSFW for members; others' not included", async ({
    app,
  }) => {
    const [reader, one, two, stranger] = await signUpMany(app, 4);
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) {
      mine.push((await createListing(app, one.cookie, { title: `One ${i}` })).id);
      mine.push((await createListing(app, two.cookie, { title: `Two ${i}`, nsfw: i === 1 ? "true" : "false" })).id);
      await createListing(app, stranger.cookie, { title: `Stranger ${i}` });
    }
    await put(app, one.user.id, reader.cookie);
    await trpcMutation(app, "follows.follow", { userId: two.user.id }, reader.cookie);

    const feed = await allPages(app, "/api/user/following?limit=4", reader.cookie);
    expect(feed.ids).toEqual([...mine].reverse());
    expect(feed.pages).toBe(2);

    const first = (await trpcQuery(app, "follows.feed", { limit: 5 }, reader.cookie)).json().result.data;
    const second = (await trpcQuery(app, "follows.feed", { limit: 5, cursor: first.nextCursor }, reader.cookie)).json()
      .result.data;
    expect([...first.items, ...second.items].map((bot: Chatbot) => bot.id)).toEqual([...mine].reverse());
    // The gallery's filters apply: SFW only.
    const sfw = await allPages(app, "/api/user/following?nsfw=false", reader.cookie);
    expect(sfw.ids).toHaveLength(5);
    const count = await trpcQuery(app, "follows.feedCount", {}, reader.cookie);
    expect(count.json().result.data).toEqual({ count: 6, capped: false });

    // Someone following nobody gets an empty feed.
    expect((await get(app, "/api/user/following", fan.cookie)).json()).toEqual([]);
  });

  test("pages across creators: interleaved in time, a page ending inside one creator's run and inside equal times", async ({
    app,
  }) => {
    const [reader, a, b, c, stranger] = await signUpMany(app, 5);
    const at = new Map<string, number>();
    const titles = new Map<string, string>();
    const listing = async (creator: Member, title: string, second: number, fields: Record<string, string> = {}) => {
      const bot = await createListing(app, creator.cookie, { title, ...fields });
      await app.database.db
        .updateTable("chatbots")
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)) })
        .where("id", "=", bot.id)
        .execute();
      at.set(bot.id, second);
      titles.set(bot.id, title);
      return bot.id;
    };
    // A holds the four newest; B and C share second 6 (and B twice), B and C second 3; the stranger's interleave.
    const visible = [
      await listing(a, "A newest", 10),
      await listing(a, "A second", 9),
      await listing(a, "A third", 8),
      await listing(a, "A fourth", 7),
      await listing(a, "A oldest", 2),
      await listing(b, "B tie one", 6),
      await listing(b, "B tie two", 6),
      await listing(b, "B late", 3),
      await listing(c, "C tie", 6),
      await listing(c, "C late", 3),
    ];
    await listing(stranger, "Stranger newer", 9);
    await listing(stranger, "Stranger between", 5);
    // Not for this reader: withheld by moderation, a suspended creator's, a blocked tag, NSFW under Hide.
    const hidden = await listing(b, "B hidden", 5);
    await app.database.db.updateTable("chatbots").set({ hiddenAt: new Date() }).where("id", "=", hidden).execute();
    const suspended = await signUp(app);
    await listing(suspended, "Suspended", 8);
    await app.database.db
      .updateTable("chatbots")
      .set({ ownerSuspended: true })
      .where("userId", "=", suspended.user.id)
      .execute();
    await listing(c, "C blocked", 4, { tags: "gore, fantasy" });
    await listing(c, "C nsfw", 1, { nsfw: "true" });
    for (const creator of [a, b, c, suspended])
      expect((await put(app, creator.user.id, reader.cookie)).statusCode).toBe(200);
    await trpcMutation(app, "settings.updateSafety", { blockedTags: ["gore"], nsfwDisplay: "hide" }, reader.cookie);

    // Newest first, equal times by id (descending, as the cursor's tie-break).
    const newest = [...visible].sort((x, y) => at.get(y)! - at.get(x)! || (y > x ? 1 : -1));
    for (const limit of [1, 2, 3, 4, 7]) {
      const feed = await allPages(app, `/api/user/following?limit=${limit}`, reader.cookie);
      expect(feed.ids, `limit ${limit}`).toEqual(newest);
      expect(feed.pages).toBe(Math.ceil(newest.length / limit));
    }
    // Another order (its own index, not the creators') keeps the same listings: A to Z by title.
    const az = await allPages(app, "/api/user/following?sort=az&limit=3", reader.cookie);
    expect(az.ids).toEqual([...visible].sort((x, y) => titles.get(x)!.localeCompare(titles.get(y)!)));
    const count = await trpcQuery(app, "follows.feedCount", {}, reader.cookie);
    expect(count.json().result.data).toEqual({ count: visible.length, capped: false });
    const tags = await trpcQuery(app, "follows.feedTags", { limit: 10 }, reader.cookie);
    expect(tags.json().result.data).toEqual([
      { tag: "adventure", count: visible.length },
      { tag: "fantasy", count: visible.length },
    ]);
  });
});

describe("cascades", () => {
  test("deleting a user removes their follows both ways and the counts stay right", async ({ app }) => {
    const admin = await signUpAs(app, "admin");
    const leaving = await signUp(app);
    const creator = await signUp(app);
    await put(app, creator.user.id, leaving.cookie);
    await put(app, creator.user.id, fan.cookie);
    await put(app, leaving.user.id, fan.cookie);
    expect(await followerCount(app, creator.user.id)).toBe(2);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/admin/users/${leaving.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await followRows(app, creator.user.id)).toBe(1);
    expect(await followerCount(app, creator.user.id)).toBe(1);
    const left = await app.database.db
      .selectFrom("follows")
      .select("followerId")
      .where((eb) => eb.or([eb("followerId", "=", leaving.user.id), eb("followeeId", "=", leaving.user.id)]))
      .execute();
    expect(left).toEqual([]);
    expect((await get(app, `/api/users/${creator.user.id}`)).json().followerCount).toBe(1);
  });
});

describe("personal answers are never shared", () => {
  test("two members get their own feeds and states, also from the copies kept for each session", async ({ app }) => {
    const [one, two, c1, c2] = await signUpMany(app, 4);
    const b1 = await createListing(app, c1.cookie, { title: "By c1" });
    const b2 = await createListing(app, c2.cookie, { title: "By c2" });
    await put(app, c1.user.id, one.cookie);
    await put(app, c2.user.id, two.cookie);
    const ids = (response: { json(): unknown }) => (response.json() as Chatbot[]).map((bot) => bot.id);
    // A session's repeat may come from a copy kept for that session alone (Age header).
    await expect.poll(async () => (await get(app, "/api/user/following", one.cookie)).headers.age).toBeDefined();
    await expect.poll(async () => (await get(app, "/api/user/following", two.cookie)).headers.age).toBeDefined();
    for (let i = 0; i < 3; i++) {
      expect(ids(await get(app, "/api/user/following", one.cookie))).toEqual([b1.id]);
      expect(ids(await get(app, "/api/user/following", two.cookie))).toEqual([b2.id]);
      const input = { userIds: [c1.user.id, c2.user.id] };
      const s1 = await trpcQuery(app, "follows.status", input, one.cookie);
      const s2 = await trpcQuery(app, "follows.status", input, two.cookie);
      expect(s1.json().result.data).toEqual({ followingIds: [c1.user.id] });
      expect(s2.json().result.data).toEqual({ followingIds: [c2.user.id] });
      const feed = await trpcQuery(app, "follows.feed", {}, one.cookie);
      expect(feed.json().result.data.items.map((bot: Chatbot) => bot.id)).toEqual([b1.id]);
    }
    // A member who follows nobody gets their own empty feed, never another session's copy.
    const three = await signUp(app);
    const theirs = await get(app, "/api/user/following", three.cookie);
    expect(theirs.headers.age).toBeUndefined();
    expect(ids(theirs)).toEqual([]);
    // A follow drops the follower's kept copy at once: the very next request shows it.
    await put(app, c2.user.id, one.cookie);
    const after = await get(app, "/api/user/following", one.cookie);
    expect(after.headers.age).toBeUndefined();
    expect(ids(after).sort()).toEqual([b1.id, b2.id].sort());
  });

  test("a follow shows at once in the shared profile copy's count", async ({ app }) => {
    const creator = await signUp(app);
    const url = `/api/users/${creator.user.id}`;
    await expect.poll(async () => (await get(app, url)).headers.age).toBeDefined();
    await put(app, creator.user.id, fan.cookie);
    expect((await get(app, url)).json().followerCount).toBe(1);
  });
});

describe("documented", () => {
  test("OpenAPI: follow, unfollow and the feed with its Link header", async ({ app }) => {
    const doc = (await get(app, "/api/openapi.json")).json();
    const one = doc.paths["/api/user/follows/{userId}"];
    expect(one.put.operationId).toBe("followUser");
    expect(one.delete.operationId).toBe("unfollowUser");
    expect(Object.keys(one.put.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404"]));
    const feed = doc.paths["/api/user/following"].get;
    expect(feed.operationId).toBe("listFollowingFeed");
    expect(feed.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["limit", "cursor"]));
    expect(feed.responses["200"].headers.Link).toBeDefined();
  });
});
