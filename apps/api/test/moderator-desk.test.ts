import { describe, expect } from "vitest";
import { isNsfwKey } from "../src/domain/images/keys.js";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart } from "./support/images.js";
import { auditEntries, listingNotice, moderationNotices, queueAction, visitorReport } from "./support/moderation.js";
import { getAs, sendForm, trpcMutation } from "./support/requests.js";
import { updateUser } from "./support/rows.js";

/**
 * The moderator's desk (issue 40 §3), as a moderator, a creator and the audit log's reader see it over both
 * transports: an action that would change nothing is a 409 "Nothing to change" with no audit entry; two moderators
 * doing the same at once get one 2xx and one 409 and leave one entry; an appeal carries the creator's message (at
 * most 500 characters) to the queue beside the decision appealed; the log says what changed in words.
 */
type Entry = {
  action: string;
  changes: Array<{ field: string; label: string; before: string | null; after: string | null }>;
};
type QueueItem = {
  targetId: string;
  isAppeal: boolean;
  actions: string[];
  appeal: {
    decision: { kind: string; reason: string | null; decidedAt: string; decidedBy: string | null };
    message: string | null;
    appealedAt: string;
  } | null;
};

let app: TestApp;
let superAdmin: Member;
let moderator: Member;
let second: Member;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  superAdmin = await signUpAs(app, "super-admin");
  moderator = await signUpAs(app, "admin");
  await updateUser(app, moderator.user.id, { nickname: "Mod Mia" });
  second = await signUpAs(app, "admin");
});

/** The log's entries about a target, newest first, as a super admin reads them. */
const entriesFor = (targetId: string) => auditEntries<Entry>(app, superAdmin.cookie, targetId);
const act = (payload: Record<string, unknown>, cookie = moderator.cookie) => queueAction(app, cookie, payload);
/** A queue action that is taken (200). */
async function actOk(payload: Record<string, unknown>) {
  const response = await act(payload);
  expect(response.statusCode, response.body).toBe(200);
}
/** The creator's appeal of a decision (POST /api/user/appeals), with a message or none: the answer as it comes. */
const appeal = (cookie: string, decisionId: string, message?: string) =>
  app.inject({ method: "POST", url: "/api/user/appeals", headers: { cookie }, payload: { decisionId, message } });
const actTrpc = (payload: Record<string, unknown>, cookie = moderator.cookie) =>
  trpcMutation(app, "moderation.act", payload, cookie);
const queue = async () => (await getAs(app, "/api/admin/queue?limit=100", moderator.cookie)).json() as QueueItem[];
const notices = (cookie: string) => moderationNotices(app, cookie);
/** A visitor's report, each from an address of its own. */
const report = (targetKind: "listing" | "profile", targetId: string) => visitorReport(app, targetKind, targetId);

/** Refused over both transports with the words and code of a conflict. */
async function expectNothingToChange(payload: Record<string, unknown>) {
  const rest = await act(payload);
  expect([rest.statusCode, rest.json()], JSON.stringify(payload)).toEqual([
    409,
    { message: "Nothing to change", code: "conflict" },
  ]);
  const trpc = await actTrpc(payload);
  expect(trpc.statusCode, JSON.stringify(payload)).toBe(409);
  expect(trpc.json().error).toMatchObject({ message: "Nothing to change", data: { errorCode: "conflict" } });
}

