// Listings helpers: members signed in to the api (and to the web app), listings made through the api.
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from "@playwright/test";
import { createEmulatorUser, type EmulatorUser } from "./emulator";
import { appOrigin } from "./env";
import { answerAgeAsAdult } from "./session";

/** A 1x1 PNG: enough for the api's real-content image check. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A word no other test uses: specs share one app and database, so every test searches for its own
 * token (in titles or tags) instead of counting the whole gallery.
 */
export const uniqueToken = (prefix = "tok") => `${prefix}${randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** Creates the app user for the account (POST /api/auth/verify sets the session cookie on `request`). */
async function verify(request: APIRequestContext, account: EmulatorUser): Promise<string> {
  const response = await request.post("/api/auth/verify", { data: { idToken: account.idToken } });
  expect(response.status(), await response.text()).toBe(200);
  await answerAgeAsAdult(request);
  return ((await response.json()) as { id: string }).id;
}

/** An api client signed in as a new member of its own (to own listings without a browser). */
export async function newMemberApi() {
  const request = await playwrightRequest.newContext({ baseURL: appOrigin() });
  const account = await createEmulatorUser();
  const id = await verify(request, account);
  return { request, account, id };
}

/**
 * Signs the page in as a new member: an app session cookie (through page.request) plus the
 * Firebase client's persisted user, so the web app starts fully authenticated without the sign-in UI.
 */
export async function signInMember(page: Page) {
  const account = await createEmulatorUser();
  const id = await verify(page.request, account);
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
  return { account, id };
}

export interface ListingFields {
  title: string;
  tagline?: string;
  description?: string;
  tags?: string[];
  storySeries?: string;
  polybuzzCid?: string;
  polybuzzUrl?: string;
  roleplayaCid?: string;
  roleplayaUrl?: string;
  nsfw?: boolean;
}

export interface Listing {
  id: string;
  title: string;
  imageUrl: string;
  thumbnailUrl: string;
  userId: string;
}

/** POST /api/chatbots (multipart, with an image) as the signed-in `request`. */
export async function createListing(request: APIRequestContext, fields: ListingFields): Promise<Listing> {
  const { tags = [], nsfw = false, ...rest } = fields;
  // Playwright refuses undefined multipart values: leave unset fields out.
  const text = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const response = await request.post("/api/chatbots", {
    multipart: {
      ...text,
      tags: tags.join(","),
      nsfw: String(nsfw),
      image: { name: "bot.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Listing;
}

/** The gallery's cards (not the loading placeholders). */
export const cards = (page: Page) => page.getByTestId("chatbot-card");

/** A gallery card by its title. */
export const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Types into the browse page's own search box. */
export async function searchGallery(page: Page, term: string) {
  await page.getByPlaceholder("Search by creator, tags, or bot name...").fill(term);
}
