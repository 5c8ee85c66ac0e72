import { createHash } from "node:crypto";
import type { NsfwDisplay, UserRow } from "@gallery/db";
import {
  AGE_MESSAGES,
  type ListingActions,
  NSFW_DISPLAYS,
  REPORT_MESSAGES,
  REVIEW_MESSAGES,
  reviewAccountTooNew,
  SUSPENDED_PUBLISH_MESSAGE,
  type UserActions,
} from "@gallery/schema";
import { type RawBuilder, sql } from "kysely";
import { ForbiddenError, HiddenListingError, LISTING_NOT_FOUND, NotFoundError, UnauthorizedError } from "./errors.js";

/**
 * The viewer policy: who may see and do what. Every rule about roles and visibility lives here, so the
 * gallery, the image route, tRPC, REST and the CLI cannot disagree.
 */

/** The caller: the signed-in user (loaded fresh for the request), or null for a visitor. */
export type Viewer = UserRow | null;
/** A signed-in viewer. */
export type Member = UserRow;

/** Moderators are admins and super admins. */
export function isModerator(viewer: Pick<UserRow, "isAdmin" | "isSuperAdmin"> | null): boolean {
  return Boolean(viewer && (viewer.isAdmin || viewer.isSuperAdmin));
}

/** The same rule in SQL, for a users table under this alias (the listing read model builds JSON in SQL). */
export function isModeratorSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.is_admin`)} OR ${sql.ref(`${alias}.is_super_admin`)})`;
}

/** NSFW listings and their images are for signed-in members only, never for visitors. */
export function mayViewNsfw(viewer: Viewer): boolean {
  return viewer !== null;
}

/**
 * The content filter as it applies to this viewer (true: NSFW only, false: SFW only, undefined: both):
 * visitors never receive NSFW listings, nor do members whose NSFW display is Hide, whatever they ask for.
 */
export function nsfwFilterFor(viewer: Viewer, requested: boolean | undefined): boolean | undefined {
  return nsfwFilterOf({ signedIn: mayViewNsfw(viewer), nsfwDisplay: nsfwDisplayOf(viewer) }, requested);
}

/** nsfwFilterFor on the viewer's value (what the listing SQL reads: domain/listings/queries.ts). */
export function nsfwFilterOf(
  view: Pick<ViewerFacts, "signedIn" | "nsfwDisplay">,
  requested: boolean | undefined,
): boolean | undefined {
  if (!view.signedIn || view.nsfwDisplay === "hide") return false;
  return requested;
}

/**
 * A listing reached directly (its page, a click-out, a save): one withheld by moderation is 404 to everyone
 * but its owner and moderators (as if it did not exist); an NSFW one asked for by a visitor is 401, the
 * sign-in treatment, and nothing of it is read out.
 */
export function requireMayViewListing(
  viewer: Viewer,
  listing: { nsfw: boolean; withheld: boolean; userId: string },
): void {
  if (listing.withheld && !maySeeWithheld(viewer, listing.userId)) throw new NotFoundError(LISTING_NOT_FOUND);
  if (listing.nsfw && !mayViewNsfw(viewer)) throw new UnauthorizedError();
  // Under 18: no mature content, whatever they ask (no "show once").
  if (listing.nsfw && isMinor(viewer) && viewer?.id !== listing.userId) throw new HiddenListingError("age");
}

// --- Moderation states (issue 23) ---

/**
 * Listings hidden by a moderator, hidden by reports until review, or whose creator is suspended (the
 * generated `withheld` column) are seen by their owner and by moderators only, labelled; every other reader
 * gets them from no call, page, sitemap or shared copy.
 */
export function maySeeWithheld(viewer: Viewer, ownerId: string | undefined): boolean {
  return viewer !== null && (viewer.id === ownerId || isModerator(viewer));
}

/** A suspended account signs in and sees its own things, but publishes nothing. */
export function isSuspended(user: Pick<UserRow, "suspendedAt"> | null): boolean {
  return Boolean(user?.suspendedAt);
}

/** The SUSPENDED refusal a suspended creator gets when they try to publish or change a listing. */
export const SUSPENDED_MESSAGE = SUSPENDED_PUBLISH_MESSAGE;

/** Moderators suspend creators, but never themselves, another moderator or a super admin. */
export function requireMaySuspend(viewer: Viewer, target: Target): Member {
  const moderator = requireModerator(viewer);
  if (target.id === moderator.id) throw new ForbiddenError("You cannot suspend your own account");
  if (isModerator(target)) throw new ForbiddenError("A moderator cannot be suspended");
  return moderator;
}