describe("an action that changes nothing", () => {
  test("restore, hide, mark NSFW, dismiss on a listing and lift, suspend on a creator: 409, no audit entry", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Calm Cal" });
    const on = { targetKind: "listing", targetId: listing.id };
    // Shown and never reported: nothing to restore or dismiss.
    await expectNothingToChange({ ...on, action: "restore" });
    await expectNothingToChange({ ...on, action: "dismiss" });
    // Hidden: hiding again changes nothing (the first hide is the one entry).
    await actOk({ ...on, action: "hide", reason: "Rule 3" });
    await expectNothingToChange({ ...on, action: "hide", reason: "Again" });
    // NSFW already: marking it again changes nothing.
    const spicy = await createListing(app, owner.cookie, { title: "Spicy Cal", nsfw: "true" });
    await expectNothingToChange({ targetKind: "listing", targetId: spicy.id, action: "markNsfw" });
    // A creator who is not suspended: nothing to lift; once suspended, nothing more to suspend.
    const profile = { targetKind: "profile", targetId: owner.user.id };
    await expectNothingToChange({ ...profile, action: "lift" });
    await actOk({ ...profile, action: "suspend", reason: "Spam" });
    await expectNothingToChange({ ...profile, action: "suspend", reason: "Spam again" });

    expect((await entriesFor(listing.id)).map((entry) => entry.action)).toEqual(["listing.hide"]);
    expect(await entriesFor(spicy.id)).toEqual([]);
    expect((await entriesFor(owner.user.id)).map((entry) => entry.action)).toEqual(["user.suspend"]);
    // The creator was told once about each.
    const told = await notices(owner.cookie);
    expect(told.suspension.decision).toMatchObject({ kind: "suspended", reason: "Spam" });
  });

  test("a no-op refused leaves the target's open reports open, and the queue offers only what would change something", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Reported Rae" });
    await report("listing", listing.id);
    await expectNothingToChange({ targetKind: "listing", targetId: listing.id, action: "restore" });
    const item = (await queue()).find((entry) => entry.targetId === listing.id)!;
    expect(item.actions).toEqual(["dismiss", "markNsfw", "hide", "delete", "suspend"]);
    expect(item.appeal).toBeNull();
    expect(await entriesFor(listing.id)).toEqual([]);
  });
});

describe("two moderators doing the same at once", () => {
  test("hiding, suspending, marking NSFW and dismissing: one 2xx, one 409 (never 5xx), one audit entry", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Twice Tia" });
    await report("listing", listing.id);
    const on = { targetKind: "listing", targetId: listing.id };
    const hides = await Promise.all([
      act({ ...on, action: "hide", reason: "Rule 1" }),
      actTrpc({ ...on, action: "hide", reason: "Rule 1" }, second.cookie),
    ]);
    expect(hides.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await entriesFor(listing.id)).map((entry) => entry.action).sort()).toEqual([
      "listing.hide",
      "report.resolve",
    ]);

    const profile = { targetKind: "profile", targetId: owner.user.id };
    const suspends = await Promise.all([
      act({ ...profile, action: "suspend", reason: "Spam" }, second.cookie),
      act({ ...profile, action: "suspend", reason: "Spam" }),
    ]);
    expect(suspends.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await entriesFor(owner.user.id)).map((entry) => entry.action)).toEqual(["user.suspend"]);

    const spicy = await createListing(app, (await signUp(app)).cookie, { title: "Spicy Twice" });
    const marks = await Promise.all([
      act({ targetKind: "listing", targetId: spicy.id, action: "markNsfw" }),
      actTrpc({ targetKind: "listing", targetId: spicy.id, action: "markNsfw" }, second.cookie),
    ]);
    expect(marks.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await entriesFor(spicy.id)).map((entry) => entry.action)).toEqual(["listing.markNsfw"]);
    // Its picture moved under the NSFW keys once marked.
    const row = await app.database.db
      .selectFrom("chatbots")
      .select(["nsfw", "imageKey"])
      .where("id", "=", spicy.id)
      .executeTakeFirstOrThrow();
    expect(row.nsfw).toBe(true);
    expect(isNsfwKey(row.imageKey!)).toBe(true);

    const reported = await createListing(app, (await signUp(app)).cookie, { title: "Dismiss Dot" });
    await report("listing", reported.id);
    const dismissals = await Promise.all([
      act({ targetKind: "listing", targetId: reported.id, action: "dismiss" }),
      act({ targetKind: "listing", targetId: reported.id, action: "dismiss" }, second.cookie),
    ]);
    expect(dismissals.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await entriesFor(reported.id)).map((entry) => entry.action)).toEqual(["report.dismiss"]);
  });
});

