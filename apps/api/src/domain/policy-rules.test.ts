// The viewer policy's rules one by one, at their boundaries (issue 41: written against the mutants policy.test.ts
// and the api tests left alive; each case names the rule it pins). Pure functions: no app, no database.
import type { UserRow } from "@gallery/db";
import { AGE_MESSAGES, REPORT_MESSAGES, REVIEW_MESSAGES, reviewAccountTooNew } from "@gallery/schema";
import type { RawBuilder } from "kysely";
import { describe, expect, it } from "vitest";
import { compileOnly } from "./compile-only.js";
import { ForbiddenError, HiddenListingError, NotFoundError, UnauthorizedError } from "./errors.js";
import {
  ADULT_AGE,
  ageCheckOf,
  ageOn,
  blockedTagsOf,
  blursNsfw,
  emailFor,
  emailSql,
  hasPersonalView,
  ignoringSafetySettings,
  isMinor,
  isModeratorSql,
  isSuspended,
  isVerified,
  isVerifiedSql,
  liftingOwnSettings,
  mayManageListing,
  maySeeWithheld,
  mayViewProfile,
  nsfwDisplayOf,
  nsfwFilterFor,
  reporterWeight,
  requireMayAnswerAge,
  requireMayChooseNsfwDisplay,
  requireMayReport,
  requireMaySuspend,
  requireMayViewListing,
  requireNotHiddenBySettings,
  requirePublisher,
  reviewRefusal,
  tokenViewer,
  userActions,
} from "./policy.js";

const DAY = 86_400_000;
/** A date of birth `years` years before `today`, moved by `days`. */
function bornBefore(today: Date, years: number, days = 0) {
  const date = new Date(today);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}
const adultBirth = new Date("1990-06-15T00:00:00Z");
const member = (changes: Partial<UserRow> = {}) =>
  ({
    id: "m1",
    isApproved: true,
    isAdmin: false,
    isSuperAdmin: false,
    suspendedAt: null,
    blockedTags: [],
    nsfwDisplay: "show",
    birthDate: adultBirth,
    emailVerified: true,
    createdAt: new Date("2020-01-01T00:00:00Z"),
    verifiedAt: null,
    ...changes,
  }) as UserRow;
const minorBirth = () => bornBefore(new Date(), 15);
const thrown = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
};

const sqlOf = (expression: RawBuilder<unknown>) => expression.compile(compileOnly).sql;

describe("age", () => {
  it("counts full years in UTC: the birthday itself is the new year, the day before is not", () => {
    const today = new Date("2024-06-15T12:00:00Z");
    expect(ageOn(new Date("2006-06-15T00:00:00Z"), today)).toBe(18);
    expect(ageOn(new Date("2006-06-16T00:00:00Z"), today)).toBe(17);
    expect(ageOn(new Date("2006-06-14T00:00:00Z"), today)).toBe(18);
    // A later month this year: not yet; an earlier month: already.
    expect(ageOn(new Date("2006-07-01T00:00:00Z"), today)).toBe(17);
    expect(ageOn(new Date("2006-05-30T00:00:00Z"), today)).toBe(18);
  });

  it("18 and over is adult, under 18 minor, no date unanswered", () => {
    expect(ADULT_AGE).toBe(18);
    const today = new Date();
    expect(ageCheckOf({ birthDate: bornBefore(today, 18) })).toBe("adult");
    expect(ageCheckOf({ birthDate: bornBefore(today, 18, 1) })).toBe("minor");
    expect(ageCheckOf({ birthDate: null })).toBe("unanswered");
  });

  it("a minor may not choose a display other than Hide, nor answer again; an adult may do both", () => {
    const minor = member({ birthDate: minorBirth() });
    expect(thrown(() => requireMayChooseNsfwDisplay(minor, "show")).message).toBe(AGE_MESSAGES.minorSetting);
    expect(thrown(() => requireMayChooseNsfwDisplay(minor, "blur")).message).toBe(AGE_MESSAGES.minorSetting);
    expect(() => requireMayChooseNsfwDisplay(minor, "hide")).not.toThrow();
    expect(thrown(() => requireMayAnswerAge(minor)).message).toBe(AGE_MESSAGES.minorAnswered);
    expect(() => requireMayChooseNsfwDisplay(member(), "show")).not.toThrow();
    expect(() => requireMayAnswerAge(member())).not.toThrow();
    expect(isMinor(null)).toBe(false);
  });
});