/**
 * Members report; a moderator acts. How much a reporter weighs towards hiding a listing before review: a member
 * whose e-mail the identity provider verified and whose account is at least `minAccountAgeDays` old 2; a visitor,
 * a new account or an unverified e-mail 0 (their report still reaches the queue). Suspended members do not report.
 */
export function reporterWeight(viewer: Viewer, minAccountAgeDays: number, now: Date = new Date()): number {
  if (viewer === null || isSuspended(viewer) || !viewer.emailVerified) return 0;
  const ageMs = now.getTime() - viewer.createdAt.getTime();
  return ageMs >= minAccountAgeDays * 86_400_000 ? 2 : 0;
}

/** Suspended members may not report (FORBIDDEN, with the message in report-texts). */
export function requireMayReport(viewer: Viewer): void {
  if (isSuspended(viewer)) throw new ForbiddenError(REPORT_MESSAGES.suspended);
}

/**
 * Why a member may not review this listing now, or null when they may (issue 38: rules against rigging): not
 * suspended, a verified e-mail, an account at least `minAccountAgeHours` old, and never their own listing.
 */
export function reviewRefusal(
  member: Member,
  listing: { userId: string },
  minAccountAgeHours: number,
  now: Date = new Date(),
): string | null {
  if (isSuspended(member)) return REVIEW_MESSAGES.suspended;
  if (ownsListing(member, listing)) return REVIEW_MESSAGES.ownListing;
  if (!member.emailVerified) return REVIEW_MESSAGES.unverified;
  if (now.getTime() - member.createdAt.getTime() < minAccountAgeHours * 3_600_000) {
    return reviewAccountTooNew(minAccountAgeHours);
  }
  return null;
}

/** The same as a refusal (FORBIDDEN with the reason). */
export function requireMayReview(member: Member, listing: { userId: string }, minAccountAgeHours: number): void {
  const refusal = reviewRefusal(member, listing, minAccountAgeHours);
  if (refusal) throw new ForbiddenError(refusal);
}

/**
 * A listing reached directly that the member's own settings hide (a blocked tag; NSFW under Hide, the visitor
 * rule's sibling): FORBIDDEN with the reason, so its page can say so and offer to show it once.
 */
export function requireNotHiddenBySettings(viewer: Viewer, listing: { nsfw: boolean; tags: string[] }): void {
  const blocked = blockedTagsOf(viewer);
  if (blocked.length > 0 && listing.tags.some((tag) => blocked.includes(tag.toLowerCase()))) {
    throw new HiddenListingError("blocklist");
  }
  if (listing.nsfw && nsfwFilterFor(viewer, undefined) === false && viewer !== null) {
    throw new HiddenListingError(isMinor(viewer) ? "age" : "nsfw");
  }
}

/** The tags (lower-cased) whose listings never reach this viewer: their saved blocklist. */
export function blockedTagsOf(viewer: Viewer): readonly string[] {
  return viewer?.blockedTags ?? [];
}

/** Whether NSFW images reach this viewer blurred (made on the server) until they reveal one. */
export function blursNsfw(viewer: Viewer): boolean {
  return blursOf({ nsfwDisplay: nsfwDisplayOf(viewer) });
}

/** blursNsfw on the viewer's value (the listing shape: domain/listings/read-model.ts). */
export const blursOf = (view: Pick<ViewerFacts, "nsfwDisplay">): boolean => view.nsfwDisplay === "blur";

/**
 * Whether this listing's NSFW picture reaches the viewer blurred: Blur (their choice, or an age not yet answered)
 * blurs other creators' pictures, never a creator's own, which they made and see as they are.
 */
export const blursListingOf = (view: Pick<ViewerFacts, "nsfwDisplay" | "id">, listing: { userId: string }): boolean =>
  blursOf(view) && listing.userId !== view.id;

/**
 * Whether what this viewer is answered depends on their own settings (a blocklist, Blur or Hide): then
 * no answer made for them is shared with anyone, and they are never handed a shared copy.
 */
export function hasPersonalView(viewer: Viewer): boolean {
  return viewer !== null && (viewer.blockedTags.length > 0 || nsfwDisplayOf(viewer) !== "show");
}

/**
 * The same member as their own listings (dashboard) and the moderation tools see them: their safety
 * settings hide nothing there and blur nothing, so no one loses sight of what they own or moderate.
 */
