import type { Chatbot, FavoriteState } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpAs, signUpMany } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs as get, trpcMutation, trpcQuery } from "./support/requests.js";

/**
 * Favourites (issue 13): save and remove (REST and tRPC, idempotent, counts kept on the listing),
 * the Saved page (newest saved first, keyset pages), "Most saved", cascades, NSFW rules, and the
 * rule that the caller's own answers are never served from a shared copy.
 */

let creator: Member;
let member: Member;
let other: Member;
let sfw: Chatbot;
let nsfw: Chatbot;

test.beforeAll(async ({ app }) => {
  [creator, member, other] = await signUpMany(app, 3);
  sfw = await createListing(app, creator.cookie, { title: "Saved Bot" });
  nsfw = await createListing(app, creator.cookie, { title: "Spicy Saved Bot", nsfw: "true" });
});

const put = (app: TestApp, id: string, cookie?: string) =>
  app.inject({ method: "PUT", url: `/api/user/favorites/${id}`, headers: cookie ? { cookie } : {} });
const del = (app: TestApp, id: string, cookie?: string) =>
  app.inject({ method: "DELETE", url: `/api/user/favorites/${id}`, headers: cookie ? { cookie } : {} });
const rows = async (app: TestApp, chatbotId: string) =>
  (await app.database.db.selectFrom("favorites").select("userId").where("chatbotId", "=", chatbotId).execute()).length;
const storedCount = async (app: TestApp, chatbotId: string) =>
  (
    await app.database.db
      .selectFrom("chatbots")
      .select("favoriteCount")
      .where("id", "=", chatbotId)
      .executeTakeFirstOrThrow()
  ).favoriteCount;

describe("save and remove", () => {
  test("visitors are asked to sign in; unknown ids 404, malformed 400", async ({ app }) => {
    expect((await put(app, sfw.id)).statusCode).toBe(401);
    expect((await put(app, sfw.id)).json()).toMatchObject({ message: "Unauthorized" });
    expect((await trpcMutation(app, "favorites.save", { chatbotId: sfw.id })).statusCode).toBe(401);
    expect((await get(app, "/api/user/favorites")).statusCode).toBe(401);
    const unknown = await put(app, "00000000-0000-4000-8000-000000000000", member.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "Chatbot not found" });
    expect((await del(app, "00000000-0000-4000-8000-000000000000", member.cookie)).statusCode).toBe(404);
    expect((await put(app, "not-an-id", member.cookie)).statusCode).toBe(400);
  });

  test("saving twice is one save; removing twice is one removal; the count follows", async ({ app }) => {
    const first = await put(app, sfw.id, member.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ chatbotId: sfw.id, saved: true, favoriteCount: 1 });
    expect((await put(app, sfw.id, member.cookie)).json()).toEqual({
      chatbotId: sfw.id,
      saved: true,
      favoriteCount: 1,
    });
    const viaTrpc = await trpcMutation(app, "favorites.save", { chatbotId: sfw.id }, other.cookie);
    expect(viaTrpc.json().result.data).toEqual({ chatbotId: sfw.id, saved: true, favoriteCount: 2 });
    expect(await rows(app, sfw.id)).toBe(2);
    // The count is in the listing's one read shape: its page and the gallery.
    expect((await get(app, `/api/chatbots/${sfw.id}`)).json().favoriteCount).toBe(2);
    const gallery = (await get(app, "/api/chatbots")).json() as Chatbot[];
    expect(gallery.find((bot) => bot.id === sfw.id)?.favoriteCount).toBe(2);

    const removed = await trpcMutation(app, "favorites.remove", { chatbotId: sfw.id }, other.cookie);
    expect(removed.json().result.data).toEqual({ chatbotId: sfw.id, saved: false, favoriteCount: 1 });
    expect((await del(app, sfw.id, other.cookie)).json()).toEqual({
      chatbotId: sfw.id,
      saved: false,
      favoriteCount: 1,
    });
    expect(await rows(app, sfw.id)).toBe(1);
    expect(await storedCount(app, sfw.id)).toBe(1);
    expect((await del(app, sfw.id, member.cookie)).json()).toEqual({
      chatbotId: sfw.id,
      saved: false,
      favoriteCount: 0,
    });
  });

  test("NSFW: members may save an NSFW listing; visitors never see it, nor its count", async ({ app }) => {
    const saved = await put(app, nsfw.id, member.cookie);
    expect(saved.json()).toEqual({ chatbotId: nsfw.id, saved: true, favoriteCount: 1 });
    expect((await get(app, `/api/chatbots/${nsfw.id}`)).statusCode).toBe(401);
    expect((await get(app, "/api/chatbots?sort=saved")).json().map((bot: Chatbot) => bot.id)).not.toContain(nsfw.id);
    const mine = (await get(app, "/api/user/favorites", member.cookie)).json() as Chatbot[];
    expect(mine.map((bot) => bot.id)).toContain(nsfw.id);
    await del(app, nsfw.id, member.cookie);
  });

  test("50 concurrent saves and removals by several members: no 5xx, rows and count agree", async ({ app }) => {
    const members = [member, other, creator];
    const calls = Array.from({ length: 50 }, (_, i) => {
      const who = members[i % members.length]!;
      return i % 3 === 2 ? del(app, sfw.id, who.cookie) : put(app, sfw.id, who.cookie);
    });
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const count = await rows(app, sfw.id);
    expect(count).toBeLessThanOrEqual(3);
    expect(await storedCount(app, sfw.id)).toBe(count);
    for (const who of members) await del(app, sfw.id, who.cookie);
    expect(await storedCount(app, sfw.id)).toBe(0);
  });
});

