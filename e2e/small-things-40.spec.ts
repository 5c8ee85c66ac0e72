// Issue 40 §5's small things: a suspended creator's 'Add Chatbot' is disabled and says why; a made-up platform in a
// /go address is a wrong address (404), not "no longer on the platform"; report reasons are whole-row 44 px tap
// targets on a phone; the success toast over the token dialog passes axe in both themes; the listing page's first
// Tab stops show a focus ring.
import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { UNKNOWN_PLATFORM_TEXTS } from "../packages/schema/src/platforms";
import { SUSPENDED_PUBLISH_MESSAGE } from "../packages/schema/src/report-texts";
import { requireDatabase, sql } from "./support/admin";
import { expectNoAxeViolations, settled } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

const PHONE = { width: 390, height: 844 };

/**
 * Whether the element draws a focus ring: an outline, or a box-shadow with a spread of at least 1 px in a colour
 * that is not transparent (Tailwind's rings are such shadows; its unused shadow slots are transparent zeros).
 */
const drawsRing = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) return true;
    if (style.boxShadow === "none") return false;
    return style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
      const lengths = [...shadow.matchAll(/(-?[\d.]+)px/g)].map((match) => Number(match[1]));
      const spread = lengths[3] ?? 0;
      const transparent = /rgba\([^)]*,\s*0\)|\/\s*0\)|transparent/.test(shadow);
      return spread >= 1 && !transparent && !shadow.includes("inset");
    });
  });

test.describe("a suspended creator", () => {
  requireDatabase();

  test("sees 'Add Chatbot' disabled with the reason; pressing it says why and opens nothing", async ({ page }) => {
    const { id } = await signInMember(page);
    await sql("UPDATE users SET suspended_at = now() WHERE id = $1", [id]);
    await page.goto("/");
    await expect(page.getByTestId("suspension-banner")).toBeVisible();
    const add = page.getByRole("banner").getByRole("button", { name: "Add Chatbot" });
    await expect(add).toHaveAttribute("aria-disabled", "true");
    await expect(add).toHaveAccessibleDescription(SUSPENDED_PUBLISH_MESSAGE);
    await expect(add).toHaveAttribute("title", SUSPENDED_PUBLISH_MESSAGE);
    // aria-disabled, not disabled: it keeps its Tab stop, so a keyboard reaches it and hears why.
    await add.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-sonner-toast]").getByText(SUSPENDED_PUBLISH_MESSAGE)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test("a made-up platform in a /go address says the address is wrong, with a 404", async ({ page }) => {
  const owner = await newMemberApi();
  const listing = await createListing(owner.request, { title: uniqueToken("Go") });
  const response = await page.goto(`/go/${listing.id}/notaplatform`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: UNKNOWN_PLATFORM_TEXTS.title })).toBeVisible();
  await expect(page.getByText(UNKNOWN_PLATFORM_TEXTS.message("notaplatform"))).toBeVisible();
  await expect(page.getByText(/no longer on/)).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`^${UNKNOWN_PLATFORM_TEXTS.title}`));
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("each report reason's whole row is a tap target at least 44 px tall", async ({ page }) => {
    const owner = await newMemberApi();
    const title = uniqueToken("Reasons");
    const listing = await createListing(owner.request, { title });
    await page.goto(`/chatbots/${listing.id}`);
    await page.getByRole("button", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: `Report "${title}"` });
    const rows = dialog.getByTestId("report-reason");
    await expect(rows.first()).toBeVisible();
    await settled(page);
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (const row of await rows.all()) {
      const box = await row.boundingBox();
      expect(box?.height, `${await row.textContent()} is 44 px tall`).toBeGreaterThanOrEqual(44);
      expect(box?.width, `${await row.textContent()} spans the dialog`).toBeGreaterThan(250);
    }
    // A tap at the row's far end, away from the circle and the words, chooses the reason.
    const last = rows.last();
    const box = (await last.boundingBox())!;
    await page.mouse.click(box.x + box.width - 8, box.y + box.height / 2);
    await expect(last.getByRole("radio")).toBeChecked();
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, permissions: ["clipboard-read", "clipboard-write"] });

    test("the success toast over the new token dialog passes axe (contrast included)", async ({ page }) => {
      await signInMember(page);
      await page.goto("/dashboard");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const card = page.locator("[data-slot=card]").filter({ has: page.getByText("API tokens", { exact: true }) });
      await card.getByRole("button", { name: "Create token" }).click();
      const create = page.getByRole("dialog", { name: "Create an API token" });
      await create.getByLabel("Name").fill(uniqueToken("Toast "));
      await create.getByRole("button", { name: "Create token" }).click();
      const shown = page.getByRole("dialog", { name: "Your new API token" });
      await shown.getByRole("button", { name: "Copy API token" }).click();
      const toast = page.locator("[data-sonner-toast][data-type=success]");
      await expect(toast.getByText("API token copied to clipboard")).toBeVisible();
      await expectNoAxeViolations(page);
      // The toast's own text measured, whatever axe leaves for review.
      const contrast = await new AxeBuilder({ page })
        .include("[data-sonner-toast]")
        .withRules(["color-contrast"])
        .analyze();
      expect(contrast.violations).toEqual([]);
      expect(contrast.passes.flatMap((rule) => rule.nodes).length).toBeGreaterThan(0);
    });
  });
}

test("the listing page's first Tab stops show a focus ring: the skip link, then the picture", async ({ page }) => {
  const owner = await newMemberApi();
  const title = uniqueToken("Ring");
  const listing = await createListing(owner.request, { title });
  await page.goto(`/chatbots/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await settled(page);
  expect(await drawsRing(skip), "the skip link's focus ring").toBe(true);
  // Into the page: its first Tab stop is the picture's button; its frame draws the ring around it.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const picture = page.getByRole("button", { name: `View image of ${title}` });
  await expect(picture).toBeFocused();
  await settled(page);
  expect(await drawsRing(page.getByTestId("listing-picture")), "the picture's focus ring").toBe(true);
  // Only while the picture has the focus.
  await page.keyboard.press("Tab");
  await settled(page);
  expect(await drawsRing(page.getByTestId("listing-picture"))).toBe(false);
});
