// Sessions that are no longer good: expired, removed, tampered, and tokens the identity provider
// has revoked or whose account it has disabled or deleted.
import { describe, expect, it } from "vitest";
import type { AccountStatus } from "../src/services/identity.js";
import { IDENTITY_RECHECK_MS } from "../src/services/session-identity.js";
import type { TestApp } from "./support/app.js";
import { createAccount, ownerCall, signInWithToken, signUp, verifyToken } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { sendJson } from "./support/requests.js";
import { userRow } from "./support/rows.js";
import { sessionIdOf, storedSession, storeSession } from "./support/sessions.js";

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

const me = (cookie: string) => app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

async function expectSignedOut(cookie: string) {
  const response = await me(cookie);
  expect(response.statusCode).toBe(401);
  expect(response.body).toContain("Unauthorized");
  const write = await app.inject({
    method: "PUT",
    url: "/api/user/about",
    headers: { cookie },
    payload: { about: "should not be saved" },
  });
  expect(write.statusCode).toBe(401);
  expect(write.body).toContain("Unauthorized");
}

describe("expired and removed sessions", () => {
  it("an expired session is unauthorized, and changes nothing", async () => {
    const { cookie, user } = await signUp(app);
    expect((await me(cookie)).statusCode).toBe(200);
    await app.database.db
      .updateTable("session")
      .set({ expire: new Date(Date.now() - 1000) })
      .where("sid", "=", sessionIdOf(cookie))
      .execute();
    await expectSignedOut(cookie);
    const row = await userRow(app, user.id);
    expect(row.about).toBeNull();
  });

  it("a session removed on the server (e.g. by a sign-out elsewhere) is unauthorized", async () => {
    const { cookie } = await signUp(app);
    await app.database.db.deleteFrom("session").where("sid", "=", sessionIdOf(cookie)).execute();
    await expectSignedOut(cookie);
  });

  it("a tampered or made-up session cookie is unauthorized", async () => {
    const { cookie } = await signUp(app);
    const [name, value] = cookie.split("=") as [string, string];
    await expectSignedOut(`${name}=${value.slice(0, -3)}abc`);
    await expectSignedOut("sid=made-up-session");
  });

  it("a deleted user's session is unauthorized", async () => {
    const { cookie, user } = await signUp(app);
    await app.database.db.deleteFrom("chatbots").where("userId", "=", user.id).execute();
    await app.database.db.deleteFrom("users").where("id", "=", user.id).execute();
    await expectSignedOut(cookie);
  });
});

describe("tokens the identity provider no longer accepts", () => {
  it("refuses a token issued before the account's tokens were revoked", async () => {
    const account = await createAccount();
    // Revocation counts in whole seconds: the token must be older than the revocation time.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ownerCall("update", { localId: account.uid, validSince: String(Math.floor(Date.now() / 1000)) });
    const response = await verifyToken(app, account.idToken);
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("Unauthorized");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses the token of a disabled account", async () => {
    const account = await createAccount();
    await ownerCall("update", { localId: account.uid, disableUser: true });
    const response = await verifyToken(app, account.idToken);
    expect(response.statusCode).toBe(401);
  });

  it("a failed verify does not keep the session it was sent with", async () => {
    const { cookie } = await signUp(app);
    const account = await createAccount();
    await ownerCall("update", { localId: account.uid, disableUser: true });
    const response = await verifyToken(app, account.idToken, { cookie });
    expect(response.statusCode).toBe(401);
    // Still the first user: a refused token signs nobody in, nor out.
    const still = await me(cookie);
    expect(still.statusCode).toBe(200);
  });

  it("a good token still works after another account was revoked", async () => {
    const account = await createAccount();
    const { user } = await signInWithToken(app, account.idToken);
    expect(user.email).toBe(account.email);
  });
});