describe("the NSFW display", () => {
  it("visitors have none; minors Hide; unanswered Show becomes Blur, other choices stay; adults as chosen", () => {
    expect(nsfwDisplayOf(null)).toBeNull();
    for (const saved of ["show", "blur", "hide"] as const) {
      expect(nsfwDisplayOf(member({ birthDate: minorBirth(), nsfwDisplay: saved }))).toBe("hide");
      expect(nsfwDisplayOf(member({ nsfwDisplay: saved }))).toBe(saved);
    }
    expect(nsfwDisplayOf(member({ birthDate: null, nsfwDisplay: "show" }))).toBe("blur");
    expect(nsfwDisplayOf(member({ birthDate: null, nsfwDisplay: "blur" }))).toBe("blur");
    expect(nsfwDisplayOf(member({ birthDate: null, nsfwDisplay: "hide" }))).toBe("hide");
  });

  it("blurs exactly when the display is Blur", () => {
    expect(blursNsfw(member({ nsfwDisplay: "blur" }))).toBe(true);
    expect(blursNsfw(member({ nsfwDisplay: "show" }))).toBe(false);
    expect(blursNsfw(member({ nsfwDisplay: "hide" }))).toBe(false);
    expect(blursNsfw(null)).toBe(false);
  });

  it("the content filter: visitors and Hide get SFW only whatever they ask; others what they ask", () => {
    for (const requested of [true, false, undefined]) {
      expect(nsfwFilterFor(null, requested)).toBe(false);
      expect(nsfwFilterFor(member({ nsfwDisplay: "hide" }), requested)).toBe(false);
      expect(nsfwFilterFor(member({ nsfwDisplay: "blur" }), requested)).toBe(requested);
      expect(nsfwFilterFor(member(), requested)).toBe(requested);
    }
  });

  it("a view of one's own: a blocklist, Blur or Hide (by choice or by age); not a plain adult nor a visitor", () => {
    expect(hasPersonalView(null)).toBe(false);
    expect(hasPersonalView(member())).toBe(false);
    expect(hasPersonalView(member({ blockedTags: ["gore"] }))).toBe(true);
    expect(hasPersonalView(member({ nsfwDisplay: "blur" }))).toBe(true);
    expect(hasPersonalView(member({ nsfwDisplay: "hide" }))).toBe(true);
    expect(hasPersonalView(member({ birthDate: null }))).toBe(true);
    expect(hasPersonalView(member({ birthDate: minorBirth() }))).toBe(true);
  });

  it("tool views show everything whatever the member's age; lifting one's settings keeps the age rule", () => {
    const minor = member({ birthDate: minorBirth(), nsfwDisplay: "hide", blockedTags: ["gore"] });
    const tool = ignoringSafetySettings(minor);
    expect(tool).toMatchObject({ id: "m1", blockedTags: [], nsfwDisplay: "show" });
    expect(nsfwDisplayOf(tool)).toBe("show");
    expect(isMinor(tool)).toBe(false);
    expect(blockedTagsOf(tool)).toEqual([]);
    const lifted = liftingOwnSettings(minor);
    expect(lifted.blockedTags).toEqual([]);
    expect(nsfwDisplayOf(lifted)).toBe("hide");
    expect(liftingOwnSettings(member({ nsfwDisplay: "hide" })).nsfwDisplay).toBe("show");
    expect(liftingOwnSettings(member({ nsfwDisplay: "blur" })).nsfwDisplay).toBe("blur");
  });
});

