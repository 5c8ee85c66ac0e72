// The gallery's cards as a person sees them: how many fit a screen, a legible rating badge, long tags.
import type { Page } from "@playwright/test";
import { requireDatabase, signInAs, TINY_PNG } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { stickyArea } from "./support/layout";

requireDatabase();

const TAG = `cards${Date.now()}`;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "user");
  for (let i = 0; i < 7; i++) {
    const response = await page.request.post("/api/chatbots", {
      multipart: {
        title: `Card layout bot ${i}`,
        tags: `${TAG}, enemies to lovers and rivals forever, slow burn`,
        storySeries: "Card Saga",
        nsfw: "false",
        polybuzzCid: `pb-card-${i}`,
        polybuzzUrl: `https://www.polybuzz.ai/character/chat/pb-card-${i}`,
        roleplayaCid: `rp-card-${i}`,
        roleplayaUrl: `https://roleplaya.com/chat/rp-card-${i}`,
        image: { name: "bot.png", mimeType: "image/png", buffer: TINY_PNG },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.close();
});

async function openGallery(page: Page) {
  await page.goto(`/?search=${TAG}`);
  const cards = page.getByTestId("chatbot-card");
  await expect(cards).toHaveCount(7);
  await cards.first().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 400));
  return cards;
}

test.describe("on a desktop (1280×900)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a whole row of cards and the next row's images fit on the screen", async ({ page }) => {
    const cards = await openGallery(page);
    const first = (await cards.nth(0).boundingBox())!;
    const tops = await cards.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top));
    const secondRow = tops.findIndex((top) => top > first.y + first.height - 1);
    expect(secondRow).toBeGreaterThan(0);
    const secondRowImage = (await cards
      .nth(secondRow)
      .getByRole("button", { name: /^View image of/ })
      .boundingBox())!;
    const needed = secondRowImage.y + secondRowImage.height - first.y;
    // Below everything that stays on screen while the page scrolls: the header and the filter bar under it.
    const { bottom } = await stickyArea(page);
    expect(needed).toBeLessThanOrEqual(900 - bottom);
  });

  test("the rating badge is opaque (legible over any image) and long tags end in an ellipsis", async ({ page }) => {
    const cards = await openGallery(page);
    const badge = cards.first().getByText("SFW", { exact: true });
    const background = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
    // Opaque: no alpha channel below 1 (rgba(..., 0.15) or lab(... / 0.15)).
    expect(background).not.toMatch(/\/\s*0?\.\d+\)|,\s*0?\.\d+\)$/);

    const tag = cards.first().getByText("enemies to lovers and rivals forever");
    const clipped = await tag.evaluate(
      (element) => getComputedStyle(element).textOverflow === "ellipsis" && element.scrollWidth > element.clientWidth,
    );
    expect(clipped).toBe(true);
    await expect(tag).toHaveAttribute("title", "enemies to lovers and rivals forever");
  });
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the hero search's placeholder shows in full", async ({ page }) => {
    await page.goto("/");
    const input = page.getByRole("searchbox", { name: "Search the gallery" });
    const [needed, available] = await input.evaluate((element: HTMLInputElement) => {
      const placeholder = getComputedStyle(element, "::placeholder");
      const box = getComputedStyle(element);
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
      return [
        context.measureText(element.placeholder).width,
        element.clientWidth - Number.parseFloat(box.paddingLeft) - Number.parseFloat(box.paddingRight),
      ];
    });
    expect(needed).toBeLessThanOrEqual(available);
  });

  test("only the 64 px header stays on screen while scrolling, and nothing shows through it", async ({ page }) => {
    await openGallery(page);
    expect((await stickyArea(page)).bottom).toBeLessThanOrEqual(64);
    const header = await page.getByRole("banner").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(header).not.toMatch(/\/\s*0?\.\d+\)|,\s*0?\.\d+\)$/);
  });

  test("one whole card fits on the screen", async ({ page }) => {
    const cards = await openGallery(page);
    const card = (await cards.nth(1).boundingBox())!;
    expect(card.height).toBeLessThanOrEqual(844 - (await stickyArea(page)).bottom);
  });
});

test("closing the image modal with Escape puts focus back on the card's image button", async ({ page }) => {
  const cards = await openGallery(page);
  const imageButton = cards.first().getByRole("button", { name: /^View image of/ });
  await imageButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(imageButton).toBeFocused();
});