describe("the Saved page", () => {
  test("newest saved first, paged with cursors (REST Link header, tRPC nextCursor)", async ({ app }) => {
    const reader = await signUp(app);
    const bots: Chatbot[] = [];
    for (let i = 0; i < 5; i++) bots.push(await createListing(app, creator.cookie, { title: `Keep ${i}` }));
    // Saved in the order 2, 0, 4, 1, 3: the page lists 3, 1, 4, 0, 2.
    for (const i of [2, 0, 4, 1, 3]) expect((await put(app, bots[i]!.id, reader.cookie)).statusCode).toBe(200);
    const expected = [3, 1, 4, 0, 2].map((i) => bots[i]!.id);

    const seen: string[] = [];
    let url: string | null = "/api/user/favorites?limit=2";
    let pages = 0;
    while (url) {
      const response = await get(app, url, reader.cookie);
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...(response.json() as Chatbot[]).map((bot) => bot.id));
      const link = response.headers.link as string | undefined;
      url = link ? (/<([^>]+)>/.exec(link)?.[1] ?? null) : null;
      pages++;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);

    const first = (await trpcQuery(app, "favorites.list", { limit: 3 }, reader.cookie)).json().result.data;
    expect(first.items.map((bot: Chatbot) => bot.id)).toEqual(expected.slice(0, 3));
    const second = (
      await trpcQuery(app, "favorites.list", { limit: 3, cursor: first.nextCursor }, reader.cookie)
    ).json().result.data;
    expect(second.items.map((bot: Chatbot) => bot.id)).toEqual(expected.slice(3));
    expect(second.nextCursor).toBeNull();
    // A gallery cursor is not a Saved page cursor.
    const gallery = (await trpcQuery(app, "chatbots.list", { limit: 1 })).json().result.data;
    expect((await get(app, `/api/user/favorites?cursor=${gallery.nextCursor}`, reader.cookie)).json()).toMatchObject({
      message: "Invalid cursor",
    });

    // status: which of these ids the caller saved (the hearts of a shared gallery page).
    const status = await trpcQuery(app, "favorites.status", { chatbotIds: [bots[0]!.id, sfw.id] }, reader.cookie);
    expect(status.json().result.data).toEqual({ savedIds: [bots[0]!.id] });
  });

  test("Most saved: the gallery's `saved` order, every page in order", async ({ app }) => {
    const fans = [await signUp(app), await signUp(app)];
    const a = await createListing(app, creator.cookie, { title: "Loved" });
    const b = await createListing(app, creator.cookie, { title: "Liked" });
    for (const fan of fans) await put(app, a.id, fan.cookie);
    await put(app, b.id, fans[0]!.cookie);
    const all: Chatbot[] = [];
    let cursor: string | null = null;
    do {
      const input: Record<string, unknown> = { sort: "saved", limit: 4, ...(cursor ? { cursor } : {}) };
      const page = (await trpcQuery(app, "chatbots.list", input, member.cookie)).json().result.data;
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(all[0]?.id).toBe(a.id);
    expect(all[0]?.favoriteCount).toBe(2);
    expect(all.find((bot) => bot.id === b.id)?.favoriteCount).toBe(1);
    const keys = all.map((bot) => [bot.favoriteCount, bot.id] as const);
    const sorted = [...keys].sort((x, y) => y[0] - x[0] || y[1].localeCompare(x[1]));
    expect(keys).toEqual(sorted);
    expect(new Set(all.map((bot) => bot.id)).size).toBe(all.length);
  });
});

describe("cascades", () => {
  test("deleting a listing removes its favourites", async ({ app }) => {
    const bot = await createListing(app, creator.cookie, { title: "Short-lived" });
    await put(app, bot.id, member.cookie);
    await put(app, bot.id, other.cookie);
    const gone = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${bot.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await rows(app, bot.id)).toBe(0);
    expect((await get(app, "/api/user/favorites", member.cookie)).json().map((b: Chatbot) => b.id)).not.toContain(
      bot.id,
    );
  });

  test("deleting a user removes their favourites and the counts drop", async ({ app }) => {
    const admin = await signUpAs(app, "admin");
    const leaving = await signUp(app);
    const bot = await createListing(app, creator.cookie, { title: "Counted" });
    await put(app, bot.id, leaving.cookie);
    await put(app, bot.id, member.cookie);
    expect(await storedCount(app, bot.id)).toBe(2);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/admin/users/${leaving.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rows(app, bot.id)).toBe(1);
    expect(await storedCount(app, bot.id)).toBe(1);
    expect((await get(app, `/api/chatbots/${bot.id}`)).json().favoriteCount).toBe(1);
  });
});

