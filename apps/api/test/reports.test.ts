import { createHash } from "node:crypto";
import { REPORT_CONFIRMATION } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { createAccount, type Member, setRole, signInWithToken, signUp, verifyEmail } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { queueAction } from "./support/moderation.js";
import { getAs, trpcMutation, trpcQuery } from "./support/requests.js";
import { updateUser } from "./support/rows.js";

/**
 * Issue 23: reports of listings and profiles, the moderation queue and its actions, protection before review,
 * decisions the creator is told and may appeal once, suspended creators, possible duplicates. What visitors and
 * other members can no longer reach is checked through every kind of read.
 */
test.override("appEnv", { REPORTS_PER_HOUR: "6" });

let app: TestApp;
let moderator: Member;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  moderator = await signUp(app);
  await setRole(app, moderator.user.id, "admin");
});

/** A visitor is their address (issue 36): each name, and each member, reports from an address of its own. */
const addressOf = (key: string) => {
  const hash = createHash("sha256").update(key).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
};

function report(body: Record<string, unknown>, as: { cookie?: string; visitor?: string }) {
  return app.inject({
    method: "POST",
    url: "/api/reports",
    remoteAddress: addressOf(as.cookie ?? `visitor:${as.visitor ?? "v"}`),
    headers: { ...(as.cookie ? { cookie: as.cookie } : {}), "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Visitor" },
    payload: body,
  });
}

/**
 * A member whose reports weigh towards hiding a listing (issue 36): e-mail verified at the provider, account 4 days old.
 */
async function trustedMember() {
  const account = await verifyEmail(await createAccount());
  const session = await signInWithToken(app, account.idToken);
  await app.database.db
    .updateTable("users")
    .set({ createdAt: new Date(Date.now() - 4 * 86_400_000) })
    .where("id", "=", session.user.id)
    .execute();
  return session;
}
const act = (body: Record<string, unknown>, cookie = moderator.cookie) => queueAction(app, cookie, body);
const queue = async () => (await getAs(app, "/api/admin/queue?limit=100", moderator.cookie)).json() as QueueItem[];
type QueueItem = {
  targetId: string;
  openCount: number;
  reasonCounts: Record<string, number>;
  isAppeal: boolean;
  latest: Array<{ reason: string; details: string | null; originalUrl: string | null; reporterKind: string }>;
  appeal: {
    decision: { kind: string; decidedBy: string | null; decidedAt: string };
    message: string | null;
    appealedAt: string;
  } | null;
  listing: {
    id: string;
    title: string;
    userId: string;
    userName: string;
    userEmail: string | null;
    state: { hidden: boolean; reviewPending: boolean };
  } | null;
  duplicateOf: { id: string } | null;
  profile: { id: string; name: string; suspended: boolean } | null;
  actions: string[];
};
const galleryIds = async (cookie?: string) =>
  ((await getAs(app, "/api/chatbots?limit=100", cookie)).json() as Array<{ id: string }>).map((bot) => bot.id);
const auditActions = async (targetId: string) =>
  (
    await app.database.db
      .selectFrom("auditLog")
      .select(["action", "moderatorName"])
      .where("targetId", "=", targetId)
      .orderBy("id")
      .execute()
  ).map((row) => row.action);

