// Small look-and-feel fixes: the nav while the session loads, the avatar menu, the content filter
// after signing out, and what a member waiting for approval is told.
import type { Page } from "@playwright/test";
import { requireDatabase, signInAs, sql } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { PNG, signInMember } from "./support/listings";

/**
 * From the first byte of every page load: whether a visible 'Sign In' link ever appeared in the top bar,
 * and the layout shifts of anything inside it.
 */
async function watchTopBar(page: Page) {
  await page.addInitScript(() => {
    const seen = { signIn: false, shifts: [] as string[] };
    (window as unknown as { __topBar: typeof seen }).__topBar = seen;
    const inHeader = (node: Node | null) =>
      Boolean((node instanceof Element ? node : node?.parentElement)?.closest("header"));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { sources?: Array<{ node?: Node }> }>) {
        for (const source of entry.sources ?? []) {
          if (inHeader(source.node ?? null))
            seen.shifts.push((source.node as Element).outerHTML?.slice(0, 80) ?? "text");
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver(() => {
      for (const link of Array.from(document.querySelectorAll("header a"))) {
        if (link.textContent?.trim() === "Sign In" && link.checkVisibility({ visibilityProperty: true }))
          seen.signIn = true;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

const topBar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __topBar: { signIn: boolean; shifts: string[] } }).__topBar);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`after a reload a signed-in member never sees 'Sign In' and the top bar does not move (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInMember(page);
    await watchTopBar(page);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Chatbot" })).toBeVisible();
    await expect(page.getByTestId("session-placeholder")).toHaveCount(0);
    expect(await topBar(page)).toEqual({ signIn: false, shifts: [] });
  });
}

test("a visitor's top bar keeps its place while the session loads", async ({ page }) => {
  await watchTopBar(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await topBar(page)).shifts).toEqual([]);
});

test("the avatar menu shows an e-mail-only account once, with the dashboard's upper-case letter", async ({ page }) => {
  // An e-mail account has no first name: the letter comes from the e-mail, which starts lower-case.
  const { account } = await signInMember(page);
  const letter = account.email[0]!.toUpperCase();
  expect(account.email[0]).not.toBe(letter);
  await page.goto("/dashboard");
  const menuButton = page.getByRole("button", { name: "Account menu" });
  await expect(menuButton).toHaveText(letter);
  await expect(page.getByRole("main").locator("[data-slot=avatar-fallback]")).toHaveText(letter);
  await menuButton.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText(account.email, { exact: true })).toHaveCount(1);
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
  // An approved member is not told about approval.
  await expect(page.getByText("Your account is waiting for an administrator's approval.")).toHaveCount(0);
});

test("after signing out with 'NSFW Included' chosen, Clear reflects the filters a visitor has", async ({ page }) => {
  await signInMember(page);
  await page.goto("/");
  const clear = page.getByRole("button", { name: "Clear" });
  await expect(clear).toBeDisabled();
  await page.getByRole("combobox", { name: "Content" }).selectOption({ label: "NSFW Included" });
  await expect(page).toHaveURL(/content=nsfw/);
  await expect(clear).toBeEnabled();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("SFW Only (Sign in to view all content)")).toBeVisible();
  await expect(clear).toBeDisabled();
  // A visitor's own filters still count.
  await page.getByRole("combobox", { name: "Platform" }).selectOption({ label: "Polybuzz" });
  await expect(clear).toBeEnabled();
  await clear.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(clear).toBeDisabled();
});

test.describe("a member waiting for approval", () => {
  requireDatabase();

  test("sees a banner on the dashboard and the server's reason when creating", async ({ page }) => {
    const pending = await signInAs(page, "user");
    await sql("UPDATE users SET is_approved = false WHERE id = $1", [pending.id]);
    await page.goto("/dashboard");
    await expect(page.getByRole("status").filter({ hasText: "waiting for an administrator's approval" })).toBeVisible();

    await page.getByRole("button", { name: "Add Chatbot" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Chatbot" });
    await dialog.getByLabel("Title").fill("Not yet");
    await dialog.locator("input[type=file]").setInputFiles({ name: "bot.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByRole("button", { name: "Create Chatbot" }).click();
    // The server refuses (403) and says why; nothing was created.
    await expect(page.getByText("Your account is waiting for approval")).toBeVisible();
    await expect(page.getByText("Failed to create chatbot. Please try again.")).toHaveCount(0);
    const mine = await page.request.get("/api/user/chatbots");
    expect(mine.status()).toBe(200);
    expect(await mine.json()).toHaveLength(0);
  });
});
