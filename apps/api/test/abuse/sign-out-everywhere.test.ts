import { describe, expect } from "vitest";
import { KyselySessionStore } from "../../src/services/session-store.js";
import { EMULATOR_HOST, PROJECT_ID, type TestApp } from "../support/app.js";
import { signInWithToken, signUp } from "../support/auth.js";
import { test } from "../support/fixtures.js";
import { trpcMutation } from "../support/requests.js";
import { storedSession } from "../support/sessions.js";

/**
 * Issue 36, "Also seen": there was no "sign out everywhere", so a session cookie left on another device (or
 * stolen) lived on for its week. `POST /api/auth/logout-all` and tRPC `auth.signOutEverywhere` end every session of
 * the member, the caller's own included; other members' sessions are untouched; API tokens may not ask.
 */

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

const me = (cookie: string) => app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

/** A member signed in twice (a laptop and a phone): two cookies, two sessions. */
async function twoSessions() {
  const first = await signUp(app);
  const second = await signInWithToken(app, first.account.idToken);
  expect(second.cookie).not.toBe(first.cookie);
  for (const cookie of [first.cookie, second.cookie]) expect((await me(cookie)).statusCode).toBe(200);
  return { userId: first.user.id, uid: first.account.uid, cookies: [first.cookie, second.cookie] as const };
}

/** When the identity provider last revoked the account's tokens (seconds), as firebase-admin reads it. */
async function revokedSince(uid: string): Promise<number> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = (await response.json()) as { users: Array<{ validSince?: string }> };
  return Number(body.users[0]?.validSince ?? 0);
}

describe("sign out everywhere", () => {
  test("REST: every session of the member ends, another member's does not", async () => {
    const member = await twoSessions();
    const other = await signUp(app);
    const asked = Math.floor(Date.now() / 1000);

    const response = await app.inject({
      method: "POST",
      url: "/api/auth/logout-all",
      headers: { cookie: member.cookies[1] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    for (const cookie of member.cookies) {
      const after = await me(cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ message: "Unauthorized" });
    }
    expect((await me(other.cookie)).statusCode).toBe(200);
    // The browsers are signed out at the identity provider too: no device gets a new ID token to sign in with
    // again unnoticed (the web app would send one when it finds its session gone).
    expect(await revokedSince(member.uid)).toBeGreaterThanOrEqual(asked);
  });

  test("tRPC: the same, and the member can sign in again afterwards", async () => {
    const member = await twoSessions();
    const other = await signUp(app);

    const response = await trpcMutation(app, "auth.signOutEverywhere", undefined, member.cookies[0]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data).toEqual({ success: true });

    for (const cookie of member.cookies) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
    const rows = await app.database.db.selectFrom("session").select("sid").execute();
    expect(rows.length).toBeGreaterThan(0);

    // A session they start afterwards is a good one.
    const { cookie } = await signInWithToken(app, (await signUp(app)).account.idToken);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  test("a visitor is unauthorized; a personal API token may not sign the member out", async () => {
    const visitor = await app.inject({ method: "POST", url: "/api/auth/logout-all" });
    expect(visitor.statusCode).toBe(401);

    const member = await twoSessions();
    const created = await trpcMutation(app, "apiTokens.create", { name: "script", scope: "write" }, member.cookies[0]);
    const secret = created.json().result.data.secret as string;
    const byToken = await app.inject({
      method: "POST",
      url: "/api/auth/logout-all",
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(byToken.statusCode).toBe(403);
    for (const cookie of member.cookies) expect((await me(cookie)).statusCode).toBe(200);
  });

  test("a request of an ended session that was already under way does not bring it back", async () => {
    const member = await twoSessions();
    // The second device's request has read its session (before the sign-out) and saves it after, as a renewal or
    // a recheck at the identity provider does: the store's own save, with what that request read.
    const [, second] = member.cookies;
    const { sid, sess: readBefore } = await storedSession(app, second);

    const ended = await app.inject({
      method: "POST",
      url: "/api/auth/logout-all",
      headers: { cookie: member.cookies[0] },
    });
    expect(ended.statusCode).toBe(200);
    const store = new KyselySessionStore(app.database.db);
    await new Promise<void>((resolve, reject) =>
      store.set(sid, { ...readBefore, renewedAt: Date.now() }, (error) => (error ? reject(error) : resolve())),
    );

    for (const cookie of member.cookies) expect((await me(cookie)).statusCode).toBe(401);
  });
});
