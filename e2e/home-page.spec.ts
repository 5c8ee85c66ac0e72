// Issue 40 §1: the home page's first screen. Rails that scroll by their buttons, the keyboard and a mouse drag and
// never repeat each other's cards, counts only where there is one, the gallery on the first screen at 1280 × 800 and
// the second on a phone, one search box at a time, a "Skip to the gallery" first Tab stop, the NSFW badge on a
// rail's picture, and axe clean.
import type { Locator, Page } from "@playwright/test";
import { requireDatabase, signInAs, sql } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, uniqueToken } from "./support/listings";

requireDatabase();

const token = uniqueToken("home");
const NSFW_TITLE = `Home NSFW ${token}`;
/** Ahead of every earlier run's (they count chats the same way): the listings this file makes trend. */
const CHATS = Math.floor(Date.now() / 1000) - 1_700_000_000;

test.beforeAll(async () => {
  const owner = await newMemberApi();
  const hot: string[] = [];
  for (let i = 0; i < 26; i++) {
    const listing = await createListing(owner.request, { title: `Home ${token} ${i}`, tags: [token] });
    if (i < 4) hot.push(listing.id);
  }
  hot.push((await createListing(owner.request, { title: NSFW_TITLE, tags: [token], nsfw: true })).id);
  // Chatted with today: on top of both trending (this week) and popular (this month), as the score refresh keeps them.
  const today = new Date().toISOString().slice(0, 10);
  for (const id of hot) {
    await sql("INSERT INTO listing_stats_daily (chatbot_id, day, kind, count) VALUES ($1, $2, 'polybuzz', $3)", [
      id,
      today,
      CHATS,
    ]);
    await sql(
      "UPDATE chatbots SET popular_score = $2::int, trending_score = $2::float8, chats_this_week = $2::int WHERE id = $1",
      [id, CHATS],
    );
  }
  await owner.request.dispose();
});

/**
 * Once the app has drawn the page over the server's drawing, which it replaces (focus and all); until then the
 * drawing's buttons do nothing.
 */
async function appDrawn(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
}

const rails = (page: Page) => page.getByTestId("discovery-rails").getByRole("region");
const railCards = (rail: Locator) => rail.getByTestId("rail-card");

