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
        // Cards that differ as real ones do: with and without a tagline, on one platform or both.
        ...(i % 3 === 0 ? { tagline: "A tagline long enough to take the two lines a card gives it, and more" } : {}),
        polybuzzCid: `pb-card-${i}`,
        polybuzzUrl: `https://www.polybuzz.ai/character/chat/pb-card-${i}`,
        ...(i % 2 === 0
          ? { roleplayaCid: `rp-card-${i}`, roleplayaUrl: `https://roleplaya.com/chat/rp-card-${i}` }
          : {}),
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

test.describe("on a desktop (1280×800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the first row of pictures shows without scrolling: the home page's first rail, and a filtered gallery's cards", async ({
    page,
  }) => {
    await page.goto("/");
    const rail = page.getByRole("region", { name: "Trending this week" });
    await expect(rail.getByTestId("rail-card").first()).toBeVisible();
    const railPicture = (await rail.getByTestId("rail-card").first().locator("img, svg").first().boundingBox())!;
    expect(railPicture.y + railPicture.height).toBeLessThanOrEqual(800);

    await page.goto(`/?search=${TAG}`);
    const cards = page.getByTestId("chatbot-card");
    await expect(cards).toHaveCount(7);
    const pictures = await cards.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector("button[aria-label^='View image of']")!.getBoundingClientRect().toJSON()),
    );
    // Five portraits a row at 1280, the whole of each picture on the first screen.
    const firstRow = pictures.filter((box) => Math.abs(box.top - pictures[0].top) < 1);
    expect(firstRow).toHaveLength(5);
    for (const box of firstRow) expect(box.bottom).toBeLessThanOrEqual(800);
    expect(pictures[0].height / pictures[0].width).toBeCloseTo(1.5, 1);
  });

  test("cards of a row are as tall as each other, their platform buttons on one line", async ({ page }) => {
    const cards = await openGallery(page);
    const rows = await cards.evaluateAll((nodes) =>
      nodes.slice(0, 5).map((node) => ({
        height: node.getBoundingClientRect().height,
        button: node.querySelector("a[href^='/go/']")!.getBoundingClientRect().top,
      })),
    );
    for (const row of rows) {
      expect(row.height).toBeCloseTo(rows[0]!.height, 0);
      expect(row.button).toBeCloseTo(rows[0]!.button, 0);
    }
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

test("a picture that fails to load shows a designed placeholder, not the browser's broken image", async ({ page }) => {
  await page.route("**/images/thumbnails/**", (route) => route.fulfill({ status: 404, body: "" }));
  const cards = await openGallery(page);
  const first = cards.first();
  await expect(first.getByText("Picture unavailable")).toBeVisible();
  await expect(first.getByRole("img", { name: /^Card layout bot/ })).toHaveCount(0);
  // The heart and the rating stay readable over it.
  await expect(first.getByText("SFW", { exact: true })).toBeVisible();
  await expect(first.getByRole("button", { name: /^Save Card layout bot/ })).toBeVisible();
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("two portrait cards a row, their copy buttons and platform links 44 px tall", async ({ page }) => {
    const cards = await openGallery(page);
    const tops = await cards.evaluateAll((nodes) => nodes.slice(0, 3).map((node) => node.getBoundingClientRect().top));
    expect(tops[0]).toBeCloseTo(tops[1]!, 0);
    expect(tops[2]).toBeGreaterThan(tops[0]!);
    const card = cards.first();
    for (const target of [
      card.getByRole("button", { name: "Copy Polybuzz ID" }),
      card.getByRole("link", { name: "Polybuzz" }),
      card.getByRole("button", { name: /^More actions for/ }),
    ]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  });

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
