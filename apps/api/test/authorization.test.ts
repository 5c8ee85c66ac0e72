import { describe, expect, it } from "vitest";
import { appRouter } from "../src/trpc/router.js";
import type { TestApp } from "./support/app.js";
import { setRole, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";

/**
 * The authorization matrix, generated from one table: every REST call and every tRPC procedure,
 * tried as each role, must answer as the spec's roles allow (spec section 6).
 */
type Role = "visitor" | "user" | "owner" | "pending" | "admin" | "superAdmin";
const ROLES: Role[] = ["visitor", "user", "owner", "pending", "admin", "superAdmin"];

/** Who may do what. "owner": only the listing's owner (approved); admins use the admin calls. */
type Access = "public" | "member" | "approved" | "owner" | "admin" | "superAdmin";

function allowed(access: Access, role: Role): boolean {
  switch (access) {
    case "public":
      return true;
    case "member":
      return role !== "visitor";
    case "approved":
      return role !== "visitor" && role !== "pending";
    case "owner":
      return role === "owner";
    case "admin":
      return role === "admin" || role === "superAdmin";
    case "superAdmin":
      return role === "superAdmin";
  }
}

/** What a refused role gets: 401 for visitors, 403 for everyone signed in. */
const refusal = (role: Role) => (role === "visitor" ? 401 : 403);

interface Fixture {
  cookies: Record<Role, string | undefined>;
  ids: Record<Role, string>;
  /** A fresh listing owned by "owner" (so destructive calls never share a target). */
  listing(): Promise<string>;
  /** A fresh signed-up user (target for admin calls on users). */
  target(pending?: boolean): Promise<string>;
  /** A new session of a new user with the role (for calls that end the session). */
  freshCookie(role: Role): Promise<string | undefined>;
}

/** A REST call of the table, named by its route as the OpenAPI document has it ("PUT /api/chatbots/{id}"). */
interface RestCall {
  /** The value of the route's one parameter ({id}, {chatbotId}...), when it has one. */
  param?: (f: Fixture) => Promise<string> | string;
  /** The URL to call instead of the route's, where it has more than one parameter or takes a query. */
  url?: string | ((f: Fixture) => string);
  access: Access;
  body?: () => Promise<ReturnType<typeof multipart> | { json: unknown }>;
  /** The call ends the session, so it gets one of its own. */
  ownSession?: boolean;
}

const image = async () =>
  pngImage(
    40,
    80,
    `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")}`,
  );
const listingForm = async () =>
  multipart(
    { title: "Matrix", tags: "a" },
    { name: "image", filename: "m.png", type: "image/png", data: await image() },
  );
const avatarForm = async () =>
  multipart({}, { name: "avatar", filename: "a.png", type: "image/png", data: await image() });

const REST: Record<string, RestCall> = {
  "GET /api/chatbots": { access: "public" },
  "POST /api/chatbots": { access: "approved", body: listingForm },
  "GET /api/chatbots/{id}": { param: (f) => f.listing(), access: "public" },
  "PUT /api/chatbots/{id}": {
    param: (f) => f.listing(),
    access: "owner",
    body: async () => multipart({ title: "Changed" }),
  },
  "DELETE /api/chatbots/{id}": { param: (f) => f.listing(), access: "owner" },
  "GET /api/user/chatbots": { access: "member" },
  "GET /api/chatbots/tags": { access: "public" },
  "GET /api/chatbots/{id}/reviews": { param: (f) => f.listing(), access: "public" },
  "GET /api/chatbots/{id}/reviews/mine": { param: (f) => f.listing(), access: "member" },
  "GET /api/user/stats": { access: "member" },
  "GET /api/user/settings": { access: "member" },
  "PUT /api/user/email-visibility": { access: "member", body: async () => ({ json: { showEmail: true } }) },
  "PUT /api/user/age": { access: "member", body: async () => ({ json: { dateOfBirth: "1990-01-01" } }) },
  "GET /api/chatbots/suggestions": { url: "/api/chatbots/suggestions?q=ow", access: "public" },
  "GET /api/client-config": { access: "public" },
  "GET /api/health": { access: "public" },
  "PUT /api/user/settings": {
    access: "member",
    body: async () => ({ json: { blockedTags: [], nsfwDisplay: "show" } }),
  },
  "GET /api/series/{seriesName}/{creatorId}": { url: (f) => `/api/series/Saga/${f.ids.owner}`, access: "member" },
  "GET /api/users/{userId}": { param: (f) => f.ids.owner, access: "public" },
  "GET /api/users/{userId}/chatbots": { param: (f) => f.ids.owner, access: "public" },
  "PUT /api/user/nickname": {
    access: "member",
    body: async () => ({ json: { nickname: `nick${Math.random().toString(36).slice(2, 10)}` } }),
  },
  "PUT /api/user/avatar": { access: "member", body: avatarForm },
  "PUT /api/user/about": { access: "member", body: async () => ({ json: { about: "Hello there" } }) },
  "PUT /api/user/social-media": {
    access: "member",
    body: async () => ({
      json: {
        instagramUrl: "https://instagram.com/me",
        blueskyUrl: "",
        facebookUrl: "",
        twitterUrl: "",
        kofiUrl: "",
        patreonUrl: "",
      },
    }),
  },
  "GET /api/user/favorites": { access: "member" },
  "PUT /api/user/favorites/{chatbotId}": { param: (f) => f.listing(), access: "member" },
  "DELETE /api/user/favorites/{chatbotId}": { param: (f) => f.listing(), access: "member" },
  "GET /api/user/following": { access: "member" },
  "PUT /api/user/follows/{userId}": { param: (f) => f.target(), access: "member" },
  "DELETE /api/user/follows/{userId}": { param: (f) => f.target(), access: "member" },
  "GET /api/user/notifications": { access: "member" },
  "GET /api/user/notifications/unread-count": { access: "member" },
  "PUT /api/user/notifications/read-all": { access: "member" },
  "GET /api/user/notification-settings": { access: "member" },
  "PUT /api/user/notification-settings": { access: "member", body: async () => ({ json: { review: true } }) },
  "GET /api/user/collections": { access: "member" },
  "POST /api/user/collections": { access: "member", body: async () => ({ json: { title: "Authorized" } }) },
  "GET /api/collections/{id}": {
    // A public collection of the owner's: anyone may read it.
    param: async (f) => {
      const made = await app.inject({
        method: "POST",
        url: "/api/user/collections",
        headers: { cookie: f.cookies.owner!, "content-type": "application/json" },
        payload: JSON.stringify({ title: "Public", public: true }),
      });
      return made.json().id;
    },
    access: "public",
  },
  "GET /api/users/{userId}/collections": { param: (f) => f.ids.owner, access: "public" },
  "GET /api/auth/user": { access: "member" },
  "POST /api/auth/logout": { access: "public", ownSession: true },
  "POST /api/auth/logout-all": { access: "member", ownSession: true },
  "GET /api/admin/stats": { access: "admin" },
  "GET /api/admin/queue": { access: "admin" },
  "GET /api/admin/audit-log": { access: "superAdmin" },
  "GET /api/user/moderation": { access: "member" },
  "GET /api/admin/pending-users": { access: "admin" },
  "GET /api/admin/approved-users": { access: "admin" },
  "GET /api/admin/chatbots": { access: "admin" },
  "POST /api/admin/approve-user/{id}": { param: (f) => f.target(true), access: "admin" },
  "DELETE /api/admin/reject-user/{id}": { param: (f) => f.target(true), access: "admin" },
  "PUT /api/admin/chatbots/{id}": {
    param: (f) => f.listing(),
    access: "admin",
    body: async () => multipart({ title: "Moderated" }),
  },
  "DELETE /api/admin/chatbots/{id}": { param: (f) => f.listing(), access: "admin" },
  "DELETE /api/admin/users/{id}": { param: (f) => f.target(), access: "admin" },
  "POST /api/admin/users/{id}/make-admin": { param: (f) => f.target(), access: "superAdmin" },
  "POST /api/admin/users/{id}/remove-admin": { param: (f) => f.target(), access: "superAdmin" },
  "POST /api/admin/migrate-images": { access: "superAdmin" },
  "POST /api/admin/repair-images": { access: "superAdmin" },
  "GET /api/admin/image-jobs/{id}": { param: () => finishedImageJob(), access: "superAdmin" },
  "GET /api/verification": { access: "member" },
  "POST /api/verification": {
    access: "approved",
    body: async () => ({ json: { text: "Mine", links: ["https://polybuzz.ai/character/x"] } }),
  },
  "GET /api/verification/pending": { access: "admin" },
  "GET /api/verification/verified": { access: "admin" },
  "POST /api/verification/{id}/approve": { param: () => pendingVerification(), access: "admin" },
  "POST /api/verification/{id}/deny": {
    param: () => pendingVerification(),
    access: "admin",
    body: async () => ({ json: { reason: "No" } }),
  },
  "POST /api/verification/users/{userId}/withdraw": {
    param: (f) => verifiedCreator(f),
    access: "admin",
    body: async () => ({ json: { reason: "No" } }),
  },
};

/** A fresh creator's pending verification request, written directly (the calls are tested in verification.test.ts). */
async function pendingVerification() {
  const { user } = await signUp(app);
  const request = await app.database.db
    .insertInto("verificationRequests")
    .values({ userId: user.id, text: "Mine", links: ["https://polybuzz.ai/character/x"] })
    .returning("id")
    .executeTakeFirstOrThrow();
  return request.id;
}

/** A fresh verified creator. */
async function verifiedCreator(f: Fixture) {
  const id = await f.target();
  await app.database.db.updateTable("users").set({ verifiedAt: new Date() }).where("id", "=", id).execute();
  return id;
}

/** A finished image job's id, written directly (the job tools themselves are tested in image-jobs.test.ts). */
async function finishedImageJob() {
  const job = await app.database.db
    .insertInto("maintenanceJobs")
    .values({ kind: "repair", status: "succeeded", total: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return job.id;
}

/** Every tRPC procedure and who may call it. A procedure missing here fails the test. */
const TRPC: Record<string, Access> = {
  "auth.verify": "public",
  "auth.logout": "public",
  "auth.signOutEverywhere": "member",
  "auth.user": "member",
  "auth.clientConfig": "public",
  "chatbots.list": "public",
  "chatbots.count": "public",
  "chatbots.byUser": "public",
  "chatbots.byId": "public",
  "chatbots.actions": "public",
  "chatbots.tags": "public",
  "chatbots.rails": "public",
  "chatbots.recordView": "public",
  "chatbots.myStats": "member",
  "chatbots.stats": "member",
  "chatbots.mine": "member",
  "chatbots.series": "member",
  "chatbots.create": "approved",
  "chatbots.update": "approved",
  "chatbots.delete": "approved",
  "chatbots.importCard": "approved",
  "chatbots.suggestions": "public",
  "users.byId": "public",
  "users.updateNickname": "member",
  "users.updateAbout": "member",
  "users.updateSocialLinks": "member",
  "users.updateAvatar": "member",
  "admin.stats": "admin",
  "admin.pendingUsers": "admin",
  "admin.approvedUsers": "admin",
  "admin.chatbots": "admin",
  "admin.approveUser": "admin",
  "admin.rejectUser": "admin",
  "admin.deleteUser": "admin",
  "admin.updateChatbot": "admin",
  "admin.deleteChatbot": "admin",
  "admin.makeAdmin": "superAdmin",
  "admin.removeAdmin": "superAdmin",
  "admin.startImageJob": "superAdmin",
  "admin.imageJob": "superAdmin",
  "settings.safety": "member",
  "settings.updateSafety": "member",
  "settings.confirmAge": "member",
  "users.updateEmailVisibility": "member",
  "favorites.list": "member",
  "favorites.status": "member",
  "favorites.hiddenCount": "member",
  "favorites.save": "member",
  "favorites.remove": "member",
  "follows.feed": "member",
  "follows.feedCount": "member",
  "follows.feedTags": "member",
  "follows.suggestions": "member",
  "follows.status": "member",
  "follows.follow": "member",
  "follows.unfollow": "member",
  "notifications.list": "member",
  "notifications.unreadCount": "member",
  "notifications.markRead": "member",
  "notifications.markAllRead": "member",
  "notifications.settings": "member",
  "notifications.updateSettings": "member",
  "collections.mine": "member",
  "collections.create": "member",
  "collections.update": "member",
  "collections.delete": "member",
  "collections.add": "member",
  "collections.remove": "member",
  "collections.move": "member",
  "collections.reorder": "member",
  "collections.byId": "public",
  "collections.ofMember": "public",
  "moderation.report": "public",
  "moderation.queue": "admin",
  "moderation.act": "admin",
  "moderation.notices": "member",
  "moderation.appeal": "member",
  "audit.list": "superAdmin",
  "verification.mine": "member",
  "verification.request": "approved",
  "verification.pending": "admin",
  "verification.verified": "admin",
  "verification.approve": "admin",
  "verification.deny": "admin",
  "verification.withdraw": "admin",
  "apiTokens.list": "member",
  "apiTokens.create": "member",
  "apiTokens.revoke": "member",
  "reviews.list": "public",
  "reviews.mine": "member",
  "reviews.create": "member",
  "reviews.update": "member",
  "reviews.remove": "member",
  "reviews.markHelpful": "member",
  "reviews.unmarkHelpful": "member",
  "reviews.reply": "member",
  "reviews.editReply": "member",
  "reviews.deleteReply": "member",
};

/**
 * The REST routes whose access does not fit the matrix's one answer per role, each with where it is checked. Every
 * other route of the document must be in REST above: a new route without an entry fails "every route is in the table".
 */
const CHECKED_ELSEWHERE: Record<string, string> = {
  "PUT /api/user/notifications/{id}/read":
    "a member's own notification only: 401 to a visitor, 404 to another member (notifications.test.ts)",
  "GET /api/user/notifications/stream":
    "a member's live stream, which stays open: 401 to a visitor and to a bad token, 200 to a member or their token, 429 past the cap (notifications.test.ts)",
  "GET /api/login": "answers only 302, to the sign-in page or back (auth.test.ts)",
  "POST /api/auth/verify": "a sign-in: it takes an ID token, not a session (auth.test.ts, auth-sessions.test.ts)",
  // Made from the same declaration as their tRPC procedure, whose access the matrix checks as every role.
  "GET /api/chatbots/{id}/stats":
    "chatbots.stats; someone else's listing reads as unknown (404, not 403) but to its owner and moderators (click-stats.test.ts)",
  "POST /api/chatbots/import-card":
    "chatbots.importCard; needs a character card to let anyone in (character-cards.test.ts)",
  "POST /api/reports":
    "moderation.report; once per person or address and a few an hour per address, so six roles from one address cannot each file one (reports.test.ts)",
  "POST /api/admin/queue/actions": "moderation.act; needs a reported target (moderation-actions.test.ts)",
  "POST /api/user/appeals":
    "moderation.appeal; needs a decision about the member's own listing (moderation-actions.test.ts)",
  // Collections (issue 38): each change needs the caller's own collection; another member's is 404 (collections.test.ts).
  "PUT /api/user/collections/{id}": "collections.update; needs the caller's own collection",
  "DELETE /api/user/collections/{id}": "collections.delete; needs the caller's own collection",
  "PUT /api/user/collections/{id}/items/{chatbotId}": "collections.add; needs the caller's own collection",
  "DELETE /api/user/collections/{id}/items/{chatbotId}": "collections.remove; needs the caller's own collection",
  "PUT /api/user/collections/{id}/items/{chatbotId}/position":
    "collections.move; needs a listing in the caller's own collection",
  "PUT /api/user/collections/{id}/order": "collections.reorder; needs the caller's own collection",
  // Reviews (issue 38): each needs a review, or an account verified and old enough to write one (reviews.test.ts).
  "POST /api/chatbots/{id}/reviews":
    "reviews.create; a verified account older than REVIEW_MIN_ACCOUNT_AGE_HOURS, never on one's own listing",
  "PUT /api/chatbots/{id}/reviews/mine": "reviews.update; needs the caller's review",
  "DELETE /api/chatbots/{id}/reviews/mine": "reviews.remove; needs the caller's review",
  "PUT /api/reviews/{reviewId}/helpful": "reviews.markHelpful; needs someone else's review",
  "DELETE /api/reviews/{reviewId}/helpful": "reviews.unmarkHelpful; needs a review",
  "POST /api/reviews/{reviewId}/reply": "reviews.reply; needs a review of the caller's listing",
  "PUT /api/reviews/{reviewId}/reply": "reviews.editReply; needs a reply of the caller's",
  "DELETE /api/reviews/{reviewId}/reply": "reviews.deleteReply; needs a reply of the caller's",
};

test.override("appEnv", { REQUIRE_APPROVAL: "true" });
let app: TestApp;
let fixture: Fixture;

test.beforeAll(async ({ app: fileApp }) => {
  // With approval required, a pending user exists to test against.
  app = fileApp;
  const approve = (id: string) =>
    app.database.db.updateTable("users").set({ isApproved: true }).where("id", "=", id).execute();
  const cookies = { visitor: undefined } as Fixture["cookies"];
  const ids = {} as Fixture["ids"];
  const signUpAs = async (role: Role) => {
    const session = await signUp(app);
    if (role !== "pending") await approve(session.user.id);
    if (role === "admin") await setRole(app, session.user.id, "admin");
    if (role === "superAdmin") await setRole(app, session.user.id, "super-admin");
    return session;
  };
  for (const role of ROLES.filter((r) => r !== "visitor")) {
    const session = await signUpAs(role);
    cookies[role] = session.cookie;
    ids[role] = session.user.id;
  }
  fixture = {
    cookies,
    ids,
    listing: async () => (await createListing(app, cookies.owner!, { title: "Owned", storySeries: "Saga" })).id,
    target: async (pending = false) => {
      const { user } = await signUp(app);
      if (!pending) await approve(user.id);
      return user.id;
    },
    freshCookie: async (role) => (role === "visitor" ? undefined : (await signUpAs(role)).cookie),
  };
}, 120_000);

describe("REST calls", () => {
  it("every route is in the table", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.filter((route) => !(route in REST) && !(route in CHECKED_ELSEWHERE))).toEqual([]);
    expect(Object.keys(REST).filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const [name, call] of Object.entries(REST)) {
    it(name, async () => {
      for (const role of ROLES) {
        const [method, route] = name.split(" ") as ["GET" | "POST" | "PUT" | "DELETE", string];
        const url =
          typeof call.url === "function"
            ? call.url(fixture)
            : (call.url ?? (call.param ? route.replace(/\{\w+\}/, await call.param(fixture)) : route));
        const body = call.body ? await call.body() : undefined;
        const cookie = call.ownSession ? await fixture.freshCookie(role) : fixture.cookies[role];
        const headers: Record<string, string> = cookie ? { cookie } : {};
        let payload: string | Buffer | undefined;
        if (body && "json" in body) {
          headers["content-type"] = "application/json";
          payload = JSON.stringify(body.json);
        } else if (body) {
          Object.assign(headers, body.headers);
          payload = body.payload;
        }
        const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        const expected = allowed(call.access, role) ? "2xx" : refusal(role);
        const actual = response.statusCode >= 200 && response.statusCode < 300 ? "2xx" : response.statusCode;
        expect(actual, `${name} as ${role}: ${response.body.slice(0, 160)}`).toBe(expected);
      }
    });
  }
});

/** Whether every input parser of a procedure takes `{}` (nothing required). */
function acceptsEmptyInput(procedure: { _def: unknown }): boolean {
  const inputs = (procedure._def as { inputs?: Array<{ safeParse(value: unknown): { success: boolean } }> }).inputs;
  return (inputs ?? []).every((input) => input.safeParse({}).success);
}

/** Procedures whose answer to `{}` from a role let in is neither 200 nor a 400 for the input. */
const EMPTY_INPUT_ANSWERS: Record<string, number> = {};

describe("tRPC procedures", () => {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);

  it("every procedure is in the table", () => {
    expect(procedures.map(([path]) => path).filter((path) => !(path in TRPC))).toEqual([]);
  });

  for (const [path, procedure] of procedures) {
    it(path, async () => {
      const access = TRPC[path];
      if (!access) return;
      for (const role of ROLES) {
        // Calls that end sessions get a user of their own (sign out everywhere ends all of that user's).
        const endsSessions = path === "auth.logout" || path === "auth.signOutEverywhere";
        const cookie = endsSessions ? await fixture.freshCookie(role) : fixture.cookies[role];
        const headers: Record<string, string> = cookie ? { cookie } : {};
        // An empty input: a refused role must be refused before the input is even looked at.
        const response =
          procedure._def.type === "query"
            ? await app.inject({ method: "GET", url: `/trpc/${path}?input=%7B%7D`, headers })
            : await app.inject({
                method: "POST",
                url: `/trpc/${path}`,
                headers: { ...headers, "content-type": "application/json" },
                payload: "{}",
              });
        if (allowed(access, role)) {
          // Let in: the procedure answers, 200 when `{}` is a valid input for it, else 400 for the input.
          const expected = EMPTY_INPUT_ANSWERS[path] ?? (acceptsEmptyInput(procedure) ? 200 : 400);
          expect(response.statusCode, `${path} as ${role}: ${response.body.slice(0, 160)}`).toBe(expected);
        } else {
          expect(response.statusCode, `${path} as ${role}`).toBe(refusal(role));
        }
      }
    });
  }
});