/** Every discovery rail card's link, rail by rail: no listing may be in two rails (a member's own rail aside). */
async function expectNoRepeats(page: Page) {
  const hrefs = await page
    .getByTestId("discovery-rails")
    .locator("section:not([aria-labelledby=rail-following]) [data-testid=rail-card] a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThan(10);
  expect(new Set(hrefs).size, "no listing in two rails").toBe(hrefs.length);
}

/** The focused card's focus ring (2 px outline, 2 px off the card) fits inside its rail's row, uncut. */
async function expectRingInside(link: Locator) {
  const [ring, row] = await link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const list = element.closest("ul")!.getBoundingClientRect();
    return [
      { top: box.top - 4, bottom: box.bottom + 4, left: box.left - 4, right: box.right + 4 },
      { top: list.top, bottom: list.bottom, left: list.left, right: list.right },
    ];
  });
  expect(ring.top).toBeGreaterThanOrEqual(row.top - 0.5);
  expect(ring.bottom).toBeLessThanOrEqual(row.bottom + 0.5);
  expect(ring.left).toBeGreaterThanOrEqual(row.left - 0.5);
  expect(ring.right).toBeLessThanOrEqual(row.right + 0.5);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  const phone = viewport.width < 1024;
  test.describe(`at ${viewport.width} px`, () => {
    // Scrolled at once (the rails scroll smoothly otherwise): each press of a button has landed before the next.
    test.use({ viewport, reducedMotion: "reduce" });

    test("the first screen: skip link, one search box, the gallery in reach, rails that scroll to their end and repeat nothing", async ({
      page,
    }) => {
      await page.goto("/");
      await expect(rails(page)).toHaveCount(3);
      await appDrawn(rails(page).first());
      await expect(rails(page).first().getByRole("heading")).toHaveText("Trending this week");
      for (const rail of await rails(page).all()) await expect(railCards(rail).first()).toBeVisible();
      await expectNoRepeats(page);
      // The listings chatted with most lead the trending rail with their count; none repeats in the popular one, and
      // a card of a quiet listing never says "0 chats".
      const trending = rails(page).first();
      await expect(railCards(trending).first()).toContainText(/chats this week/);
      await expect(page.getByTestId("discovery-rails").getByText(/^0 (chats|saves)/)).toHaveCount(0);

      // The first rail's first picture is whole on the first screen (a phone's largest paint, a desktop's first row).
      const picture = (await railCards(trending).first().locator("img").boundingBox())!;
      expect(picture.y + picture.height).toBeLessThanOrEqual(viewport.height);

      // The gallery starts on the first screen at 1280 × 800, on the second on a phone.
      const firstCard = page.getByTestId("chatbot-card").first();
      await expect(firstCard).toBeVisible();
      const top = await firstCard.evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
      test
        .info()
        .annotations.push({ type: "gallery's first card, px from the top", description: String(Math.round(top)) });
      expect(top).toBeLessThan(phone ? 2 * viewport.height : viewport.height);

      // One search box in sight: the page's; the header's waits behind its button until the page's scrolls away.
      const boxes = page.locator("input[type=search], input[name=search]");
      await expect(boxes.filter({ visible: true })).toHaveCount(1);
      await expect(page.getByRole("searchbox", { name: "Search the gallery" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Open search" })).toBeVisible();

      await expectNoAxeViolations(page);

      // The rails by their buttons: disabled at the start, to the last card, then disabled at the end.
      const previous = trending.getByRole("button", { name: "Previous: Trending this week" });
      const next = trending.getByRole("button", { name: "Next: Trending this week" });
      await expect(previous).toBeDisabled();
      const row = trending.getByRole("list");
      const lastShown = () =>
        railCards(trending)
          .last()
          .evaluate(
            (card) => card.getBoundingClientRect().right <= card.parentElement!.getBoundingClientRect().right + 1,
          );
      for (let i = 0; i < 10 && !(await lastShown()); i++) {
        const before = await row.evaluate((element) => element.scrollLeft);
        await next.click();
        await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
      }
      await expect(next).toBeDisabled();
      await expect(railCards(trending).last()).toBeInViewport({ ratio: 0.9 });
      await expect(previous).toBeEnabled();

      // By the keyboard: the focus moves from card to card (End, Home, arrows), each brought into view, its ring uncut.
      const popular = rails(page).nth(1);
      const links = popular.locator("[data-testid=rail-card] a");
      await links.first().focus();
      await expectRingInside(links.first());
      await page.keyboard.press("End");
      await expect(links.last()).toBeFocused();
      await expect(links.last()).toBeInViewport({ ratio: 0.9 });
      await expectRingInside(links.last());
      await page.keyboard.press("ArrowLeft");
      await expect(links.nth(-2)).toBeFocused();
      await page.keyboard.press("Home");
      await expect(links.first()).toBeFocused();
      await expect(links.first()).toBeInViewport({ ratio: 0.9 });

      if (!phone) {
        // By a mouse drag: the row moves and the card under the pointer is not opened.
        const saved = rails(page).nth(2);
        const list = saved.getByRole("list");
        const box = (await railCards(saved).first().boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
        await page.mouse.down();
        await page.mouse.move(box.x - 150, box.y + box.height / 3, { steps: 8 });
        await page.mouse.up();
        await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
        await expect(page).toHaveURL(/\/$/);

        // Once the page's box has scrolled away under the header, the header's shows inline.
        await firstCard.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, 400));
        await expect(page.getByRole("combobox", { name: "Search chatbots" })).toBeVisible();
        await expect(boxes.filter({ visible: true })).toHaveCount(2);
        await expect(page.getByRole("searchbox", { name: "Search the gallery" })).not.toBeInViewport();
        await page.evaluate(() => window.scrollTo(0, 0));
      }

      // "Skip to the gallery" is the first Tab stop, shown when focused, and takes the focus to the gallery.
      await page.goto("/");
      const skip = page.getByRole("link", { name: "Skip to the gallery" });
      await appDrawn(skip);
      await page.keyboard.press("Tab");
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page.locator("#gallery")).toBeFocused();
      await expect(page.locator("#gallery")).toBeInViewport();
    });
  });
}

test.describe("a member's rails", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an NSFW listing's blurred picture in a rail carries its NSFW badge, and the rails still repeat nothing", async ({
    page,
  }) => {
    const member = await signInAs(page, "user");
    await sql("UPDATE users SET birth_date = '1990-01-01', nsfw_display = 'blur' WHERE id = $1", [member.id]);
    await page.goto("/");
    const card = page.getByTestId("rail-card").filter({ hasText: NSFW_TITLE }).first();
    await expect(card).toBeVisible();
    await expect(card.getByText("NSFW", { exact: true })).toBeVisible();
    await expectNoRepeats(page);
    // A member's own rail (issue 27) in the third rail's place, kept from the first paint.
    await expect(page.getByRole("region", { name: "From creators you follow" })).toBeVisible();
  });
});