describe("a session whose account the identity provider no longer accepts", () => {
  /** Pretends the session's last look at the identity provider is older than the recheck interval. */
  async function ageIdentityCheck(cookie: string) {
    const { sid, sess } = await storedSession(app, cookie);
    expect(typeof sess.identityCheckedAt).toBe("number");
    sess.identityCheckedAt = Date.now() - IDENTITY_RECHECK_MS - 1000;
    await storeSession(app, sid, sess);
  }

  /** Counts (and optionally replaces) the api's calls to the identity provider about accounts. */
  function watchAccountStatus(replacement?: (uid: string) => Promise<AccountStatus | null>) {
    const original = app.identity.accountStatus;
    const calls: string[] = [];
    app.identity.accountStatus = (uid) => {
      calls.push(uid);
      return replacement ? replacement(uid) : original(uid);
    };
    return { calls, restore: () => (app.identity.accountStatus = original) };
  }

  const sessionRows = async (cookie: string) =>
    (await app.database.db.selectFrom("session").select("sid").where("sid", "=", sessionIdOf(cookie)).execute()).length;

  it("ends at the next check after the account's tokens were revoked", async () => {
    const { cookie, account } = await signUp(app);
    // Revocation counts in whole seconds: it must come after the second of the sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ownerCall("update", { localId: account.uid, validSince: String(Math.floor(Date.now() / 1000)) });
    // Until the next check the session goes on without asking the provider.
    const watch = watchAccountStatus();
    try {
      expect((await me(cookie)).statusCode).toBe(200);
      expect(watch.calls).toEqual([]);
      await ageIdentityCheck(cookie);
      await expectSignedOut(cookie);
      expect(watch.calls).toEqual([account.uid]);
      expect(await sessionRows(cookie)).toBe(0);
    } finally {
      watch.restore();
    }
  });

  it("ends at the next check when the account was disabled or deleted at the provider", async () => {
    const disabled = await signUp(app);
    await ownerCall("update", { localId: disabled.account.uid, disableUser: true });
    await ageIdentityCheck(disabled.cookie);
    await expectSignedOut(disabled.cookie);

    const deleted = await signUp(app);
    await ownerCall("delete", { localId: deleted.account.uid });
    await ageIdentityCheck(deleted.cookie);
    await expectSignedOut(deleted.cookie);
  });

  it("goes on when the account is fine, asking once for a burst of requests and not again until the interval", async () => {
    const { cookie, account } = await signUp(app);
    const original = app.identity.accountStatus;
    // A slow provider, so the burst's requests all wait for the same look-up.
    const watch = watchAccountStatus(async (uid) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return original(uid);
    });
    try {
      await ageIdentityCheck(cookie);
      const burst = await Promise.all([me(cookie), me(cookie), me(cookie)]);
      expect(burst.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(watch.calls).toEqual([account.uid]);
      expect((await me(cookie)).statusCode).toBe(200);
      expect(watch.calls).toEqual([account.uid]);
    } finally {
      watch.restore();
    }
  });

  it("goes on when the provider cannot be asked, and asks again later", async () => {
    const { cookie } = await signUp(app);
    const watch = watchAccountStatus(() => Promise.reject(new Error("connect ECONNREFUSED")));
    try {
      await ageIdentityCheck(cookie);
      expect((await me(cookie)).statusCode).toBe(200);
      expect(watch.calls).toHaveLength(1);
      // Not at every request while the provider is down: the next look is a minute later.
      expect((await me(cookie)).statusCode).toBe(200);
      expect(watch.calls).toHaveLength(1);
    } finally {
      watch.restore();
    }
  });

  it("a browser still holding an ended session's cookie can sign out and sign in again", async () => {
    const { cookie, user } = await signUp(app);
    await app.database.db.deleteFrom("users").where("id", "=", user.id).execute();
    const out = await app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);

    const revoked = await signUp(app);
    await ownerCall("update", { localId: revoked.account.uid, disableUser: true });
    await ageIdentityCheck(revoked.cookie);
    const other = await createAccount();
    const again = await sendJson(app, "POST", "/api/auth/verify", { idToken: other.idToken }, revoked.cookie);
    expect(again.statusCode).toBe(200);
    const cookies = [again.headers["set-cookie"] ?? []].flat().map((header) => header.split(";")[0]!);
    const fresh = cookies.find((value) => value !== "sid=")!;
    expect(fresh).toMatch(/^sid=./);
    expect(fresh).not.toBe(revoked.cookie);
    expect((await me(fresh)).json().email).toBe(other.email);
  });
});

describe("session expiry", () => {
  it("is not written on every request, and slides once a day", async () => {
    const regular = await signUp(app);
    const sid = sessionIdOf(regular.cookie);
    const expiry = async () =>
      (await app.database.db.selectFrom("session").select("expire").where("sid", "=", sid).executeTakeFirstOrThrow())
        .expire;
    const settled = await expiry();
    const again = await me(regular.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(await expiry()).toEqual(settled);

    // A day later the session is saved with a new week and the browser gets the new expiry.
    await app.database.db
      .updateTable("session")
      .set({
        sess: JSON.stringify({ ...(await sessionOf(sid)), renewedAt: Date.now() - 25 * 60 * 60 * 1000 }),
        expire: new Date(Date.now() + 6 * 24 * 60 * 60 * 1000),
      })
      .where("sid", "=", sid)
      .execute();
    const renewed = await me(regular.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers["set-cookie"])).toContain("sid=");
    expect((await expiry()).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60 * 1000);
  });
});

async function sessionOf(sid: string) {
  const row = await app.database.db
    .selectFrom("session")
    .select("sess")
    .where("sid", "=", sid)
    .executeTakeFirstOrThrow();
  return (typeof row.sess === "string" ? JSON.parse(row.sess) : row.sess) as Record<string, unknown>;
}
