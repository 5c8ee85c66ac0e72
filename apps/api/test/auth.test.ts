import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { createAccount, createGoogleAccount, signInWithToken, signUp, verifyToken } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { sendJson } from "./support/requests.js";

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

describe("session calls", () => {
  it("GET /api/auth/user is 401 with Unauthorized for a visitor", async () => {
    const response = await app.inject({ method: "GET", url: "/api/auth/user" });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("Unauthorized");
  });

  it("verify creates the user, starts an HttpOnly SameSite=Lax session and returns the user", async () => {
    const account = await createAccount();
    const response = await verifyToken(app, account.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: account.email, isApproved: true, isAdmin: false });
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);

    const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookie.split(";")[0]! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);
  });

  it("sets the Secure flag when served over HTTPS behind a proxy", async () => {
    const secure = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
    try {
      const account = await createAccount();
      const response = await verifyToken(secure.app, account.idToken, { "x-forwarded-proto": "https" });
      expect(String(response.headers["set-cookie"])).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it("rotates the session id on every sign-in", async () => {
    const account = await createAccount();
    const first = await signInWithToken(app, account.idToken);
    const again = await sendJson(app, "POST", "/api/auth/verify", { idToken: account.idToken }, first.cookie);
    const second = String(again.headers["set-cookie"]).split(";")[0];
    expect(second).not.toBe(first.cookie);
    // The old id no longer signs anyone in.
    const old = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it("refuses a forged or missing token with 401 and creates nothing", async () => {
    const before = await app.database.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    for (const payload of [{ idToken: "not-a-token" }, {}, { idToken: "" }]) {
      const response = await app.inject({ method: "POST", url: "/api/auth/verify", payload });
      expect([400, 401]).toContain(response.statusCode);
    }
    const forged = await app.inject({ method: "POST", url: "/api/auth/verify", payload: { idToken: "a.b.c" } });
    expect(forged.statusCode).toBe(401);
    expect(forged.body).toContain("Unauthorized");
    const after = await app.database.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("two sign-ins of a new account at once both succeed and make one user", async () => {
    const account = await createAccount();
    const responses = await Promise.all([1, 2, 3].map(() => verifyToken(app, account.idToken)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await app.database.db
      .selectFrom("users")
      .select("id")
      .where("firebaseUid", "=", account.uid)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("logout ends the session", async () => {
    const { cookie } = await signUp(app);
    const out = await app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("takes first and last name and photo from a Google identity", async () => {
    const account = await createGoogleAccount({
      email: "ada.g@example.com",
      name: "Ada Lovelace",
      picture: "https://example.com/ada.png",
    });
    const { user } = await signInWithToken(app, account.idToken);
    expect(user).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: "https://example.com/ada.png",
    });
  });

  it("/api/login redirects to the auth page", async () => {
    const response = await app.inject({ method: "GET", url: "/api/login" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/auth");
  });
});
