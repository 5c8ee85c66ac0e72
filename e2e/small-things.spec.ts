// Issue 27's smaller things: the phone header keeps the brand's whole name and its drawer the useful links; the
// tag chips are one Tab stop with arrow keys, fade and scroll at hidden edges, and are 44 px on a phone; the
// phone sheet's included chip reads at AA contrast; Saved's headings are in order; admin platform badges
// carry the platforms' names and row actions are quiet; the content select says when the member's Hide
// setting decides.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { requireDatabase, signInAs } from "./support/admin";
import { axeViolations, settled } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { cards, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

const PHONE = { width: 390, height: 844 };

/** How far the brand's name overflows its box (0: all of it shows). */
const brandOverflow = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("link", { name: "Chatbot Gallery" })
    .getByText("Chatbot Gallery", { exact: true })
    .evaluate((element) => element.scrollWidth - element.clientWidth);

/**
 * axe's colour-contrast failures, counting those it leaves for review because the text is short (a chip's
 * count of '1' is one character) when the contrast it measured is below the one expected.
 */
async function contrastFailures(builder: AxeBuilder) {
  const results = await builder.withRules(["color-contrast"]).analyze();
  const measuredTooLow = results.incomplete.flatMap((rule) =>
    rule.nodes.filter((node) =>
      node.any.some((check) => {
        const data = check.data as { contrastRatio?: number; expectedContrastRatio?: string } | null;
        return Boolean(data?.contrastRatio && data.contrastRatio < Number.parseFloat(data.expectedContrastRatio ?? ""));
      }),
    ),
  );
  return [...results.violations.flatMap((rule) => rule.nodes), ...measuredTooLow].map(
    (node) => `${node.target.join(" ")}: ${node.failureSummary ?? node.any.map((check) => check.message).join("; ")}`,
  );
}

/** A listing with this many tags of its own (found by searching for `token`, its first tag). */
async function listingWithTags(token: string, count: number) {
  const owner = await newMemberApi();
  const tags = [token, ...Array.from({ length: count - 1 }, (_, index) => `${token}-theme-${index + 1}`)];
  await createListing(owner.request, { title: `Chips ${token}`, tags });
  return tags;
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a visitor's header shows the brand's whole name, and the drawer holds Browse, Sign In, Create Account and the theme", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(await brandOverflow(page), "the brand's name is cut").toBeLessThanOrEqual(0);
    // 'Join' stays in the bar (spec section 2); nothing of the bar scrolls sideways.
    await expect(page.getByRole("banner").getByRole("link", { name: "Join" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByRole("link", { name: "Browse" })).toHaveAttribute("href", "/");
    await expect(drawer.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(drawer.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/auth");
    const theme = drawer.getByRole("button", { name: "Dark theme" });
    await expect(theme).toHaveAttribute("aria-pressed", "false");
    await theme.click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(theme).toHaveAttribute("aria-pressed", "true");

    await drawer.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(drawer).toBeHidden();
  });

  test("a member's header shows the brand's whole name beside Add Chatbot and the avatar", async ({ page }) => {
    await signInMember(page);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Add Chatbot" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    expect(await brandOverflow(page), "the brand's name is cut").toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Dark theme" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test.describe(`${theme} theme`, () => {
      test.use({ colorScheme: theme });

      test("the filter sheet's tag chips and controls are 44 px tap targets, and an included chip's count passes contrast", async ({
        page,
      }) => {
        const token = uniqueToken("chip");
        const [tag] = await listingWithTags(token, 3);
        await page.goto(`/?search=${token}`);
        await expect(cards(page)).toHaveCount(1);
        await page.getByRole("button", { name: /^Filters/ }).click();
        const sheet = page.getByRole("dialog", { name: "Filters" });
        // The name starts with the tag and its count: '<tag> 1 , not filtered'.
        const chip = sheet.getByRole("button", { name: new RegExp(`^${tag} `) });
        await chip.click();
        await expect(page).toHaveURL(new RegExp(`tags=${tag}`));
        await expect(chip).toHaveAttribute("aria-pressed", "true");
        // The included chip shows its count (1 listing).
        await expect(chip.getByText("1", { exact: true })).toBeVisible();
        await settled(page);

        for (const control of [
          ...(await sheet.getByRole("toolbar", { name: "Tags" }).getByRole("button").all()),
          sheet.getByRole("combobox", { name: "Sort" }),
          sheet.getByRole("combobox", { name: "Platform" }),
          sheet.getByRole("button", { name: "Clear" }),
        ]) {
          const box = await control.boundingBox();
          expect(box?.height, `${await control.textContent()} is a 44 px target`).toBeGreaterThanOrEqual(44);
        }
        expect(await contrastFailures(new AxeBuilder({ page }).include('[role="dialog"]'))).toEqual([]);
      });
    });
  }
});

test("the tag chips are one Tab stop: the arrow keys, Home and End move between them; hidden edges fade and scroll", async ({
  page,
}) => {
  const token = uniqueToken("row");
  const tags = await listingWithTags(token, 20);
  await page.goto(`/?search=${token}`);
  await expect(cards(page)).toHaveCount(1);
  const toolbar = page.getByRole("toolbar", { name: "Tags" });
  const chips = toolbar.getByRole("button");
  await expect(chips).toHaveCount(20);
  const focusInToolbar = () => toolbar.evaluate((element) => element.contains(document.activeElement));

  // Twenty chips do not fit at 1280 px: the hidden end fades and carries a scroll button for a pointer.
  const right = page.getByTestId("tags-scroll-right");
  const left = page.getByTestId("tags-scroll-left");
  await expect(right).toBeVisible();
  await expect(left).toBeHidden();
  await expect(toolbar).toHaveCSS("mask-image", /linear-gradient/);
  await right.click();
  await expect.poll(() => toolbar.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expect(left).toBeVisible();

  // From Clear (the control before the row), Tab reaches the first chip, and the next Tab leaves the row.
  await page.getByRole("button", { name: "Clear" }).focus();
  await page.keyboard.press("Tab");
  await expect(chips.first()).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await focusInToolbar(), "a second Tab stop in the tag row").toBe(false);
  await page.keyboard.press("Shift+Tab");
  await expect(chips.first()).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(chips.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(chips.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(chips.first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(chips.last()).toBeFocused();
  // The last chip focused is the row's Tab stop when it is entered again.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(chips.last()).toBeFocused();
  // Enter includes the focused tag; the chip keeps the focus (chosen tags move to the front).
  const lastTag = await chips.last().evaluate((element) => element.firstChild?.textContent);
  expect(tags).toContain(lastTag);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`tags=${lastTag}(&|$)`));
  await expect(page.locator(":focus")).toHaveAttribute("aria-pressed", "true");
  await expect(chips.first()).toBeFocused();
});

test("Saved has its headings in order (h1, h2, then the cards' h3 titles)", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const listing = await createListing(owner.request, { title: `Saved ${token}` });
  await signInMember(page);
  const saved = await page.request.put(`/api/user/favorites/${listing.id}`);
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  await page.goto("/saved");
  await expect(cards(page).getByRole("heading", { level: 3, name: `Saved ${token}` })).toBeVisible();
  expect(await axeViolations(page, { rules: ["heading-order"] })).toEqual([]);
  await expect(page.getByRole("heading", { level: 2, name: "Saved listings" })).toBeAttached();
});

test("with NSFW display Hide, the content select says 'SFW Only (your setting)' and leads to the setting", async ({
  page,
}) => {
  const token = uniqueToken();
  const owner = await newMemberApi();
  await createListing(owner.request, { title: `Safe ${token}`, tags: [token] });
  await createListing(owner.request, { title: `Spicy ${token}`, tags: [token], nsfw: true });
  await signInMember(page);

  // With the default (Show) the member chooses: NSFW Included shows the NSFW listing (and the SFW one).
  await page.goto(`/?search=${token}&content=nsfw`);
  const content = page.getByRole("combobox", { name: "Content" });
  await expect(content).toBeEnabled();
  await expect(content.locator("option:checked")).toHaveText("NSFW Included");
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).filter({ hasText: `Spicy ${token}` })).toHaveCount(1);

  const hide = await page.request.put("/api/user/settings", { data: { blockedTags: [], nsfwDisplay: "hide" } });
  expect(hide.status(), await hide.text()).toBe(200);
  await page.reload();
  await expect(content).toBeDisabled();
  await expect(content.locator("option:checked")).toHaveText("SFW Only (your setting)");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`Safe ${token}`);
  const change = page.getByRole("link", { name: "Change setting" });
  await expect(content).toHaveAccessibleDescription("Change setting");
  await change.click();
  await expect(page).toHaveURL(/\/dashboard#safety-settings$/);
  await expect(page.getByRole("form", { name: "Safety settings" }).getByRole("radio", { name: /^Hide/ })).toBeChecked();
});

