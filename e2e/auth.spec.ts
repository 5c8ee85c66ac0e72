import { signInAs } from "./support/admin";
import { createEmulatorUser, emulatorMails, uniqueEmail } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { signInMember } from "./support/listings";

test.describe("e-mail sign-up and sign-in", () => {
  test("signs up, sends the verification e-mail, and lands signed in", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome to the gallery" })).toBeVisible();
    await expect(page.getByText("Sign In to Your Account")).toBeVisible();
    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByText("Create Your Account")).toBeVisible();
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Confirm Password").fill("secret123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByText("Account created successfully! Please check your email for verification."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect
      .poll(async () => (await emulatorMails()).some((m) => m.email === email && m.requestType === "VERIFY_EMAIL"))
      .toBe(true);
  });

  test("shows the form's validation messages", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await expect(page.getByText("Please enter your password.")).toBeVisible();
    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Confirm Password").fill("54321");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Password must be at least 6 characters long.")).toBeVisible();
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
    await page.getByRole("button", { name: "Back to other options" }).click();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  });

  test("signs in, signs out, and stays signed out after a reload", async ({ page }) => {
    const user = await createEmulatorUser();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Successfully signed in!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(401);
  });

  test("a wrong password gets a clear error", async ({ page }) => {
    const user = await createEmulatorUser();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  });

  test("the Apple option and the e-mail registration block are coming soon", async ({ page }) => {
    await page.goto("/auth");
    const apple = page.getByRole("button", { name: /Continue with Apple/ });
    await expect(apple).toBeDisabled();
    // Disabled for assistive technology and by its looks, yet a click explains why.
    await apple.click({ force: true });
    await expect(
      page.getByText("Apple authentication is coming soon! For now, please use Google sign-in."),
    ).toBeVisible();
    const block = page.getByRole("group", { name: "Email Registration (Coming Soon)" });
    await expect(block).toBeVisible();
    await expect(block.getByLabel("Nickname")).toBeDisabled();
    await expect(block.getByLabel("Nickname")).toHaveAttribute("maxlength", "32");
    await expect(page.getByText("Accounts are automatically approved upon successful authentication.")).toBeVisible();
  });
});

test.describe("redirects of spec section 2", () => {
  test("anonymous /dashboard, /series and /admin go to the auth page after 500 ms", async ({ page }) => {
    for (const path of ["/dashboard", "/series/Any%20Saga/00000000-0000-4000-8000-000000000000", "/admin"]) {
      const started = Date.now();
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole("heading", { name: "Welcome to the gallery" })).toBeVisible();
      expect(Date.now() - started, path).toBeGreaterThanOrEqual(500);
    }
  });

  test("signing out on the dashboard leads to the auth page", async ({ page }) => {
    await signInMember(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "My Dashboard" })).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a signed-in non-admin on /admin is told and sent home", async ({ page }) => {
    await signInAs(page, "user");
    await page.goto("/admin");
    await expect(page.getByText("Admin access required. Redirecting...")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a signed-in user visiting /auth is sent to /", async ({ page }) => {
    await signInAs(page, "user");
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
  });

  test("/api/login leads to the auth page", async ({ page }) => {
    await page.goto("/api/login");
    await expect(page).toHaveURL(/\/auth$/);
  });
});
