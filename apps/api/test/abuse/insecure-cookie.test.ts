import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { createAccount, verifyToken } from "../support/auth.js";
import { test } from "../support/fixtures.js";
import { storedSession, storeSession } from "../support/sessions.js";

/**
 * Issue 36, "Also seen": with PUBLIC_URL https but TRUST_PROXY unset (a TLS proxy the api was not told about),
 * every request looked like plain http to the api and the session cookie went out without `Secure`. The cookie is
 * now Secure whenever the site's address is https, and the session still works, renews and ends as before.
 */

test.override("appEnv", { PUBLIC_URL: "https://gallery.example" });
let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

const cookieOf = (setCookie: string | string[] | undefined) => (Array.isArray(setCookie) ? setCookie[0] : setCookie);
const DAY_MS = 24 * 60 * 60 * 1000;
/** What these tests read of a stored session. */
type Stored = { cookie: { secure?: boolean }; renewedAt: number };

describe("PUBLIC_URL https, no TRUST_PROXY", () => {
  test("sign-in over REST and tRPC sets a Secure, HttpOnly, SameSite=Lax cookie that works", async () => {
    const account = await createAccount();
    const rest = await verifyToken(app, account.idToken);
    expect(rest.statusCode, rest.body).toBe(200);
    const restCookie = cookieOf(rest.headers["set-cookie"]);
    expect(restCookie).toMatch(/^sid=/);
    expect(restCookie).toMatch(/;\s*Secure/i);
    expect(restCookie).toMatch(/;\s*HttpOnly/i);
    expect(restCookie).toMatch(/;\s*SameSite=Lax/i);

    const trpc = await app.inject({
      method: "POST",
      url: "/trpc/auth.verify",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ idToken: account.idToken }),
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(cookieOf(trpc.headers["set-cookie"])).toMatch(/;\s*Secure/i);

    const cookie = restCookie!.split(";")[0]!;
    const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  test("a session stored without Secure (before PUBLIC_URL was https) renews with a Secure cookie", async () => {
    const account = await createAccount();
    const signedIn = await verifyToken(app, account.idToken);
    const cookie = cookieOf(signedIn.headers["set-cookie"])!.split(";")[0]!;
    const { sid, sess } = await storedSession<Stored>(app, cookie);
    // As an older session was stored, and a day old: the next request renews it (a save and a new cookie).
    sess.cookie.secure = false;
    sess.renewedAt = Date.now() - DAY_MS - 1000;
    await storeSession(app, sid, sess);

    const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const renewed = cookieOf(me.headers["set-cookie"]);
    expect(renewed).toMatch(/^sid=/);
    expect(renewed).toMatch(/;\s*Secure/i);
    // The renewal was saved: the session's stored renewal time moved on.
    const { sess: saved } = await storedSession<Stored>(app, cookie);
    expect(saved.renewedAt).toBeGreaterThan(sess.renewedAt);
  });
});