describe("a listing reached directly", () => {
  const listing = { nsfw: false, withheld: false, userId: "owner", tags: ["Gore", "fantasy"] };

  it("withheld: 404 but to its owner and moderators; NSFW: 401 to visitors, the age refusal to minors but their own", () => {
    expect(thrown(() => requireMayViewListing(null, { ...listing, withheld: true }))).toBeInstanceOf(NotFoundError);
    expect(thrown(() => requireMayViewListing(member(), { ...listing, withheld: true }))).toBeInstanceOf(NotFoundError);
    expect(() => requireMayViewListing(member({ id: "owner" }), { ...listing, withheld: true })).not.toThrow();
    expect(() => requireMayViewListing(member({ isAdmin: true }), { ...listing, withheld: true })).not.toThrow();
    expect(thrown(() => requireMayViewListing(null, { ...listing, nsfw: true }))).toBeInstanceOf(UnauthorizedError);
    expect(() => requireMayViewListing(null, listing)).not.toThrow();
    const minor = member({ birthDate: minorBirth() });
    const refusal = thrown(() => requireMayViewListing(minor, { ...listing, nsfw: true }));
    expect(refusal).toBeInstanceOf(HiddenListingError);
    expect([(refusal as HiddenListingError).reason, refusal.message]).toEqual(["age", AGE_MESSAGES.listingHidden]);
    expect(() => requireMayViewListing({ ...minor, id: "owner" }, { ...listing, nsfw: true })).not.toThrow();
    expect(() => requireMayViewListing(member(), { ...listing, nsfw: true })).not.toThrow();
  });

  it("hidden by the member's settings: a blocked tag in any case, NSFW under Hide, the age reason for minors", () => {
    expect(thrown(() => requireNotHiddenBySettings(member({ blockedTags: ["gore"] }), listing)).message).toBe(
      "This listing is hidden by your blocklist",
    );
    expect(() => requireNotHiddenBySettings(member({ blockedTags: ["horror"] }), listing)).not.toThrow();
    const nsfw = { ...listing, nsfw: true, tags: [] };
    expect(thrown(() => requireNotHiddenBySettings(member({ nsfwDisplay: "hide" }), nsfw)).message).toBe(
      "This listing is hidden by your NSFW setting (Hide)",
    );
    const byAge = thrown(() => requireNotHiddenBySettings(member({ birthDate: minorBirth() }), nsfw));
    expect([(byAge as HiddenListingError).reason, byAge.message]).toEqual(["age", AGE_MESSAGES.listingHidden]);
    expect(() => requireNotHiddenBySettings(member({ nsfwDisplay: "blur" }), nsfw)).not.toThrow();
    expect(() => requireNotHiddenBySettings(member({ nsfwDisplay: "hide" }), listing)).not.toThrow();
    // Visitors are the NSFW rule's (401 in requireMayViewListing), not this one's.
    expect(() => requireNotHiddenBySettings(null, nsfw)).not.toThrow();
    expect(blockedTagsOf(null)).toEqual([]);
  });

  it("withheld listings: the owner and moderators only", () => {
    expect(maySeeWithheld(null, "owner")).toBe(false);
    expect(maySeeWithheld(null, undefined)).toBe(false);
    expect(maySeeWithheld(member(), "owner")).toBe(false);
    expect(maySeeWithheld(member({ id: "owner" }), "owner")).toBe(true);
    expect(maySeeWithheld(member({ isSuperAdmin: true }), "owner")).toBe(true);
  });
});

describe("reports and suspensions", () => {
  const now = new Date("2024-06-15T00:00:00Z");
  it("a reporter weighs 2 once verified and old enough, else 0; suspended members may not report", () => {
    const aged = (days: number, changes: Partial<UserRow> = {}) =>
      member({ createdAt: new Date(now.getTime() - days * DAY), ...changes });
    expect(reporterWeight(aged(7), 7, now)).toBe(2);
    expect(reporterWeight(member({ createdAt: new Date(now.getTime() - 7 * DAY + 1) }), 7, now)).toBe(0);
    expect(reporterWeight(aged(30, { emailVerified: false }), 7, now)).toBe(0);
    expect(reporterWeight(aged(30, { suspendedAt: now }), 7, now)).toBe(0);
    expect(reporterWeight(null, 7, now)).toBe(0);
    expect(reporterWeight(aged(0), 0, now)).toBe(2);
    expect(thrown(() => requireMayReport(member({ suspendedAt: now }))).message).toBe(REPORT_MESSAGES.suspended);
    expect(() => requireMayReport(member())).not.toThrow();
    expect(() => requireMayReport(null)).not.toThrow();
    expect(isSuspended(null)).toBe(false);
  });

  it("a member reviews once their account is at least the minimum age old, to the millisecond", () => {
    const listing = { userId: "creator" };
    const hours = (count: number) => count * 3_600_000;
    const since = (age: number) => member({ createdAt: new Date(now.getTime() - age) });
    expect(reviewRefusal(since(hours(72)), listing, 72, now)).toBeNull();
    expect(reviewRefusal(since(hours(72) - 1), listing, 72, now)).toBe(reviewAccountTooNew(72));
    expect(reviewRefusal(since(0), listing, 0, now)).toBeNull();
    expect(reviewRefusal(member({ suspendedAt: now }), listing, 72, now)).toBe(REVIEW_MESSAGES.suspended);
  });

  it("moderators suspend creators, never themselves nor another moderator", () => {
    const moderator = member({ id: "mod", isAdmin: true });
    expect(requireMaySuspend(moderator, member({ id: "c" }))).toBe(moderator);
    expect(thrown(() => requireMaySuspend(moderator, moderator)).message).toBe("You cannot suspend your own account");
    expect(thrown(() => requireMaySuspend(moderator, member({ id: "a", isAdmin: true }))).message).toBe(
      "A moderator cannot be suspended",
    );
    expect(thrown(() => requireMaySuspend(moderator, member({ id: "s", isSuperAdmin: true }))).message).toBe(
      "A moderator cannot be suspended",
    );
    expect(thrown(() => requireMaySuspend(member(), member({ id: "c" })))).toBeInstanceOf(ForbiddenError);
  });
});

