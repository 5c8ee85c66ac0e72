// On a phone (390×844): on the browse page what stays on screen while scrolling is at most 64 px high and
// opaque, and the filters open in a sheet that edits the URL like the desktop bar (reload and back keep
// working); the dashboard shows whole listing titles and its stats as one row of small tiles.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { stickyArea } from "./support/layout";
import { cards, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

test.use({ viewport: { width: 390, height: 844 } });

/** Opaque: no alpha channel below 1 (rgba(..., 0.8) or lab(... / 0.8)). */
const TRANSLUCENT = /\/\s*0?\.\d+\)|,\s*0?\.\d+\)$/;

async function expectSlimOpaqueStickyArea(page: Page) {
  await page.evaluate(() => window.scrollBy(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const { bottom, backgrounds } = await stickyArea(page);
  expect(bottom, "the sticky area's height").toBeLessThanOrEqual(64);
  expect(backgrounds.length, "the header stays").toBeGreaterThan(0);
  for (const background of backgrounds) expect(background).not.toMatch(TRANSLUCENT);
}

test("while scrolling only 64 px stay on screen, and the filter sheet edits the URL, survives a reload and goes back", async ({
  page,
}) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const tag = uniqueToken("tag");
  await createListing(owner.request, {
    title: `Poly ${token}`,
    tags: [token, tag],
    polybuzzCid: "pb-phone",
    polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-phone",
  });
  await createListing(owner.request, {
    title: `Role ${token}`,
    tags: [token],
    roleplayaCid: "rp-phone",
    roleplayaUrl: "https://roleplaya.com/chat/rp-phone",
  });

  await page.goto(`/?search=${token}`);
  await expect(cards(page)).toHaveCount(2);
  // On a phone the bar's own selects and the tag row are in the sheet, not on the page.
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Tags" })).toBeHidden();
  await expectSlimOpaqueStickyArea(page);

  const filters = page.getByRole("button", { name: /^Filters/ });
  await expect(filters).toHaveAccessibleName("Filters");
  await filters.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  const chip = sheet.getByRole("button", { name: new RegExp(`^${tag}\\b`) });
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`tags=${tag}`));
  await sheet.getByRole("combobox", { name: "Platform" }).selectOption({ label: "Roleplaya" });
  await expect(page).toHaveURL(/platform=roleplaya/);
  // No listing on Roleplaya has that tag; the sheet's button says so, and the chosen chip stays.
  await expect(sheet.getByRole("button", { name: "Show 0 bots" })).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`excludeTags=${tag}`));
  await sheet.getByRole("button", { name: "Show 1 bot" }).click();
  await expect(sheet).toBeHidden();
  await expect(filters).toHaveAccessibleName("Filters, 2 active");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`Role ${token}`);

  await page.reload();
  await expect(page).toHaveURL(/platform=roleplaya/);
  await expect(filters).toHaveAccessibleName("Filters, 2 active");
  await expect(cards(page)).toHaveCount(1);
  await filters.click();
  await expect(sheet.getByRole("combobox", { name: "Platform" })).toHaveValue("roleplaya");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expectSlimOpaqueStickyArea(page);

  // Back: the tag is included again, then not chosen at all, then the platform goes too.
  await page.goBack();
  await expect(filters).toHaveAccessibleName("Filters, 2 active");
  await expect(page).toHaveURL(new RegExp(`tags=${tag}`));
  await page.goBack();
  await page.goBack();
  await expect(page).not.toHaveURL(/platform=/);
  await expect(filters).toHaveAccessibleName("Filters");
  await expect(cards(page)).toHaveCount(2);

  // Clear in the sheet resets the filters and the search, as the bar's Clear does.
  await filters.click();
  await sheet.getByRole("combobox", { name: "Sort" }).selectOption("az");
  await expect(page).toHaveURL(/sort=az/);
  await sheet.getByRole("button", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(sheet.getByRole("button", { name: "Clear" })).toBeDisabled();
});

