import { AUTH_MESSAGES, type User } from "@gallery/schema";
import { describe, expect } from "vitest";
import { EMULATOR_HOST, type TestApp } from "../support/app.js";
import { createAccount, ownerCall, signInWithToken, verifyEmail, verifyToken } from "../support/auth.js";
import { test } from "../support/fixtures.js";
import { trpcMutation } from "../support/requests.js";

/**
 * Issue 36 item 2, an account taken over with an unverified e-mail: when no row matched the provider's uid,
 * sign-in adopted the row with the same e-mail whatever `email_verified` said, with its roles. A new provider
 * account `boss@…` with an unverified e-mail signed straight in as the super admin. It happens whenever a member's
 * provider account no longer exists (the Auth emulator loses accounts on restart) and in any Firebase project that
 * allows several accounts per e-mail. Now only a verified e-mail adopts a row; an unverified one whose e-mail
 * another account holds gets 409 and nothing of that account (no session, no role, no row).
 */

/** Unique per run: the emulator keeps accounts between runs on a developer's machine. */
const BOSS = `boss-${Date.now()}@example.com`;
test.override("appEnv", { SUPER_ADMIN_EMAILS: BOSS });

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

const verify = (idToken: string) => verifyToken(app, idToken);
const rowOf = (email: string) =>
  app.database.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

/** Whoever the answer's cookie (if any) signs in as; null when it signs in no one. */
async function sessionUser(response: Awaited<ReturnType<typeof verify>>): Promise<User | null> {
  const setCookie = response.headers["set-cookie"];
  const raw = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!raw) return null;
  const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: raw.split(";")[0]! } });
  return me.statusCode === 200 ? (me.json() as User) : null;
}

describe("an unverified e-mail that another account holds", () => {
  test("cannot become the super admin, over REST and tRPC; verified, the row is adopted as before", async () => {
    // The super admin, verified and listed in SUPER_ADMIN_EMAILS.
    const original = await verifyEmail(await createAccount(BOSS));
    const boss = await signInWithToken(app, original.idToken);
    expect(boss.user).toMatchObject({ email: BOSS, isSuperAdmin: true, isAdmin: true, isApproved: true });

    // Their provider account is gone (an emulator restart; an account removed at Firebase) and someone signs up
    // with the same address, which they cannot prove.
    await ownerCall("delete", { localId: original.uid });
    const intruder = await createAccount(BOSS);
    expect(intruder.uid).not.toBe(original.uid);

    const rest = await verify(intruder.idToken);
    expect(rest.statusCode, rest.body).toBe(409);
    expect(rest.json()).toMatchObject({ message: AUTH_MESSAGES.emailTaken });
    expect(await sessionUser(rest)).toBeNull();

    const trpc = await trpcMutation(app, "auth.verify", { idToken: intruder.idToken });
    expect(trpc.statusCode, trpc.body).toBe(409);
    expect(trpc.json().error.message).toBe(AUTH_MESSAGES.emailTaken);
    expect(trpc.json().error.data.code).toBe("CONFLICT");
    expect(await sessionUser(trpc)).toBeNull();

    // The super admin's row is untouched: still theirs, under their old uid, and the only row with the address.
    const row = await rowOf(BOSS);
    expect(row).toMatchObject({ id: boss.user.id, firebaseUid: original.uid, isSuperAdmin: true });
    const rows = await app.database.db.selectFrom("users").select("id").where("email", "=", BOSS).execute();
    expect(rows).toHaveLength(1);
    // The old session of the real super admin still works.
    expect(
      (await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: boss.cookie } })).statusCode,
    ).toBe(200);

    // Once the provider verifies the address (the owner clicked the link), the row is adopted, roles and all.
    const proven = await verifyEmail(intruder);
    const adopted = await signInWithToken(app, proven.idToken);
    expect(adopted.user).toMatchObject({ id: boss.user.id, email: BOSS, isSuperAdmin: true, isAdmin: true });
    expect((await rowOf(BOSS))?.firebaseUid).toBe(intruder.uid);
  });

  test("a row without a provider account (seeded, or made by `pnpm roles`) is not adopted unverified", async () => {
    const email = `seeded-admin-${Date.now()}@example.com`;
    const seeded = await app.database.db
      .insertInto("users")
      .values({ email, firstName: "Seeded", isAdmin: true, isApproved: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    const claimant = await createAccount(email);

    const refused = await verify(claimant.idToken);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: AUTH_MESSAGES.emailTaken });
    expect(await sessionUser(refused)).toBeNull();
    expect((await rowOf(email))?.firebaseUid).toBeNull();

    const adopted = await signInWithToken(app, (await verifyEmail(claimant)).idToken);
    expect(adopted.user).toMatchObject({ id: seeded.id, isAdmin: true });
  });

  test("an unverified address nobody holds signs up as a plain member, never a super admin", async () => {
    const listed = `boss-unproven-${Date.now()}@example.com`;
    const { user } = await signInWithToken(app, (await createAccount(listed)).idToken);
    expect(user).toMatchObject({ email: listed, isSuperAdmin: false, isAdmin: false });
  });

  test("a member whose provider e-mail changes to another account's keeps their own (no 500, nothing adopted)", async () => {
    const member = await createAccount();
    const signedIn = await signInWithToken(app, member.idToken);
    const taken = `taken-${Date.now()}@example.com`;
    const holder = await app.database.db
      .insertInto("users")
      .values({ email: taken, firstName: "Holder", isAdmin: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    // At the provider, the member's (unverified) address becomes the other account's.
    await ownerCall("update", { localId: member.uid, email: taken });
    const again = await fetch(
      `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: taken, password: "secret123", returnSecureToken: true }),
      },
    );
    const { idToken } = (await again.json()) as { idToken: string };

    const response = await verify(idToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: signedIn.user.id, email: member.email, isAdmin: false });
    expect((await rowOf(taken))?.id).toBe(holder.id);
  });
});
