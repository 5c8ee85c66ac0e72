import type { AddressInfo } from "node:net";
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_STREAMS_PER_MEMBER,
  NOTIFICATION_TEXTS,
  type NotificationItem,
  type Review,
} from "@gallery/schema";
import { describe, expect } from "vitest";
import { purgeOldNotifications } from "../src/domain/members/notifications.js";
import type { TestApp } from "./support/app.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { listingNotice, queueAction, requestVerification } from "./support/moderation.js";
import { freshAddress, sendJson, trpcMutation, trpcQuery } from "./support/requests.js";
import { writeReview } from "./support/reviews.js";
import { type InsertedMember, insertReviewer } from "./support/shared-reads.js";

/**
 * Notifications (issue 38 §3), as a member sees them on both transports: each kind made for the right person and
 * never for the actor, a kind turned off not made, the unread count exact under concurrent marks, nobody else's
 * readable or markable (404), the 90-day purge, and the live stream's count.
 */

const SESSION_SECRET = "a-session-secret-for-the-notifications-test";
test.override("appEnv", {
  SESSION_SECRET,
  REVIEW_MIN_ACCOUNT_AGE_HOURS: "1",
  RESPONSE_CACHE_SECONDS: "0",
  RATE_LIMIT_WRITES: "10000",
});

type Member = InsertedMember;
/** A member who may review (an hour past REVIEW_MIN_ACCOUNT_AGE_HOURS), written straight into the table. */
const newMember = (app: TestApp, fields: Record<string, unknown> = {}) =>
  insertReviewer(app, SESSION_SECRET, 2, fields);

