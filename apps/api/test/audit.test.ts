import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { setRole, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart } from "./support/images.js";
import { getAs } from "./support/requests.js";

/**
 * Issue 23, the audit log: every moderator action is one entry (who, what, when, a short before/after), kept
 * when the people and listings it names are deleted; super admins read it; nothing changes or deletes one.
 */
test.override("appEnv", { REQUIRE_APPROVAL: "true" });

type Member = Awaited<ReturnType<typeof signUp>>;
let app: TestApp;
let superAdmin: Member;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  superAdmin = await signUp(app);
  await setRole(app, superAdmin.user.id, "super-admin");
});

const entriesFor = async (targetId: string) =>
  (await getAs(app, `/api/admin/audit-log?targetId=${targetId}`, superAdmin.cookie)).json() as Array<{
    action: string;
    moderatorName: string;
    targetLabel: string;
    before: unknown;
    after: unknown;
  }>;
const post = (url: string, cookie: string) => app.inject({ method: "POST", url, headers: { cookie } });

async function approvedMember(nickname?: string) {
  const member = await signUp(app);
  await app.database.db
    .updateTable("users")
    .set({ isApproved: true, ...(nickname ? { nickname } : {}) })
    .where("id", "=", member.user.id)
    .execute();
  return member;
}

describe("recording", () => {
  test("approve, make and remove admin, and delete a user: one entry each, names kept after the deletion", async () => {
    const pending = await signUp(app);
    await app.database.db
      .updateTable("users")
      .set({ nickname: "Pending Pat" })
      .where("id", "=", pending.user.id)
      .execute();
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
    const edit = await app.inject({
      method: "PUT",
      url: `/api/admin/chatbots/${listing.id}`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    expect(edit.statusCode).toBe(200);
    const refused = multipart({ title: "" });
    const bad = await app.inject({
      method: "PUT",
      url: `/api/admin/chatbots/${listing.id}`,
      headers: { ...refused.headers, cookie: admin.cookie },
      payload: refused.payload,
    });
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