describe("reporting", () => {
  test("a visitor and a member report a listing; the answer says what happens next; a second report is refused", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Reported Bot" });
    const member = await signUp(app);
    const first = await report({ targetKind: "listing", targetId: listing.id, reason: "spam" }, { visitor: "a" });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(REPORT_CONFIRMATION);
    expect(REPORT_CONFIRMATION).toBe(
      "Thanks for your report. A moderator will review it and act if it breaks our rules; if several people report a listing as mislabelled, it is hidden until then.",
    );
    const again = await report({ targetKind: "listing", targetId: listing.id, reason: "other" }, { visitor: "a" });
    expect([again.statusCode, again.json().message]).toEqual([409, "You have already reported this"]);
    const byMember = await trpcMutation(
      app,
      "moderation.report",
      { targetKind: "listing", targetId: listing.id, reason: "other", details: "Looks copied" },
      member.cookie,
    );
    expect(byMember.statusCode).toBe(200);
    const item = (await queue()).find((entry) => entry.targetId === listing.id)!;
    expect(item.openCount).toBe(2);
    expect(item.reasonCounts).toEqual({ spam: 1, other: 1 });
    expect(item.latest.map((entry) => [entry.reason, entry.details, entry.reporterKind])).toEqual([
      ["other", "Looks copied", "member"],
      ["spam", null, "visitor"],
    ]);
    expect(item.listing?.title).toBe("Reported Bot");
  });

  test("bad reports get a clear 4xx and change nothing", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Own Bot" });
    const cases: Array<[Record<string, unknown>, { cookie?: string }, number, string]> = [
      [{ targetKind: "listing", targetId: listing.id, reason: "bogus" }, {}, 400, "Choose a reason"],
      [
        { targetKind: "listing", targetId: listing.id, reason: "other", details: "x".repeat(1001) },
        {},
        400,
        "Details must be at most 1000 characters",
      ],
      [
        { targetKind: "listing", targetId: listing.id, reason: "stolen" },
        {},
        400,
        "Please add the link to the original",
      ],
      [
        { targetKind: "listing", targetId: "7d0f5c1e-8a53-4c59-9a4f-3f4f9d1f0c11", reason: "spam" },
        {},
        404,
        "Chatbot not found",
      ],
      [
        { targetKind: "profile", targetId: "7d0f5c1e-8a53-4c59-9a4f-3f4f9d1f0c11", reason: "spam" },
        {},
        404,
        "User not found",
      ],
      [
        { targetKind: "listing", targetId: listing.id, reason: "spam" },
        { cookie: creator.cookie },
        400,
        "You cannot report your own listing",
      ],
      [
        { targetKind: "profile", targetId: creator.user.id, reason: "spam" },
        { cookie: creator.cookie },
        400,
        "You cannot report your own profile",
      ],
    ];
    for (const [body, as, status, message] of cases) {
      const response = await report(body, { ...as, visitor: "bad" });
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    expect((await queue()).some((entry) => entry.targetId === listing.id || entry.targetId === creator.user.id)).toBe(
      false,
    );
  });

  test("a stolen listing's report carries the original's link; NSFW listings cannot be reported by visitors", async () => {
    const creator = await signUp(app);
    const stolen = await createListing(app, creator.cookie, { title: "Copy" });
    const nsfw = await createListing(app, creator.cookie, { title: "Spicy", nsfw: "true" });
    const ok = await report(
      { targetKind: "listing", targetId: stolen.id, reason: "stolen", originalUrl: "https://example.com/original" },
      { visitor: "s" },
    );
    expect(ok.statusCode).toBe(201);
    // Another reason's report keeps no link, whatever it sends.
    const spam = await report(
      { targetKind: "listing", targetId: stolen.id, reason: "spam", originalUrl: "https://example.com/elsewhere" },
      { visitor: "s2" },
    );
    expect(spam.statusCode).toBe(201);
    // Moderators read the link back in the queue, beside the report that gave it.
    const item = (await queue()).find((entry) => entry.targetId === stolen.id)!;
    expect(item.latest.map(({ reason, originalUrl }) => ({ reason, originalUrl }))).toEqual([
      { reason: "spam", originalUrl: null },
      { reason: "stolen", originalUrl: "https://example.com/original" },
    ]);
    const refused = await report({ targetKind: "listing", targetId: nsfw.id, reason: "spam" }, { visitor: "s" });
    expect(refused.statusCode).toBe(401);
  });

  test("a card's menu is the server's: its owner may edit and delete it, anyone else report it (issue 40)", async () => {
    const creator = await signUp(app);
    const other = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Mine" });
    const nsfw = await createListing(app, creator.cookie, { title: "Mine, NSFW", nsfw: "true" });
    const actions = async (id: string, cookie?: string) => {
      const response = await trpcQuery(app, "chatbots.actions", { id }, cookie);
      return response.statusCode === 200 ? response.json().result.data : response.statusCode;
    };
    expect(await actions(listing.id, creator.cookie)).toEqual({ edit: true, delete: true, report: false });
    expect(await actions(listing.id, other.cookie)).toEqual({ edit: false, delete: false, report: true });
    expect(await actions(listing.id)).toEqual({ edit: false, delete: false, report: true });
    // A moderator reports another's listing here too (editing it is the moderation tools' business).
    expect(await actions(listing.id, moderator.cookie)).toEqual({ edit: false, delete: false, report: true });
    // What its page answers: a visitor gets 401 for an NSFW listing, anyone 404 for an unknown one.
    expect(await actions(nsfw.id)).toBe(401);
    expect(await actions("7d0f5c1e-8a53-4c59-9a4f-3f4f9d1f0c11", other.cookie)).toBe(404);
    // A suspended creator may neither change their listing (refused at the write) nor report anything.
    await app.database.db
      .updateTable("users")
      .set({ suspendedAt: new Date() })
      .where("id", "=", creator.user.id)
      .execute();
    expect(await actions(listing.id, creator.cookie)).toEqual({ edit: false, delete: false, report: false });
  });

  test("a reporter may send only so many reports an hour (429)", async () => {
    const creator = await signUp(app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const listing = await createListing(app, creator.cookie, { title: `Spam ${i}` });
      const response = await report(
        { targetKind: "listing", targetId: listing.id, reason: "spam" },
        { visitor: "busy" },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json().message).toBe("You have sent too many reports, please try again later");
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  test("a page past the queue's end is an empty page, not an error", async () => {
    const past = ["newest", "1970-01-01T00:00:00+00:00", "00000000-0000-4000-8000-000000000000"];
    const cursor = Buffer.from(JSON.stringify(past)).toString("base64url");
    const page = await getAs(app, `/api/admin/queue?limit=5&cursor=${cursor}`, moderator.cookie);
    expect([page.statusCode, page.json()]).toEqual([200, []]);
  });

  test("members and visitors are refused the queue", async () => {
    const member = await signUp(app);
    expect((await getAs(app, "/api/admin/queue")).statusCode).toBe(401);
    expect((await getAs(app, "/api/admin/queue", member.cookie)).statusCode).toBe(403);
    expect(
      (await act({ targetKind: "profile", targetId: member.user.id, action: "dismiss" }, member.cookie)).statusCode,
    ).toBe(403);
  });
});

describe("protection before review and appeals", () => {
  test("two trusted members reporting an SFW listing as mislabelled hide it at once; the creator is told and may appeal once", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Mislabelled Bot" });
    const reporter = await trustedMember();
    const other = await trustedMember();
    expect(await galleryIds()).toContain(listing.id);
    await report({ targetKind: "listing", targetId: listing.id, reason: "mislabelled" }, { cookie: reporter.cookie });
    // A trusted member counts 2 of the 3: still shown.
    expect(await galleryIds()).toContain(listing.id);
    await report({ targetKind: "listing", targetId: listing.id, reason: "mislabelled" }, { cookie: other.cookie });
    // Hidden at once from visitors and other members, through every kind of read.
    await expect.poll(() => galleryIds()).not.toContain(listing.id);
    expect(await galleryIds(reporter.cookie)).not.toContain(listing.id);
    expect((await getAs(app, `/api/chatbots/${listing.id}`)).statusCode).toBe(404);
    expect((await getAs(app, `/api/chatbots/${listing.id}`, reporter.cookie)).statusCode).toBe(404);
    expect((await getAs(app, `/api/users/${creator.user.id}/chatbots`)).json()).toEqual([]);
    expect((await getAs(app, "/sitemap-listings.xml")).body).not.toContain(listing.id);
    // The owner and moderators still see it.
    expect((await getAs(app, `/api/chatbots/${listing.id}`, creator.cookie)).statusCode).toBe(200);
    expect((await getAs(app, `/api/chatbots/${listing.id}`, moderator.cookie)).statusCode).toBe(200);
    const own = (await getAs(app, "/api/user/chatbots", creator.cookie)).json() as Array<{ id: string }>;
    expect(own.map((bot) => bot.id)).toContain(listing.id);

    const notices = (await getAs(app, "/api/user/moderation", creator.cookie)).json();
    const notice = notices.listings.find((entry: { chatbotId: string }) => entry.chatbotId === listing.id);
    expect(notice.state.reviewPending).toBe(true);
    expect(notice.decision).toMatchObject({
      kind: "autoHidden",
      reason: "Reported as mislabelled (NSFW shown as SFW) by several people",
      canAppeal: true,
    });
    expect(await auditActions(listing.id)).toEqual(["listing.hide"]);
    // The log names the system as who hid it, and what changed.
    expect(
      await app.database.db
        .selectFrom("auditLog")
        .select(["moderatorId", "moderatorName", "targetLabel", "before", "after"])
        .where("targetId", "=", listing.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      moderatorId: null,
      moderatorName: "system (reports)",
      targetLabel: "Mislabelled Bot",
      before: { reviewPending: false },
      after: { reviewPending: true, reason: "Reported as mislabelled (NSFW shown as SFW) by several people" },
    });

    const appeal = (cookie: string) =>
      app.inject({
        method: "POST",
        url: "/api/user/appeals",
        headers: { cookie },
        payload: { decisionId: notice.decision.id, message: "It is SFW" },
      });
    expect((await appeal(reporter.cookie)).statusCode).toBe(404);
    const first = await appeal(creator.cookie);
    expect([first.statusCode, first.json().message]).toEqual([
      201,
      "Your request for a review is in the moderators' queue.",
    ]);
    const second = await appeal(creator.cookie);
    expect([second.statusCode, second.json().message]).toEqual([
      409,
      "You have already asked for a review of this decision",
    ]);
    const item = (await queue()).find((entry) => entry.targetId === listing.id)!;
    expect(item.isAppeal).toBe(true);
    expect(item.reasonCounts).toEqual({ mislabelled: 2, appeal: 1 });
    expect(item.latest[0]).toMatchObject({ reason: "appeal", details: null, reporterKind: "creator" });
    expect(item.appeal).toMatchObject({ decision: { kind: "autoHidden", decidedBy: null }, message: "It is SFW" });
    // Asked once: the notice says when, and offers no second appeal.
    const appealed = (await getAs(app, "/api/user/moderation", creator.cookie))
      .json()
      .listings.find((entry: { chatbotId: string }) => entry.chatbotId === listing.id);
    expect(appealed.decision.canAppeal).toBe(false);
    expect(Date.parse(appealed.decision.appealedAt)).not.toBeNaN();
    // The queue says when the creator asked, not when the decision was made.
    expect(item.appeal!.appealedAt).toBe(appealed.decision.appealedAt);
    expect(item.appeal!.appealedAt).not.toBe(item.appeal!.decision.decidedAt);

    // Dismissing the reports shows it again and closes every one of them.
    const dismissed = await act({ targetKind: "listing", targetId: listing.id, action: "dismiss" });
    expect(dismissed.json()).toEqual({ closedReports: 3, outcome: "dismissed" });
    await expect.poll(() => galleryIds()).toContain(listing.id);
    expect((await queue()).some((entry) => entry.targetId === listing.id)).toBe(false);
    expect(await auditActions(listing.id)).toEqual(["listing.hide", "listing.restore", "report.dismiss"]);
  });

  test("an NSFW listing is not hidden by mislabelled reports", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Labelled NSFW", nsfw: "true" });
    for (const name of ["n1", "n2"]) {
      const member = await trustedMember();
      const sent = await report(
        { targetKind: "listing", targetId: listing.id, reason: "mislabelled", details: name },
        { cookie: member.cookie },
      );
      // The second brings the weight to the threshold: nothing to hide, and the report is taken all the same.
      expect(sent.statusCode).toBe(201);
    }
    const reviewPending = async () =>
      (
        await app.database.db
          .selectFrom("chatbots")
          .select("reviewPending")
          .where("id", "=", listing.id)
          .executeTakeFirstOrThrow()
      ).reviewPending;
    expect(await reviewPending()).toBe(false);
    // Labelled SFW since, with those reports' weight still open: a report for another reason hides nothing (only a
    // "mislabelled" report of a listing weighs the reports again).
    await app.database.db.updateTable("chatbots").set({ nsfw: false }).where("id", "=", listing.id).execute();
    const spam = await report(
      { targetKind: "listing", targetId: listing.id, reason: "spam" },
      { visitor: "relabelled" },
    );
    expect(spam.statusCode).toBe(201);
    expect(await reviewPending()).toBe(false);
  });
});

