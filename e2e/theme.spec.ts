import { expect, test } from "./support/fixtures";

/** The page's background colour as the browser paints it. */
const background = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Relative lightness (0 dark … 1 light) of a computed colour; Chromium reports lab, oklch or rgb. */
function lightness(color: string): number {
  const lab = /^lab\(([\d.]+)/.exec(color);
  if (lab) return Number(lab[1]) / 100;
  const oklab = /^ok(?:lch|lab)\(([\d.]+)/.exec(color);
  if (oklab) return Number(oklab[1]);
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test.describe("with the system set to dark", () => {
  test.use({ colorScheme: "dark" });

  test("the app follows it from the first paint; a choice of light is remembered over it", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(lightness(await background(page))).toBeLessThan(0.3);
    const toggle = page.getByRole("button", { name: "Dark theme" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");

    await toggle.click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(lightness(await background(page))).toBeGreaterThan(0.8);

    await page.reload();
    await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });
});

test.describe("with the system set to light", () => {
  test.use({ colorScheme: "light" });

  test("the toggle turns the dark theme on, by keyboard too, and it stays on in a new page", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    const toggle = page.getByRole("button", { name: "Dark theme" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(toggle).toBeFocused();

    const other = await context.newPage();
    await other.goto("/auth");
    await expect(other.locator("html")).toHaveClass(/\bdark\b/);
    expect(lightness(await background(other))).toBeLessThan(0.3);
  });
});
