// Google sign-in through the Firebase SDK's popup and redirect (the path real Firebase takes), tried
// against the Auth emulator offline: the Google API loader the SDK needs is replaced by a small
// stand-in, and the emulator's own account chooser plays Google. (The app's offline chooser of test
// accounts needs none of this: e2e/auth-google-offline.spec.ts.)
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";

const STUB = readFileSync(path.join(import.meta.dirname, "gapi-stub.js"), "utf8");

/** Serves the stand-in for https://apis.google.com/js/api.js in this browser context. */
export async function useGapiStub(context: BrowserContext) {
  await context.route("https://apis.google.com/js/api.js**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: STUB }),
  );
}

/**
 * 'Continue with Google', then, in the app's chooser of test accounts, the way to the SDK's popup
 * (a redirect when the popup is blocked or closed) with the emulator's own page.
 */
export async function openEmulatorSignInPage(page: Page) {
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: "Use the emulator's own sign-in page (needs internet)" }).click();
}

/** In the emulator's account chooser (popup or full page): add a new Google account with this e-mail. */
export async function chooseNewGoogleAccount(page: Page, profile: { email: string; name: string }) {
  await page.locator("#add-account-button").click();
  await page.locator("#email-input").fill(profile.email);
  await page.locator("#display-name-input").fill(profile.name);
  await page.locator("#sign-in").click();
}