describe("moderator actions", () => {
  test("hide with a reason, then restore: gone for everyone but the owner and moderators, then back", async () => {
    const creator = await signUp(app);
    // A picture of its own (images are stored by content: a shared one stays public through other listings).
    const listing = await createListing(app, creator.cookie, { title: "Hide Me" }, await pngImage(48, 96, "#123456"));
    const member = await signUp(app);
    await report({ targetKind: "listing", targetId: listing.id, reason: "illegal" }, { cookie: member.cookie });
    expect((await act({ targetKind: "listing", targetId: listing.id, action: "hide" })).json().message).toBe(
      "Please give a reason",
    );
    const hidden = await act({ targetKind: "listing", targetId: listing.id, action: "hide", reason: "Breaks rule 3" });
    expect(hidden.json()).toEqual({ closedReports: 1, outcome: "hidden" });
    await expect.poll(() => galleryIds(member.cookie)).not.toContain(listing.id);
    expect((await getAs(app, `/go/${listing.id}/polybuzz`)).statusCode).toBe(404);
    // Its pictures: its creator and moderators only.
    expect((await getAs(app, listing.imageUrl!)).statusCode).toBe(401);
    expect((await getAs(app, listing.imageUrl!, member.cookie)).statusCode).toBe(401);
    expect((await getAs(app, listing.imageUrl!, creator.cookie)).statusCode).toBe(200);
    expect((await getAs(app, listing.imageUrl!, moderator.cookie)).statusCode).toBe(200);
    const notices = (await getAs(app, "/api/user/moderation", creator.cookie)).json();
    expect(notices.listings[0]).toMatchObject({
      chatbotId: listing.id,
      state: { hidden: true, hiddenReason: "Breaks rule 3" },
      decision: { kind: "hidden", reason: "Breaks rule 3", canAppeal: true },
    });
    await act({ targetKind: "listing", targetId: listing.id, action: "restore" });
    await expect.poll(() => galleryIds(member.cookie)).toContain(listing.id);
    expect(await auditActions(listing.id)).toEqual(["listing.hide", "report.resolve", "listing.restore"]);
  });

  test("mark NSFW and delete close the target's reports", async () => {
    const creator = await signUp(app);
    const spicy = await createListing(app, creator.cookie, { title: "Actually Spicy" });
    const gone = await createListing(app, creator.cookie, { title: "Delete Me" });
    await report({ targetKind: "listing", targetId: spicy.id, reason: "mislabelled" }, { visitor: "x1" });
    await report({ targetKind: "listing", targetId: gone.id, reason: "illegal" }, { visitor: "x1" });
    expect((await act({ targetKind: "listing", targetId: spicy.id, action: "markNsfw" })).json()).toEqual({
      closedReports: 1,
      outcome: "marked NSFW",
    });
    expect((await getAs(app, `/api/chatbots/${spicy.id}`)).statusCode).toBe(401);
    expect((await act({ targetKind: "listing", targetId: gone.id, action: "delete" })).json()).toEqual({
      closedReports: 1,
      outcome: "deleted",
    });
    expect((await getAs(app, `/api/chatbots/${gone.id}`, moderator.cookie)).statusCode).toBe(404);
    expect(await auditActions(gone.id)).toEqual(["listing.delete", "report.resolve"]);
    const closed = await app.database.db
      .selectFrom("reports")
      .select(["status", "outcome"])
      .where("targetId", "=", gone.id)
      .execute();
    expect(closed).toEqual([{ status: "closed", outcome: "deleted" }]);
  });

  test("a suspended creator keeps their account but nothing of theirs is public and they cannot publish; lift undoes it", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Suspended Creator's Bot" });
    await report({ targetKind: "profile", targetId: creator.user.id, reason: "spam" }, { visitor: "p1" });
    const suspended = await act({
      targetKind: "profile",
      targetId: creator.user.id,
      action: "suspend",
      reason: "Spam bots",
    });
    expect(suspended.json()).toEqual({ closedReports: 1, outcome: "creator suspended" });
    await expect.poll(() => galleryIds()).not.toContain(listing.id);
    expect((await getAs(app, `/api/users/${creator.user.id}`)).statusCode).toBe(404);
    expect((await getAs(app, `/api/users/${creator.user.id}/chatbots`)).statusCode).toBe(404);
    expect((await getAs(app, "/sitemap-profiles.xml")).body).not.toContain(creator.user.id);
    // They still sign in and see their own things, and are told why.
    expect((await getAs(app, "/api/auth/user", creator.cookie)).statusCode).toBe(200);
    expect((await getAs(app, `/api/chatbots/${listing.id}`, creator.cookie)).statusCode).toBe(200);
    const notices = (await getAs(app, "/api/user/moderation", creator.cookie)).json();
    expect(notices.suspension).toMatchObject({ reason: "Spam bots", decision: { kind: "suspended", canAppeal: true } });
    const create = await trpcMutation(app, "chatbots.delete", { id: listing.id }, creator.cookie);
    expect(create.json().error.message).toBe("Your account is suspended: you cannot publish or change listings");
    // A moderator cannot be suspended; lifting shows everything again.
    expect(
      (await act({ targetKind: "profile", targetId: moderator.user.id, action: "suspend", reason: "x" })).statusCode,
    ).toBe(403);
    await act({ targetKind: "profile", targetId: creator.user.id, action: "lift" });
    await expect.poll(() => galleryIds()).toContain(listing.id);
    expect((await getAs(app, `/api/users/${creator.user.id}`)).statusCode).toBe(200);
    expect(await auditActions(creator.user.id)).toEqual(["user.suspend", "report.resolve", "user.lift"]);
  });

  test("two moderators acting on one target at once, and an action racing a delete, answer 2xx or 4xx", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Contested" });
    await report({ targetKind: "listing", targetId: listing.id, reason: "spam" }, { visitor: "c1" });
    const second = await signUp(app);
    await setRole(app, second.user.id, "admin");
    const answers = await Promise.all([
      act({ targetKind: "listing", targetId: listing.id, action: "hide", reason: "one" }),
      act({ targetKind: "listing", targetId: listing.id, action: "hide", reason: "two" }, second.cookie),
      act({ targetKind: "listing", targetId: listing.id, action: "delete" }),
      act({ targetKind: "listing", targetId: listing.id, action: "restore" }, second.cookie),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const succeeded = answers.filter((answer) => answer.statusCode === 200).length;
    // One entry per action that succeeded, and one report.resolve from the first of them (the one that closed the report).
    const actions = await auditActions(listing.id);
    expect(actions.filter((action) => action !== "report.resolve").length).toBe(succeeded);
    expect(actions.filter((action) => action === "report.resolve")).toEqual(["report.resolve"]);
    expect(await auditActions(listing.id)).toContain("listing.delete");
  });
});