export function ignoringSafetySettings(member: Member): Member {
  const view: Member = { ...member, blockedTags: [], nsfwDisplay: "show" };
  toolViews.add(view);
  return view;
}

/**
 * The member with their own safety settings lifted (the Saved page's "Show them", as a listing page's "Show
 * once"): no blocked tags, and NSFW listings shown that they chose to hide. Their age still decides
 * (nsfwDisplayOf): under 18 nothing mature appears, and an unanswered age still blurs.
 */
export function liftingOwnSettings(member: Member): Member {
  return { ...member, blockedTags: [], nsfwDisplay: member.nsfwDisplay === "hide" ? "show" : member.nsfwDisplay };
}

/** The views ignoringSafetySettings made: their age (unanswered, or under 18) blurs and hides nothing either. */
const toolViews = new WeakSet<Member>();

// --- Age (issue 23): members under 18 get no mature content ---

/** What the member answered to the age question: nothing yet, 18 or older, under 18. */
export type AgeCheck = "unanswered" | "adult" | "minor";

/** The age the rules need: 18 for mature content. */
export const ADULT_AGE = 18;

/** Full years from a date of birth to today (UTC). */
export function ageOn(birthDate: Date, today: Date = new Date()): number {
  let age = today.getUTCFullYear() - birthDate.getUTCFullYear();
  const birthdayPassed =
    today.getUTCMonth() > birthDate.getUTCMonth() ||
    (today.getUTCMonth() === birthDate.getUTCMonth() && today.getUTCDate() >= birthDate.getUTCDate());
  if (!birthdayPassed) age -= 1;
  return age;
}

export function ageCheckOf(member: Pick<UserRow, "birthDate">): AgeCheck {
  if (!member.birthDate) return "unanswered";
  return ageOn(member.birthDate) >= ADULT_AGE ? "adult" : "minor";
}

/** Under 18 by their own answer (a view of the moderation tools or their own listings never is). */
export function isMinor(viewer: Viewer): boolean {
  return viewer !== null && !toolViews.has(viewer) && ageCheckOf(viewer) === "minor";
}

/**
 * How NSFW images reach this member, their setting and their age together: under 18, Hide (whatever they
 * saved); not yet answered, Blur at most, until they answer; 18 or older, as they chose. Null for visitors,
 * who never receive NSFW listings.
 */
export function nsfwDisplayOf(viewer: Viewer): NsfwDisplay | null {
  if (viewer === null) return null;
  if (toolViews.has(viewer)) return "show";
  return displayFor(ageCheckOf(viewer), viewer.nsfwDisplay);
}

/** How NSFW images reach a member now, their saved choice and their age together (what their settings show). */
export function nsfwDisplayInEffect(member: Pick<UserRow, "birthDate" | "nsfwDisplay">): NsfwDisplay {
  return displayFor(ageCheckOf(member), member.nsfwDisplay);
}

/**
 * The NSFW displays that take effect as chosen at the member's age (their settings offer these): an adult all
 * three; not yet answered Blur and Hide (Show would blur); under 18 Hide alone.
 */
export function nsfwDisplayChoices(member: Pick<UserRow, "birthDate">): NsfwDisplay[] {
  const age = ageCheckOf(member);
  return NSFW_DISPLAYS.filter((display) => displayFor(age, display) === display);
}

/** nsfwDisplayOf from the age already worked out (viewerFacts works it out once). */
function displayFor(age: AgeCheck, setting: NsfwDisplay): NsfwDisplay {
  if (age === "minor") return "hide";
  if (age === "unanswered" && setting === "show") return "blur";
  return setting;
}

/** A member under 18 may not turn mature content on: their display stays Hide. */
export function requireMayChooseNsfwDisplay(member: Member, display: NsfwDisplay): void {
  if (isMinor(member) && display !== "hide") throw new ForbiddenError(AGE_MESSAGES.minorSetting);
}

/** A member answers once; an adult may correct the date, a member under 18 cannot lift the rule by re-answering. */
export function requireMayAnswerAge(member: Member): void {
  if (isMinor(member)) throw new ForbiddenError(AGE_MESSAGES.minorAnswered);
}

/**
 * Creators' e-mails are shown to signed-in members only, and only of creators who keep "Show my e-mail to
 * signed-in members" on (`show_email`); their owners and moderators read them in the account's own shapes.
 */
export function mayViewEmails(viewer: Viewer): boolean {
  return showsEmailsTo({ signedIn: viewer !== null });
}