test.describe("admin", () => {
  requireDatabase();

  test("platform badges show the platforms' names; a row's Delete is quiet until confirmed", async ({ page }) => {
    const owner = await newMemberApi();
    const title = `Badges ${uniqueToken()}`;
    await createListing(owner.request, {
      title,
      polybuzzCid: "pb-badge",
      polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-badge",
      roleplayaCid: "rp-badge",
      roleplayaUrl: "https://roleplaya.com/chat/rp-badge",
    });
    await signInAs(page, "admin");
    await page.goto("/admin");
    const row = page.getByRole("table", { name: "Chatbot Management" }).getByRole("row").filter({ hasText: title });
    const platforms = row.locator('[data-label="Platform"]');
    await expect(platforms).toHaveText("PolybuzzRoleplaya");
    await expect(platforms.getByText("Polybuzz", { exact: true })).toBeVisible();
    await expect(platforms.getByText("Roleplaya", { exact: true })).toBeVisible();

    // Quiet: Delete looks like Edit (an outline button), not a filled red one.
    const edit = row.getByRole("button", { name: "Edit" });
    const remove = row.getByRole("button", { name: "Delete" });
    const background = (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(remove)).toBe(await background(edit));
    // Its confirmation stays.
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Chatbot" });
    await expect(confirm).toContainText(`Are you sure you want to delete "${title}"? This action cannot be undone.`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
  });
});
