import { randomUUID } from "node:crypto";
import type { User } from "@gallery/schema";
import { EMULATOR_HOST, PROJECT_ID, type TestApp } from "./app.js";
import { updateUser } from "./rows.js";

const IDENTITY = () => `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

export interface EmulatorAccount {
  idToken: string;
  uid: string;
  email: string;
}

/** POST to one of the emulator's identity methods (`accounts:<method>`); its JSON answer. */
async function identity<T>(method: string, body: unknown): Promise<T> {
  const response = await fetch(`${IDENTITY()}/accounts:${method}?key=fake-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${method} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates an e-mail/password account at the emulator and returns a fresh ID token. */
export async function createAccount(email = `user-${randomUUID()}@example.com`, password = "secret123") {
  const { localId } = await identity<{ localId: string }>("signUp", { email, password, returnSecureToken: true });
  // The token sign-up answers may be refused as revoked: the emulator takes its auth_time before the account's
  // validSince, and on a busy machine a second can turn between the two. A sign-in's token comes after both.
  const { idToken } = await identity<{ idToken: string }>("signInWithPassword", {
    email,
    password,
    returnSecureToken: true,
  });
  return { idToken, uid: localId, email };
}

/** Signs in with an external (Google) identity at the emulator, with a display name and photo. */
export async function createGoogleAccount(profile: { email: string; name?: string; picture?: string }) {
  const claims = {
    sub: randomUUID(),
    email: profile.email,
    email_verified: true,
    name: profile.name,
    picture: profile.picture,
  };
  const response = await fetch(`${IDENTITY()}/accounts:signInWithIdp?key=fake-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true,
    }),
  });
  if (!response.ok) throw new Error(`emulator Google sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { idToken: string; localId: string };
  return { idToken: body.idToken, uid: body.localId, email: profile.email };
}

/** Changes, or with "delete" removes, an emulator account as the project owner does (firebase-admin). */
export async function ownerCall(action: "update" | "delete", body: Record<string, unknown>) {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:${action}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok) throw new Error(`emulator ${action} failed: ${response.status} ${await response.text()}`);
}

/** Marks an emulator account's e-mail as verified (needed for SUPER_ADMIN_EMAILS) and returns a new token. */
export async function verifyEmail(account: EmulatorAccount, password = "secret123") {
  await ownerCall("update", { localId: account.uid, emailVerified: true });
  const { idToken } = await identity<{ idToken: string }>("signInWithPassword", {
    email: account.email,
    password,
    returnSecureToken: true,
  });
  return { ...account, idToken };
}

/** POST /api/auth/verify with a token (and any headers a client sends): the answer as it comes. */
export const verifyToken = (app: TestApp, idToken: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/auth/verify", headers, payload: { idToken } });

/** POST /api/auth/verify with a token; returns the session cookie and the user. */
export async function signInWithToken(app: TestApp, idToken: string) {
  const response = await verifyToken(app, idToken);
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  const setCookie = response.headers["set-cookie"];
  const raw = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const cookie = raw!.split(";")[0]!;
  return { cookie, user: response.json() as User };
}

/** A date of birth of someone over 18, for members who answered the age question as adults. */
export const ADULT_BIRTH_DATE = "1990-01-01";

/**
 * A new account signed in to the api: its cookie, user row and emulator account. It has answered the age
 * question as an adult (through the real call, PUT /api/user/age), so it sees what members saw before the
 * question existed; `{ age: "unanswered" }` leaves it unanswered, or give another date of birth.
 */
export async function signUp(app: TestApp, email?: string, options: { age?: "unanswered" | string } = {}) {
  const account = await createAccount(email);
  const session = await signInWithToken(app, account.idToken);
  const age = options.age ?? ADULT_BIRTH_DATE;
  if (age !== "unanswered") await answerAge(app, session.cookie, age);
  return { ...session, account };
}

/** A member signed up through the api (signUp): their session cookie, user and emulator account. */
export type Member = Awaited<ReturnType<typeof signUp>>;

/** `Count` members, as a tuple of that length. */
type Members<Count extends number, Made extends Member[] = []> = Made["length"] extends Count
  ? Made
  : Members<Count, [...Made, Member]>;

/** `count` new members (signUp), signed up one after another: `const [creator, fan] = await signUpMany(app, 2)`. */
export async function signUpMany<Count extends number>(app: TestApp, count: Count): Promise<Members<Count>> {
  const members: Member[] = [];
  for (let made = 0; made < count; made++) members.push(await signUp(app));
  return members as Members<Count>;
}

/** Answers the age question for the cookie's member. */
export async function answerAge(app: TestApp, cookie: string, dateOfBirth: string) {
  const response = await app.inject({
    method: "PUT",
    url: "/api/user/age",
    headers: { cookie },
    payload: { dateOfBirth },
  });
  if (response.statusCode !== 200) throw new Error(`age answer failed: ${response.statusCode} ${response.body}`);
}

/** A new account signed in (as `signUp`) and given `role` in the database: a moderator ("admin") or a super admin. */
export async function signUpAs(app: TestApp, role: "admin" | "super-admin") {
  const member = await signUp(app);
  await setRole(app, member.user.id, role);
  return member;
}

/** Gives a signed-in user a role directly in the database (roles are otherwise granted by super admins). */
export async function setRole(app: TestApp, userId: string, role: "admin" | "super-admin" | "user") {
  await updateUser(app, userId, { isAdmin: role !== "user", isSuperAdmin: role === "super-admin" });
}
