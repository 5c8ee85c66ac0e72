// Admin-panel helpers: users with roles, signed in to both the app and the web app's Firebase client.
import nodeModule from "node:module";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createEmulatorUser, type EmulatorUser } from "./emulator";
import { answerAgeAsAdult } from "./session";

type Role = "user" | "admin" | "super-admin";

/** The e2e database (scripts/test.mjs gives the app a fresh PostgreSQL database); roles are set there. */
export function e2eDatabaseUrl(): string | undefined {
  return process.env.E2E_DATABASE_URL || undefined;
}

/** Skips a spec when the app runs on PGlite (no second connection to set roles with). */
export function requireDatabase() {
  test.skip(!e2eDatabaseUrl(), "needs E2E_DATABASE_URL (pnpm test provides it) to give users roles");
}

// pg is the api's dependency; borrowed from there rather than added to the root for the tests.
type PgClient = {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
};
const pg = nodeModule.createRequire(path.resolve("apps/api/package.json"))("pg") as {
  Client: new (options: { connectionString: string }) => PgClient;
};

/** Runs one SQL statement against the app's database. */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl()! });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Creates the app user for an emulator account (POST /api/auth/verify) and returns its id. */
export async function registerUser(
  request: APIRequestContext,
  user: Pick<EmulatorUser, "idToken">,
  options: { answerAge?: boolean } = {},
): Promise<string> {
  const response = await request.post("/api/auth/verify", { data: { idToken: user.idToken } });
  expect(response.status(), await response.text()).toBe(200);
  if (options.answerAge ?? true) await answerAgeAsAdult(request);
  return ((await response.json()) as { id: string }).id;
}

export async function setRole(userId: string, role: Role) {
  await sql("UPDATE users SET is_admin = $2, is_super_admin = $3 WHERE id = $1", [
    userId,
    role !== "user",
    role === "super-admin",
  ]);
}

/** A user waiting for approval (signed up, then marked unapproved). */
export async function createPendingUser(request: APIRequestContext) {
  const account = await createEmulatorUser();
  const id = await registerUser(request, account);
  await sql("UPDATE users SET is_approved = false WHERE id = $1", [id]);
  return { ...account, id };
}

/**
 * Signs the page in as a new user with the role: an app session (cookie) plus the Firebase
 * client's persisted user, so the web app starts fully authenticated without the sign-in UI.
 */
export async function signInAs(page: Page, role: Role) {
  const account = await createEmulatorUser();
  const id = await registerSession(page, account);
  await setRole(id, role);
  return { ...account, id };
}

/** Signs the page in as an emulator account (its session cookie and the web client's persisted user); its id. */
export async function registerSession(
  page: Page,
  account: Pick<EmulatorUser, "uid" | "email" | "idToken" | "refreshToken">,
  options: { answerAge?: boolean } = {},
): Promise<string> {
  const id = await registerUser(page.request, account, options);
  const persisted = {
    uid: account.uid,
    email: account.email,
    emailVerified: false,
    isAnonymous: false,
    providerData: [],
    stsTokenManager: {
      refreshToken: account.refreshToken,
      accessToken: account.idToken,
      expirationTime: Date.now() + 55 * 60 * 1000,
    },
    apiKey: "fake-api-key",
    appName: "[DEFAULT]",
  };
  await page.addInitScript((value) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      "firebase:authUser:fake-api-key:[DEFAULT]",
      value,
    );
  }, JSON.stringify(persisted));
  return id;
}

/** A 1x1 PNG, enough for the api's real-content image check. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Creates a listing through the public api as the given (signed-in) request context. */
export async function createListing(request: APIRequestContext, title: string) {
  const response = await request.post("/api/chatbots", {
    multipart: {
      title,
      tags: "e2e, admin",
      nsfw: "false",
      image: { name: "bot.png", mimeType: "image/png", buffer: TINY_PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}