describe("possible duplicates", () => {
  test("a listing under an identifier another creator listed is published and queued beside the first", async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const original = await createListing(app, first.cookie, {
      title: "Original",
      polybuzzCid: "dup-1",
      polybuzzUrl: "https://polybuzz.ai/c/dup-1",
    });
    const copy = await createListing(app, second.cookie, {
      title: "Copy",
      polybuzzCid: "dup-1",
      polybuzzUrl: "https://polybuzz.ai/c/dup-1",
    });
    expect(await galleryIds()).toContain(copy.id);
    const item = (await queue()).find((entry) => entry.targetId === copy.id)!;
    expect(item.reasonCounts).toEqual({ duplicate: 1 });
    expect(item.duplicateOf?.id).toBe(original.id);
    expect(item.latest.map((entry) => entry.reporterKind)).toEqual(["system"]);
    // The same creator listing it twice is not a duplicate.
    await createListing(app, first.cookie, { title: "Mine", roleplayaCid: "own-1" });
    const again = await createListing(app, first.cookie, { title: "Mine again", roleplayaCid: "own-1" });
    expect((await queue()).some((entry) => entry.targetId === again.id)).toBe(false);
    // The first listing deleted since: the copy stays queued, beside nothing.
    expect((await trpcMutation(app, "chatbots.delete", { id: original.id }, first.cookie)).statusCode).toBe(200);
    expect((await queue()).find((entry) => entry.targetId === copy.id)).toMatchObject({
      reasonCounts: { duplicate: 1 },
      listing: { id: copy.id },
      duplicateOf: null,
    });
  });
});