test("the dashboard shows a listing's whole title and its four stats as small tiles, two rows at most", async ({
  page,
}) => {
  await signInMember(page);
  // Two lines in the card beside its picture and rating (about 30 characters): the whole of it shows.
  const title = `Nebula Test Ranger ${uniqueToken()}`;
  await createListing(page.request, {
    title,
    storySeries: "Nebula Saga",
    polybuzzCid: "pb-nebula",
    polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-nebula",
  });
  await page.goto("/dashboard");

  const shown = page.getByTestId("my-chatbot").getByText(title, { exact: true });
  await expect(shown).toBeVisible();
  // Wrapped, not cut: nothing of it is hidden sideways or below its (at most two) lines.
  const size = await shown.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  expect(size.scrollWidth, "the title is cut at its end").toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight, "the title is cut below its lines").toBeLessThanOrEqual(size.clientHeight);

  const counts = { "My Chatbots": "1", "Series Created": "1", "Platforms Used": "1", Followers: "0" };
  const tiles = Object.keys(counts).map((label) => page.getByTestId(`stat-${label}`));
  for (const [label, count] of Object.entries(counts))
    await expect(page.getByTestId(`stat-${label}`)).toHaveText(count);
  const boxes = await Promise.all(
    tiles.map((tile) => tile.locator("xpath=ancestor::*[@data-slot='card'][1]").boundingBox()),
  );
  const tops = boxes.map((box) => Math.round(box!.y));
  expect(new Set(tops).size, "the four stats take two rows at most").toBeLessThanOrEqual(2);
  for (const box of boxes) expect(box!.height, "a small tile").toBeLessThanOrEqual(100);
});

test("a first visit to the gallery draws it from the page it was served: no data round trip for its first reads", async ({
  page,
}) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `First ${token}` });
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/trpc/")) asked.push(url.pathname);
  });
  await page.goto("/");
  await expect(page.getByTestId("rail-card").first()).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText(`First ${token}`).first()).toBeVisible();
  // The rails' and the gallery's pages, its count and its tag facets came with the page.
  expect(asked.filter((path) => /chatbots\.(list|count|tags)/.test(path))).toEqual([]);
  // The first rail's pictures a phone shows at once were asked for by the page's head, at high priority.
  const preloaded = await page
    .locator('head link[rel="preload"][as="image"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  const shown = await page
    .getByTestId("rail-card")
    .locator("img")
    .evaluateAll((images) => images.slice(0, 3).map((image) => (image as HTMLImageElement).currentSrc));
  expect(preloaded.length).toBeGreaterThan(0);
  expect(shown.slice(0, preloaded.length)).toEqual(preloaded);
  // The page's own code (the browse page and the rails) was named by the head too, not found after the entry ran.
  const modules = await page
    .locator('head link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(modules).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/browse-/),
      expect.stringMatching(/^\/assets\/discovery-rails-/),
    ]),
  );
});

test.describe("before the app has run", () => {
  test.use({ javaScriptEnabled: false });

  test("the gallery's first screen comes drawn in the page: hero, rails and cards, their links working", async ({
    page,
  }) => {
    const owner = await newMemberApi();
    const token = uniqueToken();
    const created = await createListing(owner.request, { title: `Drawn ${token}` });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Discover Amazing AI Chatbots" })).toBeVisible();
    await expect(page.getByTestId("rail-card").first()).toBeVisible();
    await expect(page.getByTestId("rail-card").first().locator("img")).toBeVisible();
    const card = cards(page).filter({ hasText: `Drawn ${token}` });
    await expect(card).toBeVisible();
    // No script has run, yet the card is a link to the listing's page.
    await card
      .getByRole("link", { name: `Drawn ${token}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/chatbots/${created.id}`));
  });

  test("only the plain gallery is drawn: a search's page waits for the app", async ({ page }) => {
    await page.goto("/?search=anything");
    await expect(page.locator("#root")).toBeEmpty();
  });
});

test("the app takes over the drawn gallery: its controls work and nothing is left of the drawing", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `Taken ${token}` });
  await page.goto("/");
  await expect(page.getByText(`Taken ${token}`).first()).toBeVisible();
  // The app's own search box answers (the drawing's did nothing), and the page has one of each thing.
  await page.getByRole("searchbox", { name: "Search the gallery" }).fill(token);
  await expect(page).toHaveURL(new RegExp(`search=${token}`));
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});
