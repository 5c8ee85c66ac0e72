// Accounts at the Firebase Auth emulator, through its REST API (no browser needed).
import { randomUUID } from "node:crypto";
import { emulatorHost, PROJECT_ID } from "./env";

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

/** The emulator of the app under test, or another (the default-path project's app starts its own). */
const identity = (method: string, host = emulatorHost()) =>
  `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`auth emulator: POST ${url} -> ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A unique e-mail address for one test (tests run in parallel and share the emulator). */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an e-mail/password account (like sign-up in the app) and returns its ID token. */
export async function createEmulatorUser(
  options: { email?: string; password?: string; displayName?: string } = {},
): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "secret123";
  await post(identity("signUp"), { email, password, displayName: options.displayName, returnSecureToken: true });
  // Sign-up's own token may be refused as revoked: the emulator takes its auth_time before the account's
  // validSince, and on a busy machine a second can turn between the two. A sign-in's token comes after both.
  return signInWithPassword(email, password);
}

/** Signs an existing account in again (a fresh ID token, e.g. after verifyEmail). */
export async function signInWithPassword(email: string, password = "secret123"): Promise<EmulatorUser> {
  const body = await post<{ localId: string; idToken: string; refreshToken: string }>(identity("signInWithPassword"), {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: body.localId, email, password, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** Signs in with a made-up Google identity (no Google involved); creates the account on first use. */
export async function createGoogleUser(
  profile: { email?: string; name?: string; picture?: string } = {},
  host = emulatorHost(),
) {
  const email = profile.email ?? uniqueEmail("google");
  const claims = { sub: randomUUID(), email, email_verified: true, name: profile.name, picture: profile.picture };
  const body = await post<{ localId: string; idToken: string; refreshToken: string }>(identity("signInWithIdp", host), {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    requestUri: "http://localhost",
    returnSecureToken: true,
  });
  return { uid: body.localId, email, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** Marks the account's e-mail address verified (as clicking the verification link would). */
export async function verifyEmail(uid: string): Promise<void> {
  await post(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    { localId: uid, emailVerified: true },
    { authorization: "Bearer owner" },
  );
}

/** The e-mails (verification, password reset) the emulator has "sent". */
export async function emulatorMails(): Promise<
  Array<{ email: string; requestType: string; oobCode: string; oobLink: string }>
> {
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = (await response.json()) as {
    oobCodes?: Array<{ email: string; requestType: string; oobCode: string; oobLink: string }>;
  };
  return body.oobCodes ?? [];
}

/**
 * Deletes every emulator account. The emulator is shared by parallel workers (and by the API tests
 * in `pnpm test`): prefer unique e-mails over clearing.
 */
export async function clearEmulatorAccounts(): Promise<void> {
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: "DELETE",
    headers: { authorization: "Bearer owner" },
  });
  if (!response.ok) throw new Error(`auth emulator: clearing accounts failed: ${response.status}`);
}