describe("the queue a page at a time", () => {
  test("most recently reported first (of two reported at once, the higher id); every target once, one a page over tRPC and two a page by the Link header over REST", async () => {
    const creator = await signUp(app);
    const ids: string[] = [];
    for (const title of ["Paged One", "Paged Two", "Paged Three"]) {
      const listing = await createListing(app, creator.cookie, { title });
      const sent = await report({ targetKind: "listing", targetId: listing.id, reason: "spam" }, { visitor: title });
      expect(sent.statusCode).toBe(201);
      ids.push(listing.id);
    }
    const [first, second, third] = ids as [string, string, string];
    // The first two reported at the same moment.
    await app.database.db
      .updateTable("reportTargets")
      .set((eb) => ({
        lastReportAt: eb
          .selectFrom("reportTargets as other")
          .select("other.lastReportAt")
          .where("other.targetId", "=", second),
      }))
      .where("targetId", "=", first)
      .execute();
    const all = (await queue()).map((item) => item.targetId);
    expect(all.slice(0, 3)).toEqual([third, ...[first, second].sort().reverse()]);

    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await trpcQuery(
        app,
        "moderation.queue",
        { limit: 1, ...(cursor ? { cursor } : {}) },
        moderator.cookie,
      );
      expect(page.statusCode, page.body).toBe(200);
      const { items, nextCursor } = page.json().result.data as { items: QueueItem[]; nextCursor: string | null };
      expect(items).toHaveLength(1);
      walked.push(items[0]!.targetId);
      cursor = nextCursor;
    } while (cursor && walked.length <= all.length);
    expect(walked).toEqual(all);

    const pages: string[][] = [];
    let next: string | undefined = "/api/admin/queue?limit=2";
    while (next && pages.length <= all.length) {
      const page = await getAs(app, next, moderator.cookie);
      expect(page.statusCode, page.body).toBe(200);
      pages.push((page.json() as QueueItem[]).map((item) => item.targetId));
      next = /^<([^>]+)>; rel="next"$/.exec(String(page.headers.link ?? ""))?.[1];
    }
    expect(pages.flat()).toEqual(all);
    // Full pages but the last, and none empty.
    const sizes = Array.from({ length: Math.ceil(all.length / 2) }, (_, i) => Math.min(2, all.length - 2 * i));
    expect(pages.map((page) => page.length)).toEqual(sizes);
  });

  test("a cursor this queue did not make is a 400 in words", async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const uuid = "00000000-0000-4000-8000-000000000000";
    for (const cursor of [
      "not-a-cursor",
      encode(["newest", "yesterday", uuid]),
      encode(["newest", "2026-01-01T00:00:00+00:00", "not-an-id"]),
      encode(["popular", "2026-01-01T00:00:00+00:00", uuid]),
    ]) {
      const page = await getAs(app, `/api/admin/queue?cursor=${cursor}`, moderator.cookie);
      expect([page.statusCode, page.json()], cursor).toEqual([
        400,
        { message: "Invalid cursor", code: "invalid_input" },
      ]);
    }
  });

  test("an item shows the listing with its creator as moderators see them, marking NSFW first when reported as mislabelled; a moderator's reported profile offers only dismissing", async () => {
    const creator = await signUp(app);
    await updateUser(app, creator.user.id, { nickname: "Named Nia" });
    const listing = await createListing(app, creator.cookie, { title: "Named Nia's Bot" });
    const colleague = await signUp(app);
    await setRole(app, colleague.user.id, "admin");
    for (const [targetKind, targetId, reason] of [
      ["listing", listing.id, "mislabelled"],
      ["profile", colleague.user.id, "spam"],
    ]) {
      const sent = await report({ targetKind, targetId, reason }, { visitor: "named" });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const items = await queue();
    expect(items.find((entry) => entry.targetId === listing.id)).toMatchObject({
      listing: {
        id: listing.id,
        title: "Named Nia's Bot",
        userId: creator.user.id,
        userName: "Named Nia",
        userEmail: creator.account.email,
      },
      profile: { id: creator.user.id, name: "Named Nia", suspended: false },
      // One visitor's report hides nothing: not an appeal, so the suggestion comes first.
      isAppeal: false,
      actions: ["markNsfw", "dismiss", "hide", "delete", "suspend"],
    });
    expect(items.find((entry) => entry.targetId === colleague.user.id)).toMatchObject({
      listing: null,
      profile: { id: colleague.user.id, suspended: false },
      actions: ["dismiss"],
    });
  });
});

describe("the panel's statistics", () => {
  test("count targets in the queue", async () => {
    const stats = (await trpcQuery(app, "admin.stats", undefined, moderator.cookie)).json().result.data;
    expect(stats.openReports).toBe((await queue()).length);
  });
});
