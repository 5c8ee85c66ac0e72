// Sessions that are no longer good: expired, removed, tampered, and tokens the identity provider
// has revoked or whose account it has disabled or deleted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, EMULATOR_HOST, PROJECT_ID, type TestApp } from "./support/app";
import { createAccount, signInWithToken, signUp } from "./support/auth";

let harness: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
});
afterAll(() => harness.close());

/** Changes an emulator account as the project owner (what firebase-admin does). */
async function updateAccount(changes: Record<string, unknown>) {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify(changes),
    },
  );
  expect(response.status, await response.text()).toBe(200);
}

const me = (cookie: string) => app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const sessionId = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;

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
      .where("sid", "=", sessionId(cookie))
      .execute();
    await expectSignedOut(cookie);
    const row = await app.database.db
      .selectFrom("users")
      .select("about")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.about).toBeNull();
  });

  it("a session removed on the server (e.g. by a sign-out elsewhere) is unauthorized", async () => {
    const { cookie } = await signUp(app);
    await app.database.db.deleteFrom("session").where("sid", "=", sessionId(cookie)).execute();
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
    await updateAccount({ localId: account.uid, validSince: String(Math.floor(Date.now() / 1000)) });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/verify",
      payload: { idToken: account.idToken },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("Unauthorized");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses the token of a disabled account", async () => {
    const account = await createAccount();
    await updateAccount({ localId: account.uid, disableUser: true });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/verify",
      payload: { idToken: account.idToken },
    });
    expect(response.statusCode).toBe(401);
  });

  it("a failed verify does not keep the session it was sent with", async () => {
    const { cookie } = await signUp(app);
    const account = await createAccount();
    await updateAccount({ localId: account.uid, disableUser: true });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { cookie },
      payload: { idToken: account.idToken },
    });
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