/** mayViewEmails on the viewer's value (the listing shape: domain/listings/read-model.ts). */
export const showsEmailsTo = (view: Pick<ViewerFacts, "signedIn">): boolean => view.signedIn;

/** One creator's e-mail for this viewer (profiles, the creator in listings: the SQL twin is emailSql). */
export function emailFor(viewer: Viewer, creator: Pick<UserRow, "email" | "showEmail">): string | null {
  return emailOf({ signedIn: viewer !== null }, creator);
}

/** emailFor on the viewer's value (the listing shape). */
export function emailOf(view: Pick<ViewerFacts, "signedIn">, creator: Pick<UserRow, "email" | "showEmail">) {
  return showsEmailsTo(view) && creator.showEmail ? creator.email : null;
}

/** The same rule in SQL, for a users table under this alias. */
export function emailSql(viewer: Viewer, alias: string): RawBuilder<string | null> {
  return emailSqlOf({ signedIn: viewer !== null }, alias);
}

/** emailSql on the viewer's value (the listing shape). */
export function emailSqlOf(view: Pick<ViewerFacts, "signedIn">, alias: string): RawBuilder<string | null> {
  return showsEmailsTo(view)
    ? sql<string | null>`CASE WHEN ${sql.ref(`${alias}.show_email`)} THEN ${sql.ref(`${alias}.email`)} END`
    : sql<string | null>`NULL::text`;
}

/** A pending (unapproved) or suspended user's profile is visible to themselves and moderators only. */
export function mayViewProfile(viewer: Viewer, profile: Pick<UserRow, "id" | "isApproved" | "suspendedAt">): boolean {
  return (profile.isApproved && !isSuspended(profile)) || viewer?.id === profile.id || isModerator(viewer);
}

/**
 * A profile's private fields (date of birth, agreements, approval, roles) are for its owner and moderators;
 * everyone else gets the public ones.
 */
export function mayViewPrivateProfile(viewer: Viewer, profile: Pick<UserRow, "id">): boolean {
  return viewer?.id === profile.id || isModerator(viewer);
}

/** Whether the listing is the viewer's own (a visitor owns nothing). */
export function ownsListing(viewer: Viewer, listing: { userId: string }): boolean {
  return viewer !== null && viewer.id === listing.userId;
}

/** Anyone reports a listing they can see, but not their own, and a suspended member nothing (requireMayReport). */
export function mayReportListing(viewer: Viewer, listing: { userId: string }): boolean {
  return !isSuspended(viewer) && !ownsListing(viewer, listing);
}

/** Approved and not suspended: may publish and change listings (requirePublisher says why not). */
export function mayPublish(viewer: Viewer): viewer is Member {
  return Boolean(viewer?.isApproved) && !isSuspended(viewer);
}

/**
 * What the viewer may do with a listing they can see, outside the moderation tools (a card's menu shows exactly
 * these): its owner edits and deletes it while they may publish (findForChange's rule), anyone else reports it.
 */
export function listingActions(viewer: Viewer, listing: { userId: string }): ListingActions {
  const manage = mayPublish(viewer) && mayManageListing(viewer, listing);
  return { edit: manage, delete: manage, report: mayReportListing(viewer, listing) };
}

/** Owners change their own listings; moderators (through the moderation tools) any. */
export function mayManageListing(viewer: Viewer, listing: { userId: string }, asModerator = false): boolean {
  if (!viewer) return false;
  return listing.userId === viewer.id || (asModerator && isModerator(viewer));
}

/** Signed in; else 401. */
export function requireMember(viewer: Viewer): Member {
  if (!viewer) throw new UnauthorizedError();
  return viewer;
}

/**
 * The viewer a personal API token acts as: its member, with moderator powers (moderation calls, withheld listings,
 * e-mails) only through an admin-scope token, so a read or write token never acts beyond a plain member.
 */
export function tokenViewer(member: Member, scope: "read" | "write" | "admin"): Member {
  return scope === "admin" ? member : { ...member, isAdmin: false, isSuperAdmin: false };
}

/** Signed in, approved and not suspended: may publish listings. */
export function requirePublisher(viewer: Viewer): Member {
  const member = requireMember(viewer);
  if (!member.isApproved) throw new ForbiddenError("Your account is waiting for approval");
  if (isSuspended(member)) throw new ForbiddenError(SUSPENDED_MESSAGE);
  return member;
}

export function requireModerator(viewer: Viewer): Member {
  const member = requireMember(viewer);
  if (!isModerator(member)) throw new ForbiddenError("Admin access required");
  return member;
}

