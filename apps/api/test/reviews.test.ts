import { randomUUID } from "node:crypto";
import {
  bayesianScore,
  type Chatbot,
  MODERATION_MESSAGES,
  RATING_PRIOR,
  REVIEW_MESSAGES,
  type Review,
  type ReviewViewer,
  ratingLabel,
  ratingSummary,
  reviewAccountTooNew,
} from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { queueAction } from "./support/moderation.js";
import { freshAddress, trpcMutation, trpcQuery } from "./support/requests.js";
import { writeReview } from "./support/reviews.js";
import { type InsertedMember, insertReviewer } from "./support/shared-reads.js";

/**
 * Reviews (issue 38 §1), as a client sees them on both transports: who may review, one review per member, bad
 * input refused with nothing changed, the average and count kept exact by the database under concurrent writes,
 * one address on one day counting once, helpful marks and the creator's reply once, reviews as invisible as their
 * listing, a suspended author's reviews out of sight and out of the average until lifted, reports and moderation,
 * the Top rated order's Bayesian score, and the personal answers never in a shared copy.
 */

const SESSION_SECRET = "a-session-secret-for-the-reviews-test";
const MIN_AGE_HOURS = 2;
test.override("appEnv", {
  SESSION_SECRET,
  REVIEW_MIN_ACCOUNT_AGE_HOURS: String(MIN_AGE_HOURS),
  RESPONSE_CACHE_SECONDS: "0",
  RATE_LIMIT_WRITES: "1000",
});

type Member = InsertedMember;
/** A member written straight into the table: verified and old enough to review unless told otherwise. */
const newMember = (app: TestApp, fields: Record<string, unknown> = {}) =>
  insertReviewer(app, SESSION_SECRET, MIN_AGE_HOURS + 1, fields);

const reviewsOf = async (app: TestApp, chatbotId: string, query = "", cookie?: string) =>
  app.inject({ method: "GET", url: `/api/chatbots/${chatbotId}/reviews${query}`, headers: cookie ? { cookie } : {} });

const stored = (app: TestApp, chatbotId: string) =>
  app.database.db
    .selectFrom("chatbots")
    .select(["ratingCount", "ratingSum", "ratingScore"])
    .where("id", "=", chatbotId)
    .executeTakeFirstOrThrow();

const reviewRows = async (app: TestApp, chatbotId: string) =>
  (await app.database.db.selectFrom("reviews").select("id").where("chatbotId", "=", chatbotId).execute()).length;

let creator: Member;
let moderator: Member;

test.beforeAll(async ({ app }) => {
  creator = await newMember(app);
  moderator = await newMember(app, { isAdmin: true });
});

const listingOf = (app: TestApp, title = "Reviewed Bot", fields: Record<string, string> = {}) =>
  createListing(app, creator.cookie, { title, ...fields });

describe("the texts", () => {
  test("are word for word", () => {
    expect(REVIEW_MESSAGES).toEqual({
      ratingRange: "Choose a rating from 1 to 5 stars",
      textTooLong: "Your review must be at most 2,000 characters",
      replyTooLong: "Your reply must be at most 2,000 characters",
      replyEmpty: "Please write a reply",
      ownListing: "You cannot review your own listing",
      duplicate: "You have already reviewed this listing: edit or delete your review instead",
      unverified: "Verify your e-mail address to write reviews",
      suspended: "Suspended members cannot review, reply or mark reviews helpful",
      notFound: "Review not found",
      noReview: "You have not reviewed this listing",
      ownHelpful: "You cannot mark your own review as helpful",
      ownReport: "You cannot report your own review",
      notCreator: "Only the listing's creator may reply to its reviews",
      replyExists: "You have already replied to this review: edit your reply instead",
      noReply: "There is no reply to this review",
    });
    expect(reviewAccountTooNew(72)).toBe("Your account must be at least 72 hours old to write reviews");
    expect(reviewAccountTooNew(1)).toBe("Your account must be at least 1 hour old to write reviews");
    expect(ratingSummary({ average: 4.6, count: 128 })).toBe("4.6 ★ · 128");
    expect(ratingSummary({ average: 4, count: 1234 })).toBe("4.0 ★ · 1,234");
    expect(ratingSummary({ average: null, count: 0 })).toBe("No ratings yet");
    expect(ratingLabel({ average: 4.6, count: 1 })).toBe("Rated 4.6 out of 5 by 1 member");
    expect(RATING_PRIOR).toEqual({ mean: 3.5, weight: 5 });
  });
});