describe("personal answers are never shared", () => {
  test("two members get their own lists and states, also from the copies kept for each session", async ({ app }) => {
    const one = await signUp(app);
    const two = await signUp(app);
    const a = await createListing(app, creator.cookie, { title: "One's" });
    const b = await createListing(app, creator.cookie, { title: "Two's" });
    await put(app, a.id, one.cookie);
    await put(app, b.id, two.cookie);
    const ids = (response: { json(): unknown }) => (response.json() as Chatbot[]).map((bot) => bot.id);
    // A session's repeat may come from a copy kept for that session alone (Age header).
    await expect.poll(async () => (await get(app, "/api/user/favorites", one.cookie)).headers.age).toBeDefined();
    await expect.poll(async () => (await get(app, "/api/user/favorites", two.cookie)).headers.age).toBeDefined();
    for (let i = 0; i < 3; i++) {
      expect(ids(await get(app, "/api/user/favorites", one.cookie))).toEqual([a.id]);
      expect(ids(await get(app, "/api/user/favorites", two.cookie))).toEqual([b.id]);
      const input = { chatbotIds: [a.id, b.id] };
      const status1 = await trpcQuery(app, "favorites.status", input, one.cookie);
      const status2 = await trpcQuery(app, "favorites.status", input, two.cookie);
      expect(status1.json().result.data).toEqual({ savedIds: [a.id] });
      expect(status2.json().result.data).toEqual({ savedIds: [b.id] });
      const list = await trpcQuery(app, "favorites.list", {}, one.cookie);
      expect(list.json().result.data.items.map((bot: Chatbot) => bot.id)).toEqual([a.id]);
    }
    // A member who saved nothing gets their own empty list, never another session's copy.
    const three = await signUp(app);
    const theirs = await get(app, "/api/user/favorites", three.cookie);
    expect(theirs.headers.age).toBeUndefined();
    expect(ids(theirs)).toEqual([]);
    // A save drops the saver's kept copy at once: the very next request shows it.
    await put(app, b.id, one.cookie);
    const after = await get(app, "/api/user/favorites", one.cookie);
    expect(after.headers.age).toBeUndefined();
    expect(ids(after)).toEqual([b.id, a.id]);
    const status = await trpcQuery(app, "favorites.status", { chatbotIds: [a.id, b.id] }, one.cookie);
    expect(status.json().result.data.savedIds.sort()).toEqual([a.id, b.id].sort());
  });

  test("a save shows at once in the shared gallery copy's count", async ({ app }) => {
    const fan = await signUp(app);
    const bot = await createListing(app, creator.cookie, { title: "Fresh count" });
    const url = `/api/chatbots/${bot.id}`;
    await expect.poll(async () => (await get(app, url)).headers.age).toBeDefined();
    const state = (await put(app, bot.id, fan.cookie)).json() as FavoriteState;
    expect(state.favoriteCount).toBe(1);
    const after = await get(app, url);
    expect(after.json().favoriteCount).toBe(1);
  });
});

describe("documented", () => {
  test("OpenAPI: the calls with their parameters, answers and the Link header", async ({ app }) => {
    const doc = (await get(app, "/api/openapi.json")).json();
    const favorites = doc.paths["/api/user/favorites"].get;
    expect(favorites.operationId).toBe("listFavorites");
    expect(favorites.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["cursor", "limit", "showHidden"]);
    expect(favorites.responses["200"].headers.Link).toBeDefined();
    const one = doc.paths["/api/user/favorites/{chatbotId}"];
    expect(one.put.operationId).toBe("saveFavorite");
    expect(one.delete.operationId).toBe("removeFavorite");
    expect(one.put.security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    expect(Object.keys(one.put.responses)).toEqual(expect.arrayContaining(["200", "401", "404"]));
  });
});

describe("a gallery page's worth of personal reads", () => {
  test("one tRPC batch of a status call per card (and the feed) answers each, not 414", async ({ app }) => {
    await put(app, sfw.id, member.cookie);
    const calls = Array.from({ length: 30 }, () => "favorites.status");
    const input = Object.fromEntries(calls.map((_, index) => [index, { chatbotIds: [sfw.id] }]));
    const response = await get(
      app,
      `/trpc/${[...calls, "follows.feedCount"].join(",")}?batch=1&input=${encodeURIComponent(
        JSON.stringify({ ...input, [calls.length]: {} }),
      )}`,
      member.cookie,
    );
    expect(response.statusCode).toBe(200);
    const answers = response.json() as Array<{ result: { data: unknown } }>;
    expect(answers).toHaveLength(31);
    expect(answers[0]!.result.data).toEqual({ savedIds: [sfw.id] });
    await del(app, sfw.id, member.cookie);
  });
});