export function requireSuperAdmin(viewer: Viewer): Member {
  const member = requireMember(viewer);
  if (!member.isSuperAdmin) throw new ForbiddenError("Super admin access required");
  return member;
}

/** The user a moderation tool acts on. */
type Target = Pick<UserRow, "id" | "isApproved" | "isAdmin" | "isSuperAdmin">;

/** Why a moderator may not delete this user, or null if they may. */
function deletionRefusal(moderator: Member, target: Target): string | null {
  if (target.id === moderator.id) return "You cannot delete your own account";
  if (target.isSuperAdmin) return "A super admin cannot be deleted";
  return null;
}

/** Moderators delete users, but never themselves and never a super admin. */
export function mayDeleteUser(viewer: Viewer, target: Target): boolean {
  return viewer !== null && isModerator(viewer) && deletionRefusal(viewer, target) === null;
}

/** The moderator who may delete this user; else 401 or 403 with the reason. */
export function requireMayDeleteUser(viewer: Viewer, target: Target): Member {
  const moderator = requireModerator(viewer);
  const refusal = deletionRefusal(moderator, target);
  if (refusal) throw new ForbiddenError(refusal);
  return moderator;
}

/** Super admins grant and remove admin rights, but never change a super admin's. */
export function mayChangeAdminRights(viewer: Viewer, target: Target): boolean {
  return Boolean(viewer?.isSuperAdmin) && !target.isSuperAdmin;
}

/** The super admin who may change this user's admin rights; else 401 or 403 with the reason. */
export function requireMayChangeAdminRights(viewer: Viewer, target: Target): Member {
  const superAdmin = requireSuperAdmin(viewer);
  if (target.isSuperAdmin) throw new ForbiddenError("A super admin's rights cannot be changed");
  return superAdmin;
}

/**
 * What the viewer may do to this user in the admin panel (the web shows exactly these): approve or reject
 * a pending user, delete, make admin or remove admin.
 */
export function userActions(viewer: Viewer, target: Target): UserActions {
  const rights = mayChangeAdminRights(viewer, target);
  const deletable = mayDeleteUser(viewer, target);
  return {
    approve: isModerator(viewer) && !target.isApproved,
    reject: deletable && !target.isApproved,
    delete: deletable,
    makeAdmin: rights && !target.isAdmin,
    removeAdmin: rights && target.isAdmin,
  };
}

/** The roles an operator grants and revokes (`pnpm roles`); moderation rights are given in the admin panel. */
export type Role = "admin" | "super-admin";

/**
 * The role columns a grant or revocation sets: a super admin is also an admin; revoking admin from a
 * super admin revokes both.
 */
export function roleColumns(role: Role, grant: boolean): Partial<Pick<UserRow, "isAdmin" | "isSuperAdmin">> {
  if (role === "super-admin") return grant ? { isSuperAdmin: true, isAdmin: true } : { isSuperAdmin: false };
  return grant ? { isAdmin: true } : { isAdmin: false, isSuperAdmin: false };
}

// Verified creators (issue 23, item 6; part "verify"): the mark is `users.verified_at`, set and withdrawn by
// moderators only (domain/users/verification.ts), and shown to everyone who may see the creator.

/** Whether a user carries the verified-creator mark. */
export function isVerified(user: Pick<UserRow, "verifiedAt">): boolean {
  return user.verifiedAt !== null;
}

/** The same rule in SQL, for a users table under this alias (the listing read model). */
export function isVerifiedSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.verified_at`)} IS NOT NULL)`;
}

// --- The viewer as one value (issue 37): worked out once per request ---

/**
 * Everything the policy decides a read by, about who is asking, worked out once per request into one plain,
 * frozen value (calls/context.ts builds it with the call's context, the same for tRPC, REST and the served first
 * screen's first reads; the response cache reads the same one). The listing SQL and shape (listings/queries.ts,
 * read-model.ts), the compiled-query cache's key and the shared copies' keys all read this value, and the keys
 * are made from it by one function, viewerKey: a fact added here is in every key that does not leave it out by
 * name, and test/viewer-keys.test.ts varies every one of these fields.
 */