describe("writing a review", () => {
  test("a rating of 0 or 6, a fraction or a text too long is 400 and changes nothing, on both transports", async ({
    app,
  }) => {
    const listing = await listingOf(app);
    const member = await newMember(app);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: "5" }, {}]) {
      const response = await writeReview(app, member, listing.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: REVIEW_MESSAGES.ratingRange });
    }
    const long = await writeReview(app, member, listing.id, { rating: 4, text: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: REVIEW_MESSAGES.textTooLong });
    const overTrpc = await trpcMutation(app, "reviews.create", { chatbotId: listing.id, rating: 6 }, member.cookie);
    expect(overTrpc.statusCode).toBe(400);
    expect(overTrpc.body).toContain(REVIEW_MESSAGES.ratingRange);
    expect(await reviewRows(app, listing.id)).toBe(0);
    expect(await stored(app, listing.id)).toEqual({ ratingCount: 0, ratingSum: 0, ratingScore: RATING_PRIOR.mean });
  });

  test("own listing, unverified, too new or suspended: 403 with the reason; a visitor 401", async ({ app }) => {
    const listing = await listingOf(app);
    const own = await writeReview(app, creator, listing.id, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: REVIEW_MESSAGES.ownListing });
    const unverified = await writeReview(app, await newMember(app, { emailVerified: false }), listing.id, {
      rating: 5,
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ message: REVIEW_MESSAGES.unverified });
    const fresh = await newMember(app, { createdAt: new Date() });
    const tooNew = await writeReview(app, fresh, listing.id, { rating: 5 });
    expect(tooNew.statusCode).toBe(403);
    expect(tooNew.json()).toMatchObject({ message: reviewAccountTooNew(MIN_AGE_HOURS) });
    const suspended = await writeReview(app, await newMember(app, { suspendedAt: new Date() }), listing.id, {
      rating: 5,
    });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ message: REVIEW_MESSAGES.suspended });
    const visitor = await app.inject({
      method: "POST",
      url: `/api/chatbots/${listing.id}/reviews`,
      payload: { rating: 5 },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await reviewRows(app, listing.id)).toBe(0);
    // What the listing page is told: the reason, before anyone tries.
    const mine = await trpcQuery(app, "reviews.mine", { chatbotId: listing.id }, fresh.cookie);
    expect(mine.json().result.data).toMatchObject({
      review: null,
      mayReview: false,
      reason: reviewAccountTooNew(MIN_AGE_HOURS),
      isCreator: false,
      helpfulReviewIds: [],
    });
    const creatorView = await app.inject({
      method: "GET",
      url: `/api/chatbots/${listing.id}/reviews/mine`,
      headers: { cookie: creator.cookie },
    });
    expect(creatorView.json<ReviewViewer>()).toMatchObject({ mayReview: false, isCreator: true });
  });

  test("one review per member: a second is 409; edit and delete are their own calls", async ({ app }) => {
    const listing = await listingOf(app);
    const member = await newMember(app);
    const first = await writeReview(app, member, listing.id, { rating: 4, text: "  Good company.  " });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      rating: 4,
      text: "Good company.",
      hidden: false,
      helpfulCount: 0,
      reply: null,
    });
    expect(first.headers["x-ratelimit-limit"]).toBeDefined();
    const second = await writeReview(app, member, listing.id, { rating: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: REVIEW_MESSAGES.duplicate });
    const edited = await app.inject({
      method: "PUT",
      url: `/api/chatbots/${listing.id}/reviews/mine`,
      headers: { cookie: member.cookie },
      payload: { rating: 2, text: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 2, text: null });
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 1, ratingSum: 2 });
    const removed = await trpcMutation(app, "reviews.remove", { chatbotId: listing.id }, member.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 0, ratingSum: 0 });
    const again = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${listing.id}/reviews/mine`,
      headers: { cookie: member.cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: REVIEW_MESSAGES.noReview });
  });
});

describe("the average kept by the database", () => {
  test("concurrent ratings from many members: count and average exact, never 5xx", async ({ app }) => {
    const listing = await listingOf(app);
    const members = await Promise.all(Array.from({ length: 16 }, () => newMember(app)));
    const ratings = members.map((_, index) => (index % 5) + 1);
    // Each member sends twice at once (a double click): one is written, the other is 409.
    const responses = await Promise.all(
      members.flatMap((member, index) => {
        const address = freshAddress();
        const body = { rating: ratings[index] };
        return [
          writeReview(app, member, listing.id, body, address),
          writeReview(app, member, listing.id, body, address),
        ];
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(16);
    expect(statuses.filter((status) => status === 409)).toHaveLength(16);
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    const kept = await stored(app, listing.id);
    expect(kept).toMatchObject({ ratingCount: 16, ratingSum: sum });
    expect(kept.ratingScore).toBeCloseTo(bayesianScore(16, sum), 10);
    const average = Math.round((sum / 16) * 100) / 100;
    const rest = await app.inject({ method: "GET", url: `/api/chatbots/${listing.id}` });
    expect(rest.json<Chatbot>().rating).toEqual({ average, count: 16 });
    const trpc = await trpcQuery(app, "chatbots.byId", { id: listing.id });
    expect(trpc.json().result.data.rating).toEqual({ average, count: 16 });
    // The card's copy (the stored read shape) says the same.
    const gallery = await app.inject({ method: "GET", url: "/api/chatbots?sort=newest&limit=50" });
    expect(gallery.json<Chatbot[]>().find((each) => each.id === listing.id)?.rating).toEqual({ average, count: 16 });
  });

  test("ratings from one address on one day count once; the next counts when the first is deleted", async ({ app }) => {
    const listing = await listingOf(app);
    const shared = freshAddress();
    const [a, b, c, elsewhere] = await Promise.all([newMember(app), newMember(app), newMember(app), newMember(app)]);
    // Three accounts on one address rate 5 at once, another address rates 1.
    const sent = await Promise.all([
      writeReview(app, a!, listing.id, { rating: 5 }, shared),
      writeReview(app, b!, listing.id, { rating: 5 }, shared),
      writeReview(app, c!, listing.id, { rating: 4 }, shared),
      writeReview(app, elsewhere!, listing.id, { rating: 1 }),
    ]);
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const counted = await stored(app, listing.id);
    expect(counted.ratingCount).toBe(2);
    expect([6, 5]).toContain(counted.ratingSum);
    // Every review is shown; only the average counts the address once.
    expect((await reviewsOf(app, listing.id)).json<Review[]>()).toHaveLength(4);
    // An IPv6 /64 is one address: two members on one /64 count once.
    const v6 = await listingOf(app, "Six");
    const [d, e] = await Promise.all([newMember(app), newMember(app)]);
    await writeReview(app, d!, v6.id, { rating: 5 }, "2001:db8:1:2::10");
    await writeReview(app, e!, v6.id, { rating: 1 }, "2001:db8:1:2:ffff::1");
    expect(await stored(app, v6.id)).toMatchObject({ ratingCount: 1, ratingSum: 5 });
    // The counted review deleted: the next of that address and day counts instead.
    const { countsInAverage, userId } = await app.database.db
      .selectFrom("reviews")
      .select(["countsInAverage", "userId"])
      .where("chatbotId", "=", v6.id)
      .where("countsInAverage", "=", true)
      .executeTakeFirstOrThrow();
    expect(countsInAverage).toBe(true);
    const author = userId === d!.id ? d! : e!;
    await trpcMutation(app, "reviews.remove", { chatbotId: v6.id }, author.cookie);
    expect(await stored(app, v6.id)).toMatchObject({ ratingCount: 1, ratingSum: author === d ? 1 : 5 });
  });
});

describe("helpful marks and replies", () => {
  test("helpful once per member (concurrent clicks are one mark), never one's own; counts exact", async ({ app }) => {
    const listing = await listingOf(app);
    const author = await newMember(app);
    const review = (await writeReview(app, author, listing.id, { rating: 5, text: "Lovely" })).json<Review>();
    const mark = (who: Member, method: "PUT" | "DELETE" = "PUT") =>
      app.inject({ method, url: `/api/reviews/${review.id}/helpful`, headers: { cookie: who.cookie } });
    const own = await mark(author);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: REVIEW_MESSAGES.ownHelpful });
    const fan = await newMember(app);
    const clicks = await Promise.all(Array.from({ length: 8 }, () => mark(fan)));
    expect(clicks.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const others = await Promise.all(Array.from({ length: 5 }, () => newMember(app)));
    const marks = await Promise.all(others.map((other) => mark(other)));
    expect(marks.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
    const after = await trpcMutation(app, "reviews.markHelpful", { reviewId: review.id }, fan.cookie);
    expect(after.json().result.data).toEqual({ reviewId: review.id, helpful: true, helpfulCount: 6 });
    const unmarked = await mark(others[0]!, "DELETE");
    expect(unmarked.json()).toEqual({ reviewId: review.id, helpful: false, helpfulCount: 5 });
    const mine = await trpcQuery(app, "reviews.mine", { chatbotId: listing.id }, fan.cookie);
    expect(mine.json().result.data.helpfulReviewIds).toEqual([review.id]);
    // Most helpful first.
    const second = (await writeReview(app, await newMember(app), listing.id, { rating: 3 })).json<Review>();
    const newest = (await reviewsOf(app, listing.id)).json<Review[]>().map((each) => each.id);
    expect(newest).toEqual([second.id, review.id]);
    const helpful = (await reviewsOf(app, listing.id, "?sort=helpful")).json<Review[]>().map((each) => each.id);
    expect(helpful).toEqual([review.id, second.id]);
  });

  test("helpful marks racing the review's deletion answer 200 or 404, never 5xx", async ({ app }) => {
    const listing = await listingOf(app);
    const author = await newMember(app);
    const review = (await writeReview(app, author, listing.id, { rating: 4 })).json<Review>();
    const fans = await Promise.all(Array.from({ length: 6 }, () => newMember(app)));
    const mark = (fan: Member) =>
      app.inject({ method: "PUT", url: `/api/reviews/${review.id}/helpful`, headers: { cookie: fan.cookie } });
    const [removed, ...marks] = await Promise.all([
      trpcMutation(app, "reviews.remove", { chatbotId: listing.id }, author.cookie),
      ...fans.map(mark),
    ]);
    expect(removed.statusCode).toBe(200);
    for (const answer of marks) expect([200, 404]).toContain(answer.statusCode);
    const late = await mark(fans[0]!);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ message: REVIEW_MESSAGES.notFound });
  });

  test("the creator replies once, edits and deletes the reply; nobody else may", async ({ app }) => {
    const listing = await listingOf(app);
    const author = await newMember(app);
    const review = (await writeReview(app, author, listing.id, { rating: 2, text: "Too short" })).json<Review>();
    const reply = (who: Member, method: "POST" | "PUT" | "DELETE", text?: string) =>
      app.inject({
        method,
        url: `/api/reviews/${review.id}/reply`,
        headers: { cookie: who.cookie },
        ...(text === undefined ? {} : { payload: { text } }),
      });
    const stranger = await reply(author, "POST", "Thanks");
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ message: REVIEW_MESSAGES.notCreator });
    const tooLong = await reply(creator, "POST", "x".repeat(2001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: REVIEW_MESSAGES.replyTooLong });
    const both = await Promise.all([reply(creator, "POST", "Thanks!"), reply(creator, "POST", "Thank you!")]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      message: REVIEW_MESSAGES.replyExists,
    });
    const edited = await reply(creator, "PUT", "Longer now.");
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Review>().reply).toMatchObject({ text: "Longer now." });
    const listed = (await reviewsOf(app, listing.id)).json<Review[]>();
    expect(listed[0]).toMatchObject({
      id: review.id,
      rating: 2,
      text: "Too short",
      author: { id: author.id },
      reply: { text: "Longer now." },
    });
    expect((await reply(creator, "DELETE")).json<Review>().reply).toBeNull();
    const gone = await reply(creator, "DELETE");
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: REVIEW_MESSAGES.noReply });
    expect((await reply(creator, "POST", "Again")).statusCode).toBe(201);
  });
});

describe("who sees reviews", () => {
  test("a listing one may not see: its reviews are 404 (NSFW to a visitor, withheld to anyone but its owner and moderators)", async ({
    app,
  }) => {
    const nsfw = await listingOf(app, "Spicy", { nsfw: "true" });
    const member = await newMember(app);
    expect((await writeReview(app, member, nsfw.id, { rating: 4 })).statusCode).toBe(201);
    const visitor = await reviewsOf(app, nsfw.id);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toContain("rating");
    expect((await trpcQuery(app, "reviews.list", { chatbotId: nsfw.id })).statusCode).toBe(404);
    expect((await reviewsOf(app, nsfw.id, "", member.cookie)).json<Review[]>()).toHaveLength(1);
    const hidden = await listingOf(app, "Withheld");
    expect((await writeReview(app, member, hidden.id, { rating: 4 })).statusCode).toBe(201);
    await app.database.db.updateTable("chatbots").set({ hiddenAt: new Date() }).where("id", "=", hidden.id).execute();
    expect((await reviewsOf(app, hidden.id, "", member.cookie)).statusCode).toBe(404);
    expect((await reviewsOf(app, hidden.id)).statusCode).toBe(404);
    expect((await reviewsOf(app, hidden.id, "", creator.cookie)).statusCode).toBe(200);
    expect((await reviewsOf(app, hidden.id, "", moderator.cookie)).statusCode).toBe(200);
    expect((await writeReview(app, await newMember(app), hidden.id, { rating: 1 })).statusCode).toBe(404);
    expect((await reviewsOf(app, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await reviewsOf(app, nsfw.id, "?cursor=not-a-cursor", member.cookie)).statusCode).toBe(400);
  });

  test("a suspended member's reviews are hidden and out of the average until the suspension is lifted", async ({
    app,
  }) => {
    const listing = await listingOf(app);
    const [kept, suspended] = await Promise.all([newMember(app), newMember(app)]);
    await writeReview(app, kept!, listing.id, { rating: 4 });
    await writeReview(app, suspended!, listing.id, { rating: 1 });
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 2, ratingSum: 5 });
    const suspend = await queueAction(app, moderator.cookie, {
      targetKind: "profile",
      targetId: suspended!.id,
      action: "suspend",
      reason: "Rigging ratings",
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 1, ratingSum: 4 });
    expect((await reviewsOf(app, listing.id)).json<Review[]>().map((review) => review.author.id)).toEqual([kept!.id]);
    const lift = await queueAction(app, moderator.cookie, {
      targetKind: "profile",
      targetId: suspended!.id,
      action: "lift",
    });
    expect(lift.statusCode, lift.body).toBe(200);
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 2, ratingSum: 5 });
    expect((await reviewsOf(app, listing.id)).json<Review[]>()).toHaveLength(2);
  });

  test("personal answers are never in a shared copy: the list is the same for everyone", async ({ app }) => {
    const listing = await listingOf(app);
    const author = await newMember(app);
    const review = (await writeReview(app, author, listing.id, { rating: 5 })).json<Review>();
    const fan = await newMember(app);
    await app.inject({ method: "PUT", url: `/api/reviews/${review.id}/helpful`, headers: { cookie: fan.cookie } });
    const bodies = await Promise.all(
      [undefined, author.cookie, fan.cookie, creator.cookie].map(
        async (cookie) => (await reviewsOf(app, listing.id, "", cookie)).body,
      ),
    );
    expect(new Set(bodies).size).toBe(1);
    for (const key of [
      'helpful"',
      "hidden",
      "helpfulReviewIds",
      "mayReview",
      "email",
      "countsInAverage",
      "authorAddress",
    ]) {
      expect(bodies[0]).not.toContain(key);
    }
    const visitorList = await reviewsOf(app, listing.id);
    expect(visitorList.headers["cache-control"] ?? "").not.toContain("private");
    const mine = await app.inject({
      method: "GET",
      url: `/api/chatbots/${listing.id}/reviews/mine`,
      headers: { cookie: fan.cookie },
    });
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.json<ReviewViewer>().helpfulReviewIds).toEqual([review.id]);
  });
});

describe("reports and moderation", () => {
  test("a reported review reaches the queue; hide, restore and delete are audit-logged; a no-op is 409", async ({
    app,
  }) => {
    const listing = await listingOf(app);
    const [author, other] = await Promise.all([newMember(app), newMember(app)]);
    const review = (await writeReview(app, author!, listing.id, { rating: 1, text: "Spam spam" })).json<Review>();
    await writeReview(app, other!, listing.id, { rating: 5 });
    const own = await app.inject({
      method: "POST",
      url: "/api/reports",
      headers: { cookie: author!.cookie },
      payload: { targetKind: "review", targetId: review.id, reason: "spam" },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: REVIEW_MESSAGES.ownReport });
    const reported = await app.inject({
      method: "POST",
      url: "/api/reports",
      headers: { cookie: other!.cookie },
      payload: { targetKind: "review", targetId: review.id, reason: "spam" },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const queue = await trpcQuery(app, "moderation.queue", { limit: 50 }, moderator.cookie);
    const item = queue.json().result.data.items.find((each: { targetId: string }) => each.targetId === review.id);
    expect(item).toMatchObject({
      targetKind: "review",
      openCount: 1,
      review: {
        id: review.id,
        chatbotId: listing.id,
        rating: 1,
        text: "Spam spam",
        authorId: author!.id,
        hidden: false,
      },
      actions: ["hide", "delete", "dismiss"],
    });
    expect(
      (
        await queueAction(app, author!.cookie, {
          targetKind: "review",
          targetId: review.id,
          action: "hide",
          reason: "x",
        })
      ).statusCode,
    ).toBe(403);
    const hide = await queueAction(app, moderator.cookie, {
      targetKind: "review",
      targetId: review.id,
      action: "hide",
      reason: "Spam",
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ closedReports: 1 });
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 1, ratingSum: 5 });
    expect((await reviewsOf(app, listing.id)).json<Review[]>().map((each) => each.id)).not.toContain(review.id);
    const mine = await trpcQuery(app, "reviews.mine", { chatbotId: listing.id }, author!.cookie);
    expect(mine.json().result.data.review).toMatchObject({ id: review.id, hidden: true });
    const again = await queueAction(app, moderator.cookie, {
      targetKind: "review",
      targetId: review.id,
      action: "hide",
      reason: "Spam",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MODERATION_MESSAGES.nothingToChange });
    const suspendReview = await queueAction(app, moderator.cookie, {
      targetKind: "review",
      targetId: review.id,
      action: "markNsfw",
    });
    expect(suspendReview.statusCode).toBe(400);
    expect(
      (await queueAction(app, moderator.cookie, { targetKind: "review", targetId: review.id, action: "restore" }))
        .statusCode,
    ).toBe(200);
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 2, ratingSum: 6 });
    expect(
      (await queueAction(app, moderator.cookie, { targetKind: "review", targetId: review.id, action: "delete" }))
        .statusCode,
    ).toBe(200);
    expect(await stored(app, listing.id)).toMatchObject({ ratingCount: 1, ratingSum: 5 });
    const entries = await app.database.db
      .selectFrom("auditLog")
      .select(["action", "targetKind", "moderatorId"])
      .where("targetId", "=", review.id)
      .orderBy("id")
      .execute();
    expect(entries).toEqual([
      { action: "review.hide", targetKind: "review", moderatorId: moderator.id },
      { action: "report.resolve", targetKind: "review", moderatorId: moderator.id },
      { action: "review.restore", targetKind: "review", moderatorId: moderator.id },
      { action: "review.delete", targetKind: "review", moderatorId: moderator.id },
    ]);
    expect(
      (await queueAction(app, moderator.cookie, { targetKind: "review", targetId: review.id, action: "restore" }))
        .statusCode,
    ).toBe(404);
  });
});

describe("Top rated", () => {
  test("sorts by the Bayesian score: one 5-star review does not beat 40 reviews averaging 4.6", async ({ app }) => {
    const single = await listingOf(app, "One Five Star");
    const many = await listingOf(app, "Forty Reviews");
    expect((await writeReview(app, await newMember(app), single.id, { rating: 5 })).statusCode).toBe(201);
    // 40 members, each from their own address: 24 five-star and 16 four-star reviews (4.6).
    const db = app.database.db;
    const users = await db
      .insertInto("users")
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          email: `forty-${index}-${randomUUID().slice(0, 6)}@example.com`,
          isApproved: true,
          emailVerified: true,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("reviews")
      .values(
        users.map((user, index) => ({
          chatbotId: many.id,
          userId: user.id,
          rating: index < 24 ? 5 : 4,
          authorAddress: Buffer.from(`address-${index}`),
        })),
      )
      .execute();
    expect(await stored(app, many.id)).toMatchObject({ ratingCount: 40, ratingSum: 184 });
    expect((await stored(app, many.id)).ratingScore).toBeCloseTo(bayesianScore(40, 184), 10);
    expect((await stored(app, single.id)).ratingScore).toBeCloseTo(bayesianScore(1, 5), 10);
    const order = (await app.inject({ method: "GET", url: "/api/chatbots?sort=rated&limit=50" }))
      .json<Chatbot[]>()
      .map((each) => each.id);
    expect(order.indexOf(many.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(many.id)).toBeLessThan(order.indexOf(single.id));
    expect(order[0]).toBe(many.id);
    // Pages follow the same order over tRPC, a cursor at a time.
    const first = await trpcQuery(app, "chatbots.list", { sort: "rated", limit: 1 });
    const page = first.json().result.data;
    expect(page.items[0].id).toBe(many.id);
    expect(page.items[0].rating).toEqual({ average: 4.6, count: 40 });
    const next = await trpcQuery(app, "chatbots.list", { sort: "rated", limit: 1, cursor: page.nextCursor });
    expect(next.json().result.data.items[0].id).toBe(order[1]);
  });
});
