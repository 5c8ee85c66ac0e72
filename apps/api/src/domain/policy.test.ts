import type { UserRow } from "@gallery/db";
import { describe, expect, it } from "vitest";
import { ForbiddenError, UnauthorizedError } from "./errors.js";
import {
  isModerator,
  mayManageListing,
  mayViewEmails,
  mayViewNsfw,
  mayViewProfile,
  requireMember,
  requireModerator,
  requirePublisher,
  requireSuperAdmin,
  roleColumns,
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
    const pending = { id: "p1", isApproved: false };
    expect(mayViewProfile(null, pending)).toBe(false);
    expect(mayViewProfile(user(), pending)).toBe(false);
    expect(mayViewProfile(user({ id: "p1", isApproved: false }), pending)).toBe(true);
    expect(mayViewProfile(user({ isAdmin: true }), pending)).toBe(true);
    expect(mayViewProfile(null, { id: "a1", isApproved: true })).toBe(true);
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
});