describe("an appeal with the creator's message", () => {
  test("501 characters: 400 in words, nothing changes; 500: the queue shows the decision appealed and the message", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Appealing Al" });
    await actOk({ targetKind: "listing", targetId: listing.id, action: "hide", reason: "Looks stolen" });
    const decisionId = (await listingNotice(app, owner.cookie, listing.id)).decision.id as string;

    const tooLong = await appeal(owner.cookie, decisionId, "x".repeat(501));
    expect([tooLong.statusCode, tooLong.json()]).toEqual([
      400,
      { message: "Your message must be at most 500 characters", code: "invalid_input", field: "message" },
    ]);
    const tooLongTrpc = await trpcMutation(
      app,
      "moderation.appeal",
      { decisionId, message: "y".repeat(501) },
      owner.cookie,
    );
    expect(tooLongTrpc.statusCode).toBe(400);
    expect(tooLongTrpc.json().error).toMatchObject({
      message: "Your message must be at most 500 characters",
      data: { errorCode: "invalid_input", field: "message" },
    });
    // Nothing changed: still appealable, not in the queue.
    const still = await listingNotice(app, owner.cookie, listing.id);
    expect(still.decision).toMatchObject({ canAppeal: true, appealedAt: null });
    expect((await queue()).some((entry) => entry.targetId === listing.id)).toBe(false);

    const message = `It is my own art. ${"z".repeat(482)}`;
    expect(message).toHaveLength(500);
    const sent = await trpcMutation(app, "moderation.appeal", { decisionId, message: ` ${message} ` }, owner.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const item = (await queue()).find((entry) => entry.targetId === listing.id)!;
    expect(item).toMatchObject({
      isAppeal: true,
      actions: ["restore", "dismiss", "markNsfw", "delete", "suspend"],
      appeal: { decision: { kind: "hidden", reason: "Looks stolen", decidedBy: "Mod Mia" }, message },
    });
    expect(Date.parse(item.appeal!.decision.decidedAt)).toBeLessThanOrEqual(Date.parse(item.appeal!.appealedAt));
  });

  test("a suspension appealed over REST without a message: the queue offers lifting first", async () => {
    const creator = await signUp(app);
    await actOk({ targetKind: "profile", targetId: creator.user.id, action: "suspend", reason: "Bots" });
    const decision = (await notices(creator.cookie)).suspension.decision;
    const appealed = await appeal(creator.cookie, decision.id);
    expect(appealed.statusCode, appealed.body).toBe(201);
    const item = (await queue()).find((entry) => entry.targetId === creator.user.id)!;
    expect(item).toMatchObject({
      actions: ["lift", "dismiss"],
      appeal: { decision: { kind: "suspended", reason: "Bots", decidedBy: "Mod Mia" }, message: null },
    });
  });
  test("a second decision appealed while the first appeal waits: the queue's one appeal shows the newer decision and message", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Twice Appealed Tia", tagline: "First line" });
    await actOk({ targetKind: "listing", targetId: listing.id, action: "hide", reason: "Looks stolen" });
    const decisionOf = async (kind: string) =>
      (await notices(owner.cookie)).listings.find(
        (entry: { chatbotId: string; decision: { kind: string } }) =>
          entry.chatbotId === listing.id && entry.decision.kind === kind,
      ).decision.id as string;
    expect((await appeal(owner.cookie, await decisionOf("hidden"), "It is mine")).statusCode).toBe(201);
    // A moderator's edit while that appeal waits is a second decision the creator may appeal too.
    const edited = await sendForm(
      app,
      "PUT",
      `/api/admin/chatbots/${listing.id}`,
      multipart({ title: "Twice Appealed Tia", tagline: "Edited line" }),
      moderator.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await appeal(owner.cookie, await decisionOf("edited"), "The old line was right");
    expect(second.statusCode, second.body).toBe(201);

    const items = (await queue()).filter((entry) => entry.targetId === listing.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      isAppeal: true,
      appeal: { decision: { kind: "edited", reason: "Changed: tagline" }, message: "The old line was right" },
    });
  });
});

describe("the audit log in words", () => {
  test("each entry's changes name the fields and values as a person reads them", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Worded Wes", imageFocusY: "50" });
    await actOk({ targetKind: "listing", targetId: listing.id, action: "hide", reason: "Rule 2" });
    const [hidden] = await entriesFor(listing.id);
    expect(hidden!.changes).toEqual([
      { field: "hidden", label: "Hidden", before: "No", after: "Yes" },
      { field: "hiddenReason", label: "Reason for hiding", before: "None", after: "Rule 2" },
    ]);
    // A moderator's edit of the focal point: in percent, named as the form names it.
    const body = multipart({ title: "Worded Wes", imageFocusY: "30" });
    const edited = await sendForm(app, "PUT", `/api/admin/chatbots/${listing.id}`, body, moderator.cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    const [edit] = await entriesFor(listing.id);
    expect(edit).toMatchObject({ action: "listing.edit" });
    expect(edit!.changes).toEqual([{ field: "imageFocusY", label: "Focal point", before: "50 %", after: "30 %" }]);
  });
});