export interface ViewerFacts {
  /** A signed-in member (or a personal API token's), or a visitor. */
  readonly signedIn: boolean;
  /** Owner-of: whose listings, saves and profile are theirs (owner checks: `viewer id`); null for a visitor. */
  readonly id: string | null;
  readonly admin: boolean;
  readonly superAdmin: boolean;
  /** Moderator rights (an admin or a super admin): withheld listings, pending profiles, the tools. */
  readonly moderator: boolean;
  readonly suspended: boolean;
  /** Their answer to the age question; null for a visitor. */
  readonly age: AgeCheck | null;
  /** How NSFW images reach them, their setting and age together (nsfwDisplayOf); null for a visitor. */
  readonly nsfwDisplay: NsfwDisplay | null;
  /** Their tag blocklist (lower-cased), and its hash (what a key carries instead of the list). */
  readonly blockedTags: readonly string[];
  readonly blocklistHash: string;
  /** A view of the moderation tools or of their own listings (ignoringSafetySettings): no settings of theirs apply. */
  readonly toolView: boolean;
}
export type ViewerFact = keyof ViewerFacts;

/** Every visitor: one value. */
export const VISITOR_FACTS: ViewerFacts = Object.freeze({
  signedIn: false,
  id: null,
  admin: false,
  superAdmin: false,
  moderator: false,
  suspended: false,
  age: null,
  nsfwDisplay: null,
  blockedTags: Object.freeze([]),
  blocklistHash: "",
  toolView: false,
});

/** The value's fields, in one order: a key over "every fact" takes a new field without anyone listing it. */
export const VIEWER_FACTS = Object.freeze(Object.keys(VISITOR_FACTS) as ViewerFact[]);

/**
 * The facts a listing's SQL and shape read (listings/queries.ts, read-model.ts, through ListingView): so the
 * compiled-query cache and the gallery's shared copies are keyed by exactly these.
 */
export const LISTING_FACTS = Object.freeze(["signedIn", "nsfwDisplay", "blockedTags"] as const);
export type ListingFact = (typeof LISTING_FACTS)[number];
/** The part of the viewer the listing SQL may read (the type lets it read nothing else; the hash is the key's). */
export type ListingView = Pick<ViewerFacts, ListingFact | "blocklistHash">;

const factsOfMember = new WeakMap<Member, ViewerFacts>();

/**
 * The viewer's value: worked out the first time it is asked for a loaded user (calls/context.ts, once per
 * request) and the same frozen object after that for the same user row, so every read of one request reads one
 * value. A row is never changed after it is loaded (a view of it is a new row: ignoringSafetySettings, tokenViewer).
 */
export function viewerFacts(viewer: Viewer): ViewerFacts {
  if (viewer === null) return VISITOR_FACTS;
  let facts = factsOfMember.get(viewer);
  if (!facts) {
    const blockedTags = Object.freeze([...viewer.blockedTags]);
    const age = ageCheckOf(viewer);
    const toolView = toolViews.has(viewer);
    facts = Object.freeze({
      signedIn: true,
      id: viewer.id,
      admin: viewer.isAdmin,
      superAdmin: viewer.isSuperAdmin,
      moderator: isModerator(viewer),
      suspended: isSuspended(viewer),
      age,
      // nsfwDisplayOf, with the age worked out once.
      nsfwDisplay: toolView ? "show" : displayFor(age, viewer.nsfwDisplay),
      blockedTags,
      blocklistHash: blocklistHash(blockedTags),
      toolView,
    });
    factsOfMember.set(viewer, facts);
  }
  return facts;
}

/** A short hash of a blocklist ("" for none): two lists of the same tags in another order are two keys (safe). */
function blocklistHash(tags: readonly string[]): string {
  if (tags.length === 0) return "";
  return createHash("sha256").update(JSON.stringify(tags)).digest("base64url").slice(0, 22);
}

const keysOf = new WeakMap<object, Map<readonly ViewerFact[], string>>();

/**
 * The ONE key of a viewer for something that depends on these facts of theirs (a compiled query: LISTING_FACTS;
 * a shared copy: its read's declared facts): two viewers get the same key exactly when these facts are the
 * same. The blocklist is carried by its hash. Kept per value and list, so a repeat costs a lookup.
 */
export function viewerKey<F extends ViewerFact>(
  facts: Pick<ViewerFacts, F | "blocklistHash">,
  which: readonly F[],
): string {
  let known = keysOf.get(facts);
  if (!known) {
    known = new Map();
    keysOf.set(facts, known);
  }
  let key = known.get(which);
  if (key === undefined) {
    key = which.map((fact) => (fact === "blockedTags" ? facts.blocklistHash : String(facts[fact]))).join("|");
    if (known.size < 32) known.set(which, key);
  }
  return key;
}
