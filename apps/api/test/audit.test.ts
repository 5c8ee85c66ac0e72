import { AUDIT_ACTIONS, type AuditAction } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, setRole, signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart } from "./support/images.js";
import { auditEntries, queueAction, reportThenAct, requestVerification } from "./support/moderation.js";
import { getAs, sendForm, trpcQuery } from "./support/requests.js";
import { writeReview } from "./support/reviews.js";
import { updateUser } from "./support/rows.js";

/**
 * Issue 23, the audit log: every moderator action is one entry (who, what, when, a short before/after), kept
 * when the people and listings it names are deleted; super admins read it; nothing changes or deletes one.
 */
test.override("appEnv", { REQUIRE_APPROVAL: "true" });

let app: TestApp;
let superAdmin: Member;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  superAdmin = await signUpAs(app, "super-admin");
});

const entriesFor = (targetId: string) =>
  auditEntries<{ action: string; moderatorName: string; targetLabel: string; before: unknown; after: unknown }>(
    app,
    superAdmin.cookie,
    targetId,
  );
const post = (url: string, cookie: string) => app.inject({ method: "POST", url, headers: { cookie } });

async function approvedMember(nickname?: string) {
  const member = await signUp(app);
  await updateUser(app, member.user.id, { isApproved: true, ...(nickname ? { nickname } : {}) });
  return member;
}

