// Signing a browser in to the app.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { createEmulatorUser, type EmulatorUser } from "./emulator";

/**
 * Gives the page's browser context an app session for the ID token (POST /api/auth/verify through
 * page.request, which shares the context's cookies). The web app's Firebase client stays signed
 * out, so use this for server-rendered state and API calls; use signInThroughUi for UI flows.
 */
export async function signInViaApi(page: Page, idToken: string) {
  const response = await page.request.post("/api/auth/verify", { data: { idToken } });
  expect(response.status(), await response.text()).toBe(200);
  await answerAgeAsAdult(page.request);
  return response.json();
}

/**
 * Answers the age question as an adult (PUT /api/user/age, the real call), so a test member sees NSFW as members
 * did before the question existed; e2e/age.spec.ts covers members who have not answered or are under 18.
 */
export async function answerAgeAsAdult(request: APIRequestContext) {
  const response = await request.put("/api/user/age", { data: { dateOfBirth: "1990-01-01" } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the /auth page with e-mail and password, like a person would. */
export async function signInThroughUi(page: Page, user: Pick<EmulatorUser, "email" | "password">) {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Email" }).click();
  await page.getByLabel(/e-?mail/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  const verified = page.waitForResponse((r) => r.url().endsWith("/api/auth/verify") && r.request().method() === "POST");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  expect((await verified).status()).toBe(200);
  await answerAgeAsAdult(page.request);
}

/** A new e-mail account, signed in through the UI. */
export async function signUpAndSignIn(page: Page, options: { email?: string; password?: string } = {}) {
  const user = await createEmulatorUser(options);
  await signInThroughUi(page, user);
  return user;
}