const mine = async (app: TestApp, who: Member, query = "") => {
  const response = await app.inject({
    method: "GET",
    url: `/api/user/notifications${query}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationItem[]>();
};

const unread = async (app: TestApp, who: Member) => {
  const response = await app.inject({
    method: "GET",
    url: "/api/user/notifications/unread-count",
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unread: number }>().unread;
};

let moderator: Member;

test.beforeAll(async ({ app }) => {
  moderator = await newMember(app, { isAdmin: true });
});

describe("the texts", () => {
  test("are word for word", () => {
    expect(NOTIFICATION_TEXTS).toMatchObject({
      title: "Notifications",
      markAllRead: "Mark all read",
      notFound: "Notification not found",
      tooManyStreams: "At most 5 live notification streams at once: close another tab",
      noEmail: "Notifications are shown here only: none are sent by e-mail.",
    });
    expect(NOTIFICATION_KIND_LABELS).toEqual({
      newListing: "A new bot by a creator you follow",
      review: "A review of your bot",
      reply: "A creator's reply to your review",
      reportOutcome: "The outcome of your report",
      appealOutcome: "The outcome of your appeal",
      verificationOutcome: "The outcome of your verification request",
      listingModerated: "A moderator's action on your bot",
    });
  });
});

describe("each kind, for the right member and never the actor", () => {
  test("a new listing reaches its creator's followers; a review its creator; a reply the review's author", async ({
    app,
  }) => {
    const [creator, follower, reviewer, stranger] = await Promise.all([
      newMember(app),
      newMember(app),
      newMember(app),
      newMember(app),
    ]);
    expect((await sendJson(app, "PUT", `/api/user/follows/${creator.id}`, {}, follower.cookie)).statusCode).toBe(200);
    const listing = await createListing(app, creator.cookie, { title: "Notified Nell" });

    const [news] = await mine(app, follower);
    expect(news).toMatchObject({
      kind: "newListing",
      text: `${creator.name} published a new bot: “Notified Nell”`,
      link: `/chatbots/${listing.id}/notified-nell`,
      read: false,
      actor: { id: creator.id, name: creator.name },
      listingId: listing.id,
    });
    expect(await mine(app, creator)).toEqual([]);
    expect(await mine(app, stranger)).toEqual([]);

    const review = (await writeReview(app, reviewer, listing.id, { rating: 4, text: "Nice" })).json<Review>();
    const [reviewed] = await mine(app, creator);
    expect(reviewed).toMatchObject({
      kind: "review",
      text: `${reviewer.name} reviewed your bot “Notified Nell”`,
      reviewId: review.id,
      actor: { id: reviewer.id },
    });
    expect(await mine(app, reviewer)).toEqual([]);

    const reply = await sendJson(app, "POST", `/api/reviews/${review.id}/reply`, { text: "Thanks" }, creator.cookie);
    expect(reply.statusCode, reply.body).toBe(201);
    // Over tRPC as well: the same page.
    const page = (await trpcQuery(app, "notifications.list", { limit: 5 }, reviewer.cookie)).json().result.data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: "reply",
      text: `${creator.name} replied to your review of “Notified Nell”`,
      reviewId: review.id,
    });
    // An edit of the reply is not a second one; the creator got nothing for their own reply.
    await sendJson(app, "PUT", `/api/reviews/${review.id}/reply`, { text: "Thanks!" }, creator.cookie);
    expect(await mine(app, reviewer)).toHaveLength(1);
    expect((await mine(app, creator)).map((each) => each.kind)).toEqual(["review"]);
  });

  test("a report's outcome reaches its reporter; a moderator's action and an appeal's outcome the listing's creator", async ({
    app,
  }) => {
    const [creator, reporter] = await Promise.all([newMember(app), newMember(app)]);
    const listing = await createListing(app, creator.cookie, { title: "Reported Rita" });
    const report = await app.inject({
      method: "POST",
      url: "/api/reports",
      headers: { cookie: reporter.cookie },
      payload: { targetKind: "listing", targetId: listing.id, reason: "spam" },
      remoteAddress: freshAddress(),
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(await mine(app, reporter)).toEqual([]);
    const hide = await queueAction(app, moderator.cookie, {
      targetKind: "listing",
      targetId: listing.id,
      action: "hide",
      reason: "Spam",
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await mine(app, reporter)).toMatchObject([
      { kind: "reportOutcome", text: "Your report about “Reported Rita” was closed: hidden", listingId: listing.id },
    ]);
    const [moderated] = await mine(app, creator);
    expect(moderated).toMatchObject({
      kind: "listingModerated",
      text: "Your bot “Reported Rita” was hidden by a moderator",
      outcome: "hidden",
      actor: null,
    });
    expect(await mine(app, moderator)).toEqual([]);

    const decisionId = (await listingNotice(app, creator.cookie, listing.id)).decision.id;
    const appeal = await sendJson(app, "POST", "/api/user/appeals", { decisionId, message: "Mine" }, creator.cookie);
    expect(appeal.statusCode, appeal.body).toBe(201);
    const restore = await queueAction(app, moderator.cookie, {
      targetKind: "listing",
      targetId: listing.id,
      action: "restore",
    });
    expect(restore.statusCode, restore.body).toBe(200);
    const kinds = (await mine(app, creator)).map((each) => [each.kind, each.text]);
    expect(kinds).toContainEqual(["appealOutcome", "Your appeal about “Reported Rita” was decided: restored"]);
    expect(kinds).toContainEqual(["listingModerated", "Your bot “Reported Rita” was restored"]);
  });

  test("a verification request's outcome reaches the creator", async ({ app }) => {
    const creator = await newMember(app);
    await createListing(app, creator.cookie, { title: "Verified Vic" });
    const id = await requestVerification(app, creator.cookie);
    const approved = await sendJson(app, "POST", `/api/verification/${id}/approve`, {}, moderator.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mine(app, creator)).toMatchObject([
      {
        kind: "verificationOutcome",
        text: "Your verification request was approved: you are a verified creator",
        link: "/dashboard",
      },
    ]);
  });
});

describe("settings", () => {
  test("a kind turned off is not made; the others are; on both transports", async ({ app }) => {
    const [creator, follower, reviewer] = await Promise.all([newMember(app), newMember(app), newMember(app)]);
    const defaults = await app.inject({
      method: "GET",
      url: "/api/user/notification-settings",
      headers: { cookie: creator.cookie },
    });
    expect(defaults.json()).toEqual(Object.fromEntries(Object.keys(NOTIFICATION_KIND_LABELS).map((k) => [k, true])));
    const off = await sendJson(app, "PUT", "/api/user/notification-settings", { review: false }, creator.cookie);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ review: false, newListing: true });
    const nothing = await sendJson(app, "PUT", "/api/user/notification-settings", {}, creator.cookie);
    expect([nothing.statusCode, nothing.json().message]).toEqual([400, NOTIFICATION_TEXTS.nothingToChange]);
    expect(
      (await sendJson(app, "PUT", "/api/user/notification-settings", { bogus: true }, creator.cookie)).statusCode,
    ).toBe(400);
    const viaTrpc = await trpcMutation(app, "notifications.updateSettings", { newListing: false }, follower.cookie);
    expect(viaTrpc.json().result.data).toMatchObject({ newListing: false, review: true });

    await sendJson(app, "PUT", `/api/user/follows/${creator.id}`, {}, follower.cookie);
    const listing = await createListing(app, creator.cookie, { title: "Quiet Quinn" });
    expect((await writeReview(app, reviewer, listing.id, { rating: 5 })).statusCode).toBe(201);
    expect(await mine(app, follower)).toEqual([]);
    expect(await mine(app, creator)).toEqual([]);
    // Turned on again: the next one is made.
    await sendJson(app, "PUT", "/api/user/notification-settings", { review: true }, creator.cookie);
    const second = await newMember(app);
    await writeReview(app, second, listing.id, { rating: 3 });
    expect((await mine(app, creator)).map((each) => each.actor?.id)).toEqual([second.id]);
  });
});

describe("reading and marking", () => {
  async function withNotifications(app: TestApp, count: number) {
    const [owner, actor] = await Promise.all([newMember(app), newMember(app)]);
    await app.database.db
      .insertInto("notifications")
      .values(
        Array.from({ length: count }, () => ({
          recipientId: owner.id,
          kind: "newListing" as const,
          actorId: actor.id,
        })),
      )
      .execute();
    return owner;
  }

  test("pages newest first; unread count, mark one and mark all stay exact under concurrent marks", async ({ app }) => {
    const owner = await withNotifications(app, 12);
    const first = await app.inject({
      method: "GET",
      url: "/api/user/notifications?limit=5",
      headers: { cookie: owner.cookie },
    });
    expect(first.headers.link).toContain("cursor=");
    expect(first.headers["cache-control"]).toContain("private");
    const all = await mine(app, owner, "?limit=50");
    expect(all).toHaveLength(12);
    expect(all.map((each) => Number(each.id))).toEqual([...all.map((each) => Number(each.id))].sort((a, b) => b - a));
    expect(first.json<NotificationItem[]>().map((each) => each.id)).toEqual(all.slice(0, 5).map((each) => each.id));
    expect(await unread(app, owner)).toBe(12);

    // Six marked at once, each twice: six fewer unread, every answer 200.
    const six = all.slice(0, 6);
    const marks = await Promise.all(
      [...six, ...six].map((each) =>
        sendJson(app, "PUT", `/api/user/notifications/${each.id}/read`, undefined, owner.cookie),
      ),
    );
    expect(marks.map((response) => response.statusCode)).toEqual(marks.map(() => 200));
    expect(await unread(app, owner)).toBe(6);
    expect((await mine(app, owner, "?limit=50")).filter((each) => each.read).map((each) => each.id)).toEqual(
      six.map((each) => each.id),
    );
    const both = await Promise.all([
      sendJson(app, "PUT", "/api/user/notifications/read-all", undefined, owner.cookie),
      trpcMutation(app, "notifications.markAllRead", undefined, owner.cookie),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json()).toEqual({ unread: 0 });
    expect((await trpcQuery(app, "notifications.unreadCount", undefined, owner.cookie)).json().result.data).toEqual({
      unread: 0,
    });
  });

  test("another member's notification is 404 to read and to mark, and stays unread; a visitor 401", async ({ app }) => {
    const owner = await withNotifications(app, 1);
    const other = await newMember(app);
    const [theirs] = await mine(app, owner);
    expect(await mine(app, other)).toEqual([]);
    const marked = await sendJson(app, "PUT", `/api/user/notifications/${theirs?.id}/read`, undefined, other.cookie);
    expect([marked.statusCode, marked.json().message]).toEqual([404, NOTIFICATION_TEXTS.notFound]);
    const unknown = await sendJson(app, "PUT", "/api/user/notifications/999999999/read", undefined, owner.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((await sendJson(app, "PUT", "/api/user/notifications/abc/read", undefined, owner.cookie)).statusCode).toBe(
      400,
    );
    await sendJson(app, "PUT", "/api/user/notifications/read-all", undefined, other.cookie);
    expect(await unread(app, owner)).toBe(1);
    expect((await app.inject({ method: "GET", url: "/api/user/notifications" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/user/notifications/unread-count" })).statusCode).toBe(401);
  });

  test("the purge deletes notifications older than 90 days, and only those", async ({ app }) => {
    const owner = await newMember(app);
    const day = 24 * 60 * 60 * 1000;
    await app.database.db
      .insertInto("notifications")
      .values(
        [91, 120, 89, 1].map((days) => ({
          recipientId: owner.id,
          kind: "review" as const,
          createdAt: new Date(Date.now() - days * day),
        })),
      )
      .execute();
    await purgeOldNotifications(app.database.db, { batch: 1 });
    const left = await app.database.db
      .selectFrom("notifications")
      .select("createdAt")
      .where("recipientId", "=", owner.id)
      .execute();
    expect(left.map((row) => Math.round((Date.now() - row.createdAt.getTime()) / day)).sort((a, b) => a - b)).toEqual([
      1, 89,
    ]);
  });
});

describe("the live stream", () => {
  async function origin(app: TestApp) {
    if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  /** Reads events off a stream until one says `unread: expected`. */
  async function untilUnread(reader: ReadableStreamDefaultReader<Uint8Array>, expected: number, seen: string[]) {
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended; saw ${seen.join(" | ")}`);
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        seen.push(event);
        const data = event.split("\n").find((line) => line.startsWith("data: "));
        if (event.includes("event: unread") && data && JSON.parse(data.slice(6)).unread === expected) return;
        end = buffer.indexOf("\n\n");
      }
    }
  }

  test("sends the unread count on connect and when a notification arrives; a visitor 401", async ({ app }) => {
    const base = await origin(app);
    const [creator, reviewer] = await Promise.all([newMember(app), newMember(app)]);
    const listing = await createListing(app, creator.cookie, { title: "Live Lou" });
    const abort = new AbortController();
    const response = await fetch(`${base}/api/user/notifications/stream`, {
      headers: { cookie: creator.cookie },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const reader = response.body!.getReader();
    const seen: string[] = [];
    await untilUnread(reader, 0, seen);
    expect((await writeReview(app, reviewer, listing.id, { rating: 5 })).statusCode).toBe(201);
    await untilUnread(reader, 1, seen);
    abort.abort();
    expect((await fetch(`${base}/api/user/notifications/stream`)).status).toBe(401);
  });

  test("takes a personal API token, as its OpenAPI entry says: the token's member's count; a bad token 401", async ({
    app,
  }) => {
    const base = await origin(app);
    const member = await newMember(app);
    const created = await trpcMutation(app, "apiTokens.create", { name: "stream", scope: "read" }, member.cookie);
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json().result.data.secret as string;
    const abort = new AbortController();
    const response = await fetch(`${base}/api/user/notifications/stream`, {
      headers: { authorization: `Bearer ${secret}` },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    await untilUnread(response.body!.getReader(), 0, []);
    abort.abort();
    const bad = await fetch(`${base}/api/user/notifications/stream`, {
      headers: { authorization: "Bearer cgt_not-a-token" },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: "invalid_token" });
  });

  test(`at most ${NOTIFICATION_STREAMS_PER_MEMBER} streams per member: the next is 429; a closed one frees its place`, async ({
    app,
  }) => {
    const base = await origin(app);
    const member = await newMember(app);
    const open = async () => {
      const abort = new AbortController();
      const response = await fetch(`${base}/api/user/notifications/stream`, {
        headers: { cookie: member.cookie },
        signal: abort.signal,
      });
      return { response, abort };
    };
    // Each open (its first count read) before the next: a tab at a time.
    const streams = [];
    for (let n = 0; n < NOTIFICATION_STREAMS_PER_MEMBER; n++) {
      const stream = await open();
      if (stream.response.status === 200) await untilUnread(stream.response.body!.getReader(), 0, []);
      streams.push(stream);
    }
    expect(streams.map((stream) => stream.response.status)).toEqual(streams.map(() => 200));
    const refused = await open();
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toEqual({ message: NOTIFICATION_TEXTS.tooManyStreams, code: "rate_limited" });
    // Another member is not held back by this one's streams.
    const other = await newMember(app);
    const theirs = await fetch(`${base}/api/user/notifications/stream`, {
      headers: { cookie: other.cookie },
      signal: AbortSignal.timeout(30_000),
    });
    expect(theirs.status).toBe(200);
    await theirs.body?.cancel();
    streams[0]?.abort.abort();
    await expect
      .poll(async () => {
        const next = await open();
        next.abort.abort();
        return next.response.status;
      })
      .toBe(200);
    for (const stream of streams) stream.abort.abort();
  });
});
