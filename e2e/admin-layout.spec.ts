import { createListing, createPendingUser, requireDatabase, signInAs } from "./support/admin";
import { expect, test } from "./support/fixtures";

requireDatabase();

/** Top of a section on the page, in CSS pixels from the document's top. */
async function topOf(page: import("@playwright/test").Page, id: string) {
  return page.locator(`section#${id}`).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

test("the work queue comes first: Queue, Verification, Pending, then Users, then Chatbots, each one link away", async ({
  page,
  request,
}) => {
  const waiting = await createPendingUser(request);
  await signInAs(page, "admin");
  await page.goto("/admin");
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  // Pending carries the number of users waiting.
  await expect(sections.getByRole("link")).toHaveText([
    /^Queue(\s*\d+)?$/,
    "Verification",
    /^Pending\s*\d+$/,
    "Users",
    "Chatbots",
  ]);
  await expect(
    page.getByRole("table", { name: "Pending User Registrations" }).getByRole("row").filter({ hasText: waiting.email }),
  ).toBeVisible();

  const [verification, pending, users, chatbots] = [
    await topOf(page, "verification"),
    await topOf(page, "pending"),
    await topOf(page, "users"),
    await topOf(page, "chatbots"),
  ];
  expect(verification).toBeLessThan(pending);
  expect(pending).toBeLessThan(users);
  expect(users).toBeLessThan(chatbots);
  // The queue starts within the first screen of a desktop, below the stats.
  expect(verification).toBeLessThan(900);

  await sections.getByRole("link", { name: "Chatbots" }).click();
  await expect(page).toHaveURL(/#chatbots$/);
  await expect(page.getByRole("heading", { name: "Chatbot Management" })).toBeInViewport();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("rows read as cards and nothing scrolls sideways", async ({ page, request }) => {
    const waiting = await createPendingUser(request);
    const admin = await signInAs(page, "admin");
    await createListing(page.request, `Phone card ${Date.now()} with a rather long title that must wrap`);
    await page.goto("/admin");
    const row = page.getByRole("table", { name: "Pending User Registrations" }).getByRole("row").filter({
      hasText: waiting.email,
    });
    await expect(row).toBeVisible();
    // A card: the row is as wide as the table (no columns side by side), the header row is hidden.
    await expect(page.getByRole("table", { name: "Pending User Registrations" }).locator("thead")).toBeHidden();
    const cells = row.getByRole("cell");
    const userBox = await cells.nth(0).boundingBox();
    const emailBox = await cells.nth(1).boundingBox();
    expect(emailBox?.y).toBeGreaterThanOrEqual((userBox?.y ?? 0) + (userBox?.height ?? 0));
    expect(emailBox?.width).toBeCloseTo(userBox?.width ?? 0, 0);
    await expect(
      page.getByRole("table", { name: "Approved Users" }).getByRole("row").filter({ hasText: admin.email }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Chatbot Management" }).getByText("Phone card")).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
