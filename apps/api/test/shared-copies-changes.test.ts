// Which changes drop the shared copies (plugins/app/response-cache.ts): a change to what public reads show
// drops them all; a sign-in changes nothing public and a sign-out or a member's settings change only who a
// cookie is, so the copies every visitor and member share stay; a helpful mark changes only the reads showing marks. On PostgreSQL and the embedded database alike.
import type { ChangeKind } from "@gallery/db";
import { sql } from "@gallery/db";
import type { Chatbot } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signInWithToken, signUp, signUpAs, signUpMany } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { requestVerification } from "./support/moderation.js";
import { sendJson } from "./support/requests.js";

const get = (app: TestApp, url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const titles = (response: { json(): unknown }) => (response.json() as Chatbot[]).map((bot) => bot.title);

/** Asks until the answer comes from a copy (Age header). */
async function fromCopy(app: TestApp, url: string, cookie?: string) {
  await expect.poll(async () => (await get(app, url, cookie)).headers.age).toBeDefined();
}

const told = new WeakMap<TestApp, ChangeKind[]>();
/** Every change this api was told of: its own writes at once and, on PostgreSQL, the database's notifications. */
function changesOf(app: TestApp): ChangeKind[] {
  let kinds = told.get(app);
  if (!kinds) {
    const list: ChangeKind[] = [];
    app.databaseChanges.onChange((kind) => list.push(kind));
    told.set(app, list);
    kinds = list;
  }
  return kinds;
}

/**
 * Waits until the notifications of earlier writes (PostgreSQL sends them a moment after each commit) have
 * reached this api: one sent now is delivered after them. It says `viewers`, so what was remembered of each
 * cookie is forgotten; the caller asks for its copies again after this.
 */
async function settle(app: TestApp) {
  const kinds = changesOf(app);
  if (app.database.kind !== "postgres") return;
  const before = kinds.length;
  await sql`SELECT pg_notify('gallery_changed', 'viewers')`.execute(app.database.db);
  await expect.poll(() => kinds.slice(before).includes("viewers")).toBe(true);
}

/** The kinds of change this api was told of while `run` ran. */
async function changesDuring(app: TestApp, run: () => Promise<unknown>): Promise<ChangeKind[]> {
  const kinds = changesOf(app);
  const before = kinds.length;
  await run();
  return kinds.slice(before);
}

describe("what drops the shared copies", () => {
  test("a returning member's sign-in writes nothing and keeps every shared copy", async ({ app }) => {
    const member = await signUp(app);
    const creator = await signUp(app);
    await createListing(app, creator.cookie, { title: "Steady Bot" });
    const before = await app.database.db
      .selectFrom("users")
      .select("updatedAt")
      .where("id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    await settle(app);
    await fromCopy(app, "/api/chatbots");
    await fromCopy(app, "/api/chatbots", creator.cookie);

    const changes = await changesDuring(app, () => signInWithToken(app, member.account.idToken));
    expect(changes).toEqual([]);
    const after = await app.database.db
      .selectFrom("users")
      .select("updatedAt")
      .where("id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect((await get(app, "/api/chatbots")).headers.age).toBeDefined();
    expect((await get(app, "/api/chatbots", creator.cookie)).headers.age).toBeDefined();
  });

  test("a sign-out forgets that cookie and keeps the shared copies", async ({ app }) => {
    const leaving = await signUp(app);
    const staying = await signUp(app);
    await createListing(app, staying.cookie, { title: "Spicy Bot", nsfw: "true" });
    const url = "/api/chatbots?nsfw=true";
    await settle(app);
    await fromCopy(app, url, leaving.cookie);
    await fromCopy(app, url);
    await fromCopy(app, url, staying.cookie);

    const changes = await changesDuring(app, () =>
      app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: leaving.cookie } }),
    );
    expect(changes).toContain("viewers");
    expect(changes).not.toContain("shapes");
    // The signed-out cookie is a visitor at once; the visitors' and the members' copies are still served.
    expect(titles(await get(app, url, leaving.cookie))).not.toContain("Spicy Bot");
    expect((await get(app, url)).headers.age).toBeDefined();
    const member = await get(app, url, staying.cookie);
    expect(titles(member)).toContain("Spicy Bot");
    // The member's audience was forgotten with every cookie's: asked again once, then served from the copy.
    await fromCopy(app, url, staying.cookie);
  });

  test("a member's settings change drops their own copies, not the shared ones", async ({ app }) => {
    const member = await signUp(app);
    await createListing(app, member.cookie, { title: "Dragon Bot", tags: "dragons" });
    await createListing(app, member.cookie, { title: "Quiet Bot", tags: "calm" });
    await sendJson(app, "PUT", "/api/user/settings", { blockedTags: ["calm"], nsfwDisplay: "show" }, member.cookie);
    const url = "/api/chatbots?limit=10";
    await settle(app);
    await fromCopy(app, url, member.cookie);
    expect(titles(await get(app, url, member.cookie))).not.toContain("Quiet Bot");
    await fromCopy(app, url);

    const changes = await changesDuring(app, () =>
      sendJson(app, "PUT", "/api/user/settings", { blockedTags: ["dragons"], nsfwDisplay: "show" }, member.cookie),
    );
    expect(changes).toEqual(expect.arrayContaining(["viewers"]));
    expect(changes).not.toContain("shapes");
    const own = titles(await get(app, url, member.cookie));
    expect(own).toContain("Quiet Bot");
    expect(own).not.toContain("Dragon Bot");
    expect((await get(app, url)).headers.age).toBeDefined();
  });

  test("a change to what a listing shows drops every copy", async ({ app }) => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Old Name" });
    await settle(app);
    await fromCopy(app, "/api/chatbots");
    const changes = await changesDuring(app, () =>
      app.database.db.updateTable("users").set({ nickname: "NewNick" }).where("id", "=", creator.user.id).execute(),
    );
    expect(changes).toContain("shapes");
    const page = await get(app, "/api/chatbots");
    expect(page.headers.age).toBeUndefined();
    expect((page.json() as Chatbot[]).find((bot) => bot.id === listing.id)?.user?.nickname).toBe("NewNick");
  });
  test("a helpful mark drops the copies of reviews and a member's own, not the gallery's", async ({ app }) => {
    const [creator, author, marker] = await signUpMany(app, 3);
    const listing = await createListing(app, creator.cookie, { title: "Reviewed Bot" });
    const review = await app.database.db
      .insertInto("reviews")
      .values({
        chatbotId: listing.id,
        userId: author.user.id,
        rating: 4,
        body: "Quick",
        authorAddress: Buffer.alloc(32),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const reviewsUrl = `/api/chatbots/${listing.id}/reviews?sort=helpful`;
    const mineUrl = `/api/chatbots/${listing.id}/reviews/mine`;
    for (const [method, count] of [
      ["PUT", 1],
      ["DELETE", 0],
    ] as const) {
      await settle(app);
      await fromCopy(app, "/api/chatbots");
      await fromCopy(app, "/api/chatbots", marker.cookie);
      await fromCopy(app, reviewsUrl);
      await fromCopy(app, mineUrl, marker.cookie);
      const changes = await changesDuring(app, () =>
        app.inject({ method, url: `/api/reviews/${review.id}/helpful`, headers: { cookie: marker.cookie } }),
      );
      expect(changes).toContain("helpful");
      expect(changes).not.toContain("shapes");
      // The listing's reviews and the marker's own state are read afresh, with the mark; the gallery's copies stay.
      const reviews = await get(app, reviewsUrl);
      expect(reviews.headers.age).toBeUndefined();
      expect((reviews.json() as Array<{ helpfulCount: number }>)[0]?.helpfulCount).toBe(count);
      const mine = await get(app, mineUrl, marker.cookie);
      expect(mine.headers.age).toBeUndefined();
      expect((mine.json() as { helpfulReviewIds: string[] }).helpfulReviewIds).toEqual(count ? [review.id] : []);
      expect((await get(app, "/api/chatbots")).headers.age).toBeDefined();
      expect((await get(app, "/api/chatbots", marker.cookie)).headers.age).toBeDefined();
    }
    if (app.database.kind !== "postgres") return;
    // What other instances hear from the database (written past this api's own observer): a mark says `helpful`,
    // any other change of a review `shapes`.
    const raw = app.database.db.withoutPlugins();
    const heard = async (write: () => Promise<unknown>) => {
      await settle(app);
      const kinds = changesOf(app);
      const before = kinds.length;
      await write();
      await settle(app);
      return kinds.slice(before).filter((kind) => kind !== "viewers");
    };
    expect(
      await heard(() =>
        sql`INSERT INTO review_helpful_votes (review_id, user_id) VALUES (${review.id}, ${marker.user.id})`.execute(
          raw,
        ),
      ),
    ).toEqual(["helpful"]);
    expect(await heard(() => sql`UPDATE reviews SET body = 'Changed' WHERE id = ${review.id}`.execute(raw))).toEqual([
      "shapes",
    ]);
    expect(
      await heard(() => sql`UPDATE reviews SET helpful_count = 7, rating = 2 WHERE id = ${review.id}`.execute(raw)),
    ).toEqual(["shapes"]);
  });

  test("a creator's verified mark, given and withdrawn, drops every copy", async ({ app }) => {
    const creator = await signUp(app);
    const moderator = await signUpAs(app, "admin");
    const listing = await createListing(app, creator.cookie, { title: "Marked Bot" });
    const requestId = await requestVerification(app, creator.cookie);
    const isVerified = async () =>
      ((await get(app, "/api/chatbots?limit=100")).json() as Chatbot[]).find((bot) => bot.id === listing.id)?.user
        ?.isVerified;
    const decisions = [
      { url: `/api/verification/${requestId}/approve`, payload: undefined, verified: true },
      {
        url: `/api/verification/users/${creator.user.id}/withdraw`,
        payload: { reason: "Not theirs" },
        verified: false,
      },
    ];
    for (const decision of decisions) {
      await settle(app);
      await fromCopy(app, "/api/chatbots?limit=100");
      const changes = await changesDuring(app, () =>
        sendJson(app, "POST", decision.url, decision.payload, moderator.cookie),
      );
      expect(changes).toContain("shapes");
      expect((await get(app, "/api/chatbots?limit=100")).headers.age).toBeUndefined();
      expect(await isVerified()).toBe(decision.verified);
    }
  });
});
