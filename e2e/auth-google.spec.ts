import { uniqueEmail } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { chooseNewGoogleAccount, openEmulatorSignInPage, useGapiStub } from "./support/google";

test.beforeEach(async ({ context }) => {
  await useGapiStub(context);
});

test("signs in with Google in a 500x600 popup", async ({ page }) => {
  const email = uniqueEmail("google-popup");
  await page.goto("/auth");
  const popupOpened = page.waitForEvent("popup");
  await openEmulatorSignInPage(page);
  const popup = await popupOpened;
  await popup.waitForLoadState();
  // The SDK asks for a 500x600 window.
  expect(await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }))).toEqual({
    width: 500,
    height: 600,
  });
  await chooseNewGoogleAccount(popup, { email, name: "Grace Hopper" });
  await expect(page.getByText("Successfully signed in with Google!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.request.get("/api/auth/user");
  expect(await me.json()).toMatchObject({ email, firstName: "Grace", lastName: "Hopper" });
});

test("falls back to a full-page redirect when the popup is blocked", async ({ page }) => {
  const email = uniqueEmail("google-redirect");
  // A blocked popup: window.open returns null, as a popup blocker makes it.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/auth");
  await openEmulatorSignInPage(page);
  await page.waitForURL(/emulator\/auth\/handler/);
  await chooseNewGoogleAccount(page, { email, name: "Alan Turing" });
  // Back on the app, the redirect finishes on this page load.
  await expect(page.getByText("Successfully signed in with Google!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  const me = await page.request.get("/api/auth/user");
  expect(await me.json()).toMatchObject({ email, firstName: "Alan", lastName: "Turing" });
});

test("falls back to a full-page redirect when the popup is closed by the user", async ({ page }) => {
  // The SDK polls the closed popup, then waits 8 s for a late answer before it gives up on it.
  test.setTimeout(60_000);
  const email = uniqueEmail("google-closed");
  await page.goto("/auth");
  const popupOpened = page.waitForEvent("popup");
  await openEmulatorSignInPage(page);
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.close();
  await page.waitForURL(/emulator\/auth\/handler/, { timeout: 30_000 });
  await chooseNewGoogleAccount(page, { email, name: "Ada Lovelace" });
  await expect(page.getByText("Successfully signed in with Google!")).toBeVisible({ timeout: 15_000 });
  const me = await page.request.get("/api/auth/user");
  expect(await me.json()).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace" });
});
