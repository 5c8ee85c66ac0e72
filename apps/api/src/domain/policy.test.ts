import type { UserRow } from "@gallery/db";
import { describe, expect, it } from "vitest";
import { ForbiddenError, UnauthorizedError } from "./errors.js";
import {
  isModerator,
  mayChangeAdminRights,
  mayDeleteUser,
  mayManageListing,
  maySeeWithheld,
  mayViewEmails,
  mayViewNsfw,
  mayViewPrivateProfile,
  mayViewProfile,
  requireMayChangeAdminRights,
  requireMayDeleteUser,
  requireMember,
  requireModerator,
  requirePublisher,
  requireSuperAdmin,
  roleColumns,
  userActions,
} from "./policy.js";

const user = (changes: Partial<UserRow> = {}) =>
  ({ id: "u1", isApproved: true, isAdmin: false, isSuperAdmin: false, ...changes }) as UserRow;

describe("the viewer policy", () => {
  it("moderators are admins and super admins", () => {
    expect(isModerator(null)).toBe(false);
    expect(isModerator(user())).toBe(false);
    expect(isModerator(user({ isAdmin: true }))).toBe(true);
    expect(isModerator(user({ isSuperAdmin: true }))).toBe(true);
  });

  it("visitors see no NSFW listings or images and no e-mails; members do", () => {
    expect([mayViewNsfw(null), mayViewEmails(null)]).toEqual([false, false]);
    expect([mayViewNsfw(user()), mayViewEmails(user())]).toEqual([true, true]);
  });

  it("a pending profile is visible to its owner and moderators only", () => {
    const pending = { id: "p1", isApproved: false, suspendedAt: null };
    expect(mayViewProfile(null, pending)).toBe(false);
    expect(mayViewProfile(user(), pending)).toBe(false);
    expect(mayViewProfile(user({ id: "p1", isApproved: false }), pending)).toBe(true);
    expect(mayViewProfile(user({ isAdmin: true }), pending)).toBe(true);
    expect(mayViewProfile(null, { id: "a1", isApproved: true, suspendedAt: null })).toBe(true);
  });

  it("a suspended creator's profile and withheld listings are for them and moderators only", () => {
    const suspended = { id: "s1", isApproved: true, suspendedAt: new Date() };
    expect(mayViewProfile(null, suspended)).toBe(false);
    expect(mayViewProfile(user(), suspended)).toBe(false);
    expect(mayViewProfile(user({ id: "s1" }), suspended)).toBe(true);
    expect(mayViewProfile(user({ isAdmin: true }), suspended)).toBe(true);
    expect(maySeeWithheld(null, "s1")).toBe(false);
    expect(maySeeWithheld(user(), "s1")).toBe(false);
    expect(maySeeWithheld(user({ id: "s1" }), "s1")).toBe(true);
    expect(maySeeWithheld(user({ isSuperAdmin: true }), "s1")).toBe(true);
    expect(() => requirePublisher(user({ suspendedAt: new Date() }))).toThrow(
      "Your account is suspended: you cannot publish or change listings",
    );
  });

  it("a profile's private fields are for its owner and moderators only", () => {
    const profile = { id: "p1" };
    expect(mayViewPrivateProfile(null, profile)).toBe(false);
    expect(mayViewPrivateProfile(user(), profile)).toBe(false);
    expect(mayViewPrivateProfile(user({ id: "p1" }), profile)).toBe(true);
    expect(mayViewPrivateProfile(user({ isAdmin: true }), profile)).toBe(true);
    expect(mayViewPrivateProfile(user({ isSuperAdmin: true }), profile)).toBe(true);
  });

  it("owners manage their listings; moderators any, only when acting as moderators", () => {
    expect(mayManageListing(null, { userId: "u1" })).toBe(false);
    expect(mayManageListing(user(), { userId: "u1" })).toBe(true);
    expect(mayManageListing(user(), { userId: "u2" })).toBe(false);
    expect(mayManageListing(user({ isAdmin: true }), { userId: "u2" })).toBe(false);
    expect(mayManageListing(user({ isAdmin: true }), { userId: "u2" }, true)).toBe(true);
    expect(mayManageListing(user(), { userId: "u2" }, true)).toBe(false);
  });

  it("the requirements answer 401 for visitors and 403 with the spec's messages", () => {
    expect(() => requireMember(null)).toThrow(UnauthorizedError);
    expect(() => requirePublisher(user({ isApproved: false }))).toThrow(
      new ForbiddenError("Your account is waiting for approval"),
    );
    expect(() => requireModerator(user())).toThrow(new ForbiddenError("Admin access required"));
    expect(() => requireSuperAdmin(user({ isAdmin: true }))).toThrow(new ForbiddenError("Super admin access required"));
    expect(requireSuperAdmin(user({ isSuperAdmin: true })).id).toBe("u1");
  });

  it("a super admin is also an admin; revoking admin from a super admin revokes both", () => {
    expect(roleColumns("super-admin", true)).toEqual({ isSuperAdmin: true, isAdmin: true });
    expect(roleColumns("super-admin", false)).toEqual({ isSuperAdmin: false });
    expect(roleColumns("admin", true)).toEqual({ isAdmin: true });
    expect(roleColumns("admin", false)).toEqual({ isAdmin: false, isSuperAdmin: false });
  });

  describe("moderating users", () => {
    const admin = user({ id: "admin", isAdmin: true });
    const superAdmin = user({ id: "super", isAdmin: true, isSuperAdmin: true });
    const plain = user({ id: "plain" });
    const otherAdmin = user({ id: "other-admin", isAdmin: true });
    const otherSuper = user({ id: "other-super", isAdmin: true, isSuperAdmin: true });
    const pending = user({ id: "pending", isApproved: false });
    /**
     * A rule's may function and its require function agree on each case: where it is allowed, the require function
     * answers the viewer; where it is refused, it throws the case's error (401 for nobody, 403 with the reason).
     */
    const expectRule = (
      may: (viewer: UserRow | null, target: UserRow) => boolean,
      require: (viewer: UserRow | null, target: UserRow) => { id: string },
      cases: Array<[UserRow | null, UserRow, "allowed" | Error | typeof UnauthorizedError]>,
    ) => {
      for (const [viewer, target, outcome] of cases) {
        const name = `${viewer?.id ?? "nobody"} on ${target.id}`;
        expect(may(viewer, target), name).toBe(outcome === "allowed");
        if (outcome === "allowed") expect(require(viewer, target).id, name).toBe(viewer?.id);
        else expect(() => require(viewer, target), name).toThrow(outcome);
      }
    };

    it("moderators delete users, never themselves and never a super admin", () => {
      const notModerator = new ForbiddenError("Admin access required");
      const own = new ForbiddenError("You cannot delete your own account");
      const ofSuperAdmin = new ForbiddenError("A super admin cannot be deleted");
      expectRule(mayDeleteUser, requireMayDeleteUser, [
        [null, plain, UnauthorizedError],
        [user({ id: "someone" }), plain, notModerator],
        [plain, otherAdmin, notModerator],
        [admin, plain, "allowed"],
        [admin, otherAdmin, "allowed"],
        [admin, admin, own],
        [admin, otherSuper, ofSuperAdmin],
        [superAdmin, plain, "allowed"],
        [superAdmin, otherAdmin, "allowed"],
        [superAdmin, superAdmin, own],
        [superAdmin, otherSuper, ofSuperAdmin],
      ]);
    });

    it("only super admins change admin rights, never a super admin's", () => {
      const ofSuperAdmin = new ForbiddenError("A super admin's rights cannot be changed");
      expectRule(mayChangeAdminRights, requireMayChangeAdminRights, [
        [null, plain, UnauthorizedError],
        [admin, plain, new ForbiddenError("Super admin access required")],
        [superAdmin, plain, "allowed"],
        [superAdmin, otherAdmin, "allowed"],
        [superAdmin, superAdmin, ofSuperAdmin],
        [superAdmin, otherSuper, ofSuperAdmin],
      ]);
    });

    it("each row's actions follow the same rules", () => {
      const none = { approve: false, reject: false, delete: false, makeAdmin: false, removeAdmin: false };
      expect(userActions(null, plain)).toEqual(none);
      expect(userActions(plain, otherAdmin)).toEqual(none);
      expect(userActions(admin, admin)).toEqual(none);
      expect(userActions(admin, otherSuper)).toEqual(none);
      expect(userActions(admin, plain)).toEqual({ ...none, delete: true });
      expect(userActions(admin, otherAdmin)).toEqual({ ...none, delete: true });
      expect(userActions(admin, pending)).toEqual({ ...none, approve: true, reject: true, delete: true });
      expect(userActions(superAdmin, superAdmin)).toEqual(none);
      expect(userActions(superAdmin, otherSuper)).toEqual(none);
      expect(userActions(superAdmin, plain)).toEqual({ ...none, delete: true, makeAdmin: true });
      expect(userActions(superAdmin, otherAdmin)).toEqual({ ...none, delete: true, removeAdmin: true });
    });
  });
});
