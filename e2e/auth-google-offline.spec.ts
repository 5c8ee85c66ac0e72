// 'Continue with Google' on the local stack (Auth emulator) in a browser that cannot reach the
// internet: the app's own chooser of test accounts signs in with a credential the emulator accepts.
// No route of the app or of Google is stubbed here.
import { uniqueEmail } from "./support/emulator";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // Every request that is not to this machine fails, as without a network (on top of the fixture's).
  await context.route(
    (url) => !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname),
    (route) => route.abort("internetdisconnected"),
  );
});

const chooser = (page: import("@playwright/test").Page) =>
  page.getByRole("dialog", { name: "Choose a test Google account" });

test("the browser really is offline: Google's script cannot be loaded", async ({ page }) => {
  await page.goto("/auth");
  const loaded = await page.evaluate(() =>
    fetch("https://apis.google.com/js/api.js", { mode: "no-cors" }).then(
      () => true,
      () => false,
    ),
  );
  expect(loaded).toBe(false);
});

test("signs in with a listed test account", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(chooser(page)).toBeVisible();
  await chooser(page)
    .getByRole("button", { name: /Grace Hopper/ })
    .click();
  await expect(page.getByText("Successfully signed in with Google!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  const me = await page.request.get("/api/auth/user");
  expect(await me.json()).toMatchObject({
    email: "grace.hopper@example.com",
    firstName: "Grace",
    lastName: "Hopper",
  });
});

test("adds an account with any e-mail and name, by keyboard alone", async ({ page }) => {
  const email = uniqueEmail("google-offline");
  await page.goto("/auth");
  const google = page.getByRole("button", { name: "Continue with Google" });
  await google.focus();
  await page.keyboard.press("Enter");
  await expect(chooser(page)).toBeVisible();
  await chooser(page).getByRole("button", { name: "Add account" }).focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "Add a test Google account" });
  await expect(form.getByLabel("Email")).toBeFocused();
  // Bad input: a clear message, nothing sent.
  await page.keyboard.press("Enter");
  await expect(form.getByText("Please enter your email address.")).toBeVisible();
  await page.keyboard.type("not-an-address");
  await page.keyboard.press("Enter");
  await expect(form.getByText("Invalid email address")).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Katherine Johnson");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Successfully signed in with Google!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.request.get("/api/auth/user");
  expect(await me.json()).toMatchObject({ email, firstName: "Katherine", lastName: "Johnson" });
});

test("closing the chooser returns focus to 'Continue with Google'", async ({ page }) => {
  await page.goto("/auth");
  const google = page.getByRole("button", { name: "Continue with Google" });
  await google.focus();
  await page.keyboard.press("Enter");
  await expect(chooser(page)).toBeVisible();
  // Focus is inside the dialog, and Tab stays there.
  await page.keyboard.press("Tab");
  await expect(chooser(page).locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(chooser(page)).toBeHidden();
  await expect(google).toBeFocused();
  // And with the Close button, by mouse.
  await google.click();
  await chooser(page).getByRole("button", { name: "Close" }).click();
  await expect(chooser(page)).toBeHidden();
  await expect(google).toBeFocused();
  await expect(page).toHaveURL(/\/auth$/);
});