describe("recording", () => {
  test("approve, make and remove admin, and delete a user: one entry each, names kept after the deletion", async () => {
    const pending = await signUp(app);
    await updateUser(app, pending.user.id, { nickname: "Pending Pat" });
    expect((await post(`/api/admin/approve-user/${pending.user.id}`, superAdmin.cookie)).statusCode).toBe(200);
    expect((await post(`/api/admin/users/${pending.user.id}/make-admin`, superAdmin.cookie)).statusCode).toBe(200);
    expect((await post(`/api/admin/users/${pending.user.id}/remove-admin`, superAdmin.cookie)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/admin/users/${pending.user.id}`,
      headers: { cookie: superAdmin.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const entries = await entriesFor(pending.user.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      "user.delete",
      "user.removeAdmin",
      "user.makeAdmin",
      "user.approve",
    ]);
    expect(entries.every((entry) => entry.targetLabel === "Pending Pat")).toBe(true);
    expect(entries[3]).toMatchObject({ before: { isApproved: false }, after: { isApproved: true } });
  });

  test("a moderator's edit records the fields it changed; a refused edit records nothing", async () => {
    const owner = await approvedMember();
    const listing = await createListing(app, owner.cookie, { title: "Before Title", tags: "a" });
    const admin = await approvedMember("Mod Mia");
    await setRole(app, admin.user.id, "admin");
    const body = multipart({ title: "After Title" });
    const edit = await sendForm(app, "PUT", `/api/admin/chatbots/${listing.id}`, body, admin.cookie);
    expect(edit.statusCode).toBe(200);
    const refused = multipart({ title: "" });
    const bad = await sendForm(app, "PUT", `/api/admin/chatbots/${listing.id}`, refused, admin.cookie);
    expect(bad.statusCode).toBe(400);
    const entries = await entriesFor(listing.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "listing.edit",
        moderatorName: "Mod Mia",
        targetLabel: "Before Title",
        before: { title: "Before Title" },
        after: { title: "After Title" },
      }),
    ]);
    // The owner is told.
    const notices = (await getAs(app, "/api/user/moderation", owner.cookie)).json();
    expect(notices.listings[0].decision).toMatchObject({ kind: "edited", reason: "Changed: title" });

    // The moderator and the listing deleted: the entries stay, with the names they had.
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/admin/chatbots/${listing.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await app.inject({
      method: "DELETE",
      url: `/api/admin/users/${admin.user.id}`,
      headers: { cookie: superAdmin.cookie },
    });
    const kept = await entriesFor(listing.id);
    expect(kept.map((entry) => [entry.action, entry.moderatorName])).toEqual([
      ["listing.delete", "Mod Mia"],
      ["listing.edit", "Mod Mia"],
    ]);
    expect(kept[0]?.targetLabel).toBe("After Title");
  });

  test("an image job's start is recorded", async () => {
    const started = await post("/api/admin/repair-images", superAdmin.cookie);
    expect(started.statusCode).toBeLessThan(500);
    const log = (await getAs(app, "/api/admin/audit-log?action=imageJob.start", superAdmin.cookie)).json();
    expect(log[0]).toMatchObject({ action: "imageJob.start", targetLabel: "image repair" });
  });
});

describe("reading", () => {
  test("super admins only; filters by action and moderator; pages newest first", async () => {
    const admin = await approvedMember();
    await setRole(app, admin.user.id, "admin");
    expect((await getAs(app, "/api/admin/audit-log")).statusCode).toBe(401);
    expect((await getAs(app, "/api/admin/audit-log", admin.cookie)).statusCode).toBe(403);
    expect((await getAs(app, "/api/admin/audit-log?action=bogus", superAdmin.cookie)).statusCode).toBe(400);
    const byModerator = await getAs(
      app,
      `/api/admin/audit-log?moderatorId=${superAdmin.user.id}&limit=1`,
      superAdmin.cookie,
    );
    expect(byModerator.statusCode).toBe(200);
    expect(byModerator.headers.link).toContain("cursor=");
  });

  test("entries cannot be changed or deleted, through the app or the database", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"] as const) {
      const response = await app.inject({
        method,
        url: "/api/admin/audit-log",
        headers: { cookie: superAdmin.cookie },
      });
      expect([404, 405]).toContain(response.statusCode);
    }
    await expect(app.database.db.updateTable("auditLog").set({ targetLabel: "x" }).execute()).rejects.toThrow(
      "audit log entries cannot be changed or deleted",
    );
    await expect(app.database.db.deleteFrom("auditLog").execute()).rejects.toThrow(
      "audit log entries cannot be changed or deleted",
    );
  });
});

/** A member's report of the target (a visitor cannot see an NSFW listing to report it), then a moderator's action. */
const memberReportThenAct = async (
  moderatorCookie: string,
  target: { targetKind: "listing" | "profile"; targetId: string },
  action: string,
  reason?: string,
) => reportThenAct(app, moderatorCookie, target, action, reason, (await approvedMember()).cookie);
const act = (cookie: string, payload: Record<string, unknown>) => queueAction(app, cookie, payload);

describe("queue actions and rejections (issue 41)", () => {
  test("mark NSFW: one listing.markNsfw entry with the change and the reason, and one report.resolve for the reports it closed", async () => {
    const owner = await approvedMember();
    const listing = await createListing(app, owner.cookie, { title: "Mislabelled Mo" });
    const admin = await approvedMember("Mod Nell");
    await setRole(app, admin.user.id, "admin");
    const marked = await memberReportThenAct(
      admin.cookie,
      { targetKind: "listing", targetId: listing.id },
      "markNsfw",
      "Explicit art",
    );
    expect(marked.json()).toEqual({ closedReports: 1, outcome: "marked NSFW" });
    expect(await entriesFor(listing.id)).toEqual([
      expect.objectContaining({
        action: "report.resolve",
        moderatorName: "Mod Nell",
        targetLabel: "Mislabelled Mo",
        before: null,
        after: { outcome: "marked NSFW", closedReports: 1 },
      }),
      expect.objectContaining({
        action: "listing.markNsfw",
        moderatorName: "Mod Nell",
        targetLabel: "Mislabelled Mo",
        before: { nsfw: false },
        after: { nsfw: true, reason: "Explicit art" },
      }),
    ]);
  });

  test("acting on a target nobody reported resolves nothing: the action's entry only", async () => {
    const owner = await approvedMember();
    const listing = await createListing(app, owner.cookie, { title: "Unreported Una" });
    const hidden = await act(superAdmin.cookie, {
      targetKind: "listing",
      targetId: listing.id,
      action: "hide",
      reason: "x",
    });
    expect(hidden.json()).toEqual({ closedReports: 0, outcome: "hidden" });
    expect((await entriesFor(listing.id)).map((entry) => entry.action)).toEqual(["listing.hide"]);
  });

  test("dismissing reports is report.dismiss, never report.resolve", async () => {
    const owner = await approvedMember();
    const listing = await createListing(app, owner.cookie, { title: "Fine Finn" });
    const dismissed = await memberReportThenAct(
      superAdmin.cookie,
      { targetKind: "listing", targetId: listing.id },
      "dismiss",
    );
    expect(dismissed.json()).toEqual({ closedReports: 1, outcome: "dismissed" });
    expect((await entriesFor(listing.id)).map((entry) => entry.action)).toEqual(["report.dismiss"]);
  });

  test("rejecting a user waiting for approval: one user.reject entry naming them, kept after the deletion", async () => {
    const pending = await signUp(app);
    await updateUser(app, pending.user.id, { nickname: "Waiting Wes" });
    const admin = await approvedMember("Mod Ola");
    await setRole(app, admin.user.id, "admin");
    const rejected = await app.inject({
      method: "DELETE",
      url: `/api/admin/reject-user/${pending.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await entriesFor(pending.user.id)).toEqual([
      expect.objectContaining({
        action: "user.reject",
        moderatorName: "Mod Ola",
        targetLabel: "Waiting Wes",
        before: { email: pending.user.email, isApproved: false, isAdmin: false },
        after: null,
      }),
    ]);
    // An approved user cannot be rejected (they are deleted instead): refused, nothing recorded.
    const approved = await approvedMember();
    const refused = await app.inject({
      method: "DELETE",
      url: `/api/admin/reject-user/${approved.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(await entriesFor(approved.user.id)).toEqual([]);
  });
});

describe("every action the filter offers", () => {
  test("is recorded by a real action and found by filtering on it, over REST and tRPC", async () => {
    const admin = await approvedMember("Mod Every");
    await setRole(app, admin.user.id, "admin");
    const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) =>
      expect((await response).statusCode, (await response).body).toBe(status);
    const send = (method: "POST" | "DELETE", url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const expected = new Map<AuditAction, string>();
    /** Queue actions on one target in turn (a hide with a reason), each expected as `<kind>.<action>` about it. */
    const actInTurn = async (targetKind: "listing" | "review", targetId: string, actions: string[]) => {
      for (const action of actions) {
        await ok(act(admin.cookie, { targetKind, targetId, action, ...(action === "hide" ? { reason: "x" } : {}) }));
        expected.set(`${targetKind}.${action}` as AuditAction, targetId);
      }
    };

    // Users: approve, reject, make and remove admin (super admins only), delete.
    const approved = await signUp(app);
    await ok(send("POST", `/api/admin/approve-user/${approved.user.id}`));
    expected.set("user.approve", approved.user.id);
    const rejected = await signUp(app);
    await ok(send("DELETE", `/api/admin/reject-user/${rejected.user.id}`));
    expected.set("user.reject", rejected.user.id);
    const promoted = await approvedMember();
    await ok(post(`/api/admin/users/${promoted.user.id}/make-admin`, superAdmin.cookie));
    expected.set("user.makeAdmin", promoted.user.id);
    await ok(post(`/api/admin/users/${promoted.user.id}/remove-admin`, superAdmin.cookie));
    expected.set("user.removeAdmin", promoted.user.id);
    const deleted = await approvedMember();
    await ok(send("DELETE", `/api/admin/users/${deleted.user.id}`));
    expected.set("user.delete", deleted.user.id);

    // Creators: suspend (on a report, so it also resolves it) and lift.
    const creator = await approvedMember();
    await ok(
      memberReportThenAct(admin.cookie, { targetKind: "profile", targetId: creator.user.id }, "suspend", "Spam"),
    );
    expected.set("user.suspend", creator.user.id);
    expected.set("report.resolve", creator.user.id);
    await ok(act(admin.cookie, { targetKind: "profile", targetId: creator.user.id, action: "lift" }));
    expected.set("user.lift", creator.user.id);

    // Listings: edit, hide, restore, mark NSFW, dismiss reports, delete.
    const owner = await approvedMember();
    const listing = await createListing(app, owner.cookie, { title: "Every Action" });
    const body = multipart({ title: "Every Action Edited" });
    await ok(sendForm(app, "PUT", `/api/admin/chatbots/${listing.id}`, body, admin.cookie));
    expected.set("listing.edit", listing.id);
    await actInTurn("listing", listing.id, ["hide", "restore", "markNsfw"]);
    await ok(memberReportThenAct(admin.cookie, { targetKind: "listing", targetId: listing.id }, "dismiss"));
    expected.set("report.dismiss", listing.id);
    await ok(send("DELETE", `/api/admin/chatbots/${listing.id}`));
    expected.set("listing.delete", listing.id);

    // Reviews (issue 38): hide, restore, delete, by a member verified and old enough to review.
    const reviewer = await approvedMember();
    await updateUser(app, reviewer.user.id, { emailVerified: true, createdAt: new Date(Date.now() - 30 * 86_400_000) });
    const reviewed = await createListing(app, owner.cookie, { title: "Every Review" });
    const written = await writeReview(app, reviewer, reviewed.id, { rating: 3 });
    expect(written.statusCode, written.body).toBe(201);
    const review = written.json() as { id: string };
    await actInTurn("review", review.id, ["hide", "restore", "delete"]);

    // Verification: approve, withdraw, deny.
    const verified = await approvedMember();
    const verifiedRequest = await requestVerification(app, verified.cookie);
    await ok(send("POST", `/api/verification/${verifiedRequest}/approve`));
    expected.set("verification.approve", verified.user.id);
    await ok(send("POST", `/api/verification/users/${verified.user.id}/withdraw`, { reason: "Not theirs" }));
    expected.set("verification.withdraw", verified.user.id);
    const denied = await approvedMember();
    const deniedRequest = await requestVerification(app, denied.cookie);
    await ok(send("POST", `/api/verification/${deniedRequest}/deny`, { reason: "No proof" }));
    expected.set("verification.deny", denied.user.id);

    // An image job.
    const started = await post("/api/admin/repair-images", superAdmin.cookie);
    expect([200, 202]).toContain(started.statusCode);
    expected.set("imageJob.start", "");

    // Every action the filter offers was taken above, and filtering on it finds that entry and only its kind.
    expect([...expected.keys()].sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      const response = await getAs(app, `/api/admin/audit-log?action=${action}&limit=100`, superAdmin.cookie);
      expect(response.statusCode).toBe(200);
      const entries = response.json() as Array<{ action: string; targetId: string | null }>;
      expect(entries.length, action).toBeGreaterThan(0);
      expect(new Set(entries.map((entry) => entry.action)), action).toEqual(new Set([action]));
      const targetId = expected.get(action);
      if (targetId)
        expect(
          entries.map((entry) => entry.targetId),
          action,
        ).toContain(targetId);
      const overTrpc = await trpcQuery(app, "audit.list", { action, limit: 100 }, superAdmin.cookie);
      expect(overTrpc.statusCode).toBe(200);
      const items = overTrpc.json().result.data.items as Array<{ id: number }>;
      expect(
        items.map((item) => item.id),
        action,
      ).toEqual((response.json() as Array<{ id: number }>).map((entry) => entry.id));
    }
  });
});