describe("members, creators and roles", () => {
  it("publishers: signed in, approved and not suspended, each with its message", () => {
    expect(thrown(() => requirePublisher(null))).toBeInstanceOf(UnauthorizedError);
    expect(thrown(() => requirePublisher(member({ isApproved: false }))).message).toBe(
      "Your account is waiting for approval",
    );
    expect(thrown(() => requirePublisher(member({ suspendedAt: new Date() }))).message).toBe(
      "Your account is suspended: you cannot publish or change listings",
    );
    expect(requirePublisher(member()).id).toBe("m1");
  });

  it("e-mails: members only, of creators who show theirs", () => {
    const creator = { email: "c@example.com", showEmail: true };
    expect(emailFor(member(), creator)).toBe("c@example.com");
    expect(emailFor(member(), { ...creator, showEmail: false })).toBeNull();
    expect(emailFor(null, creator)).toBeNull();
    expect(sqlOf(emailSql(member(), "u"))).toBe('CASE WHEN "u"."show_email" THEN "u"."email" END');
    expect(sqlOf(emailSql(null, "u"))).toBe("NULL::text");
  });

  it("profiles: approved and not suspended for all; else themselves and moderators", () => {
    const pending = { id: "p", isApproved: false, suspendedAt: null };
    const suspended = { id: "s", isApproved: true, suspendedAt: new Date() };
    expect(mayViewProfile(null, { id: "x", isApproved: true, suspendedAt: null })).toBe(true);
    for (const profile of [pending, suspended]) {
      expect(mayViewProfile(null, profile)).toBe(false);
      expect(mayViewProfile(member(), profile)).toBe(false);
      expect(mayViewProfile(member({ id: profile.id }), profile)).toBe(true);
      expect(mayViewProfile(member({ isAdmin: true }), profile)).toBe(true);
    }
  });

  it("listings are managed by their owner, and by moderators through the moderation tools only", () => {
    expect(mayManageListing(null, { userId: "m1" }, true)).toBe(false);
    expect(mayManageListing(member(), { userId: "m1" })).toBe(true);
    expect(mayManageListing(member(), { userId: "other" }, true)).toBe(false);
    expect(mayManageListing(member({ isAdmin: true }), { userId: "other" })).toBe(false);
    expect(mayManageListing(member({ isAdmin: true }), { userId: "other" }, true)).toBe(true);
  });

  it("a token acts as its member, with moderator rights only at the admin scope", () => {
    const superAdmin = member({ isAdmin: true, isSuperAdmin: true });
    expect(tokenViewer(superAdmin, "admin")).toBe(superAdmin);
    for (const scope of ["read", "write"] as const) {
      expect(tokenViewer(superAdmin, scope)).toMatchObject({ id: "m1", isAdmin: false, isSuperAdmin: false });
    }
  });

  it("the admin panel's actions per target", () => {
    const admin = member({ id: "a", isAdmin: true });
    const superAdmin = member({ id: "s", isAdmin: true, isSuperAdmin: true });
    const pending = member({ id: "p", isApproved: false });
    expect(userActions(admin, pending)).toEqual({
      approve: true,
      reject: true,
      delete: true,
      makeAdmin: false,
      removeAdmin: false,
    });
    expect(userActions(superAdmin, member({ id: "x", isAdmin: true }))).toEqual({
      approve: false,
      reject: false,
      delete: true,
      makeAdmin: false,
      removeAdmin: true,
    });
    expect(userActions(superAdmin, member({ id: "y" }))).toMatchObject({ makeAdmin: true, removeAdmin: false });
    expect(userActions(superAdmin, superAdmin)).toEqual({
      approve: false,
      reject: false,
      delete: false,
      makeAdmin: false,
      removeAdmin: false,
    });
    expect(userActions(member(), pending)).toEqual({
      approve: false,
      reject: false,
      delete: false,
      makeAdmin: false,
      removeAdmin: false,
    });
    expect(userActions(null, pending).approve).toBe(false);
  });

  it("the SQL twins say the same as the rules", () => {
    expect(sqlOf(isModeratorSql("u"))).toBe('("u"."is_admin" OR "u"."is_super_admin")');
    expect(sqlOf(isVerifiedSql("u"))).toBe('("u"."verified_at" IS NOT NULL)');
    expect(isVerified({ verifiedAt: new Date() })).toBe(true);
    expect(isVerified({ verifiedAt: null })).toBe(false);
  });
});
