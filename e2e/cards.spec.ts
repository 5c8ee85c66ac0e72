// The gallery's cards as a person sees them (issue 40 §2): the picture most of the card, the rest in tight rows
// lined up across a grid row, a creator's name whole, a legible rating badge, long tags cut, and a menu that
// offers what the server says (one's own listing: Edit and Delete; another's: Report).
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { registerSession, requireDatabase, signInAs, TINY_PNG } from "./support/admin";
import { axeViolations, expectNoAxeViolations } from "./support/axe";
import { createEmulatorUser, type EmulatorUser } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { stickyArea } from "./support/layout";

requireDatabase();

// One set of cards per worker, found by a word of its own: letters and digits no other worker's word is a near
// spelling of (a word holding a digit is never typo-matched, and twelve random hex characters differ anyway).
const TAG = `cards${randomUUID().replaceAll("-", "").slice(0, 12)}`;
/** A long but ordinary creator's name: a card shows it whole. */
const CREATOR = "Kestrel Ashdown";
const OTHERS_TITLE = "Card layout bot by another";
const OWN = 7;

/** The owner of the seven cards (the owner's own menu); the eighth is CREATOR's. */
let owner: EmulatorUser;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await signInAs(page, "user");
  const create = (request: Page["request"], fields: Record<string, string>) =>
    request.post("/api/chatbots", {
      multipart: { ...fields, nsfw: "false", image: { name: "bot.png", mimeType: "image/png", buffer: TINY_PNG } },
    });
  for (let i = 0; i < OWN; i++) {
    const response = await create(page.request, {
      title: `Card layout bot ${i}`,
      tags: `${TAG}, enemies to lovers and rivals forever, slow burn, found family`,
      storySeries: "Card Saga",
      // Cards that differ as real ones do: with and without a tagline, on one platform or both.
      ...(i % 3 === 0 ? { tagline: "A tagline long enough to take the line a card gives it, and more" } : {}),
      polybuzzCid: `pb-card-${i}-long-identifier`,
      polybuzzUrl: `https://www.polybuzz.ai/character/chat/pb-card-${i}`,
      ...(i % 2 === 0 ? { roleplayaCid: `rp-card-${i}`, roleplayaUrl: `https://roleplaya.com/chat/rp-card-${i}` } : {}),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const other = await browser.newPage();
  await registerSession(other, await createEmulatorUser({ displayName: CREATOR }));
  const response = await create(other.request, { title: OTHERS_TITLE, tags: TAG, roleplayaCid: "rp-other" });
  expect(response.status(), await response.text()).toBe(201);
  await Promise.all([page.close(), other.close()]);
});

async function openGallery(page: Page) {
  await page.goto(`/?search=${TAG}`);
  const cards = page.getByTestId("chatbot-card");
  await expect(cards).toHaveCount(OWN + 1);
  return cards;
}

/** Each card's box, its picture's box, its creator's name (shown whole or cut) and its first platform row. */
function measure(cards: Locator) {
  return cards.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      const picture = node.querySelector("[data-testid=card-picture]")!.getBoundingClientRect();
      const name = node.querySelector("a[href^='/profile/'] > span:last-child") as HTMLElement;
      return {
        top: box.top,
        height: box.height,
        pictureShare: (picture.width * picture.height) / (box.width * box.height),
        pictureBottom: picture.bottom,
        name: name.textContent,
        nameCut: name.scrollWidth > name.clientWidth,
        platformRow: node.querySelector("ul li")!.getBoundingClientRect().top - box.top,
      };
    }),
  );
}

type Measured = Awaited<ReturnType<typeof measure>>;
/** The cards of the first grid row, and every card's picture at least 60 % of its area. */
function checkLayout(boxes: Measured, perRow: number) {
  const firstRow = boxes.filter((box) => Math.abs(box.top - boxes[0]!.top) < 1);
  expect(firstRow).toHaveLength(perRow);
  for (const box of boxes) expect(box.pictureShare).toBeGreaterThanOrEqual(0.6);
  // A row's cards are as tall as each other, their rows at the same place.
  for (const box of firstRow) {
    expect(box.height).toBeCloseTo(firstRow[0]!.height, 0);
    expect(box.platformRow).toBeCloseTo(firstRow[0]!.platformRow, 0);
  }
  // The other creator's long but ordinary name is shown whole.
  const others = boxes.find((box) => box.name === CREATOR);
  expect(others?.nameCut).toBe(false);
  return firstRow;
}

const axeOfCards = (page: Page) => axeViolations(page, { include: "[data-testid=chatbot-card]" });

test.describe("on a desktop (1280×800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("five cards a row, each mostly picture, as tall as its row's others, the first row's pictures on the first screen", async ({
    page,
  }) => {
    const cards = await openGallery(page);
    const boxes = await measure(cards);
    const firstRow = checkLayout(boxes, 5);
    for (const box of firstRow) expect(box.pictureBottom).toBeLessThanOrEqual(800);
    test.info().annotations.push({
      type: "picture share at 1280",
      description: boxes.map((box) => `${Math.round(box.pictureShare * 100)} %`).join(", "),
    });
    expect(await axeOfCards(page)).toEqual([]);
  });

  test("the rating badge is opaque (legible over any image) and long tags end in an ellipsis", async ({ page }) => {
    const cards = await openGallery(page);
    const first = cards.filter({ hasText: "Card layout bot 0" });
    const badge = first.getByText("SFW", { exact: true });
    const background = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
    // Opaque: no alpha channel below 1 (rgba(..., 0.15) or lab(... / 0.15)).
    expect(background).not.toMatch(/\/\s*0?\.\d+\)|,\s*0?\.\d+\)$/);

    const tag = first.getByText("enemies to lovers and rivals forever");
    const clipped = await tag.evaluate(
      (element) => getComputedStyle(element).textOverflow === "ellipsis" && element.scrollWidth > element.clientWidth,
    );
    expect(clipped).toBe(true);
    await expect(tag).toHaveAttribute("title", "enemies to lovers and rivals forever");
    // Three tags and the rest counted, in two lines at most.
    await expect(first.getByText("+1", { exact: true })).toBeVisible();
  });

  test("one's own card's menu offers Edit and Delete and no Report; another's offers Report", async ({ page }) => {
    await registerSession(page, owner);
    const cards = await openGallery(page);
    const own = cards.filter({ hasText: "Card layout bot 1" });
    await own.getByRole("button", { name: "More actions for Card layout bot 1" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Add to collection", "Edit", "Delete"]);
    await expectNoAxeViolations(page, "[role=menu]");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    const editing = page.getByRole("dialog", { name: "Edit Chatbot" });
    await expect(editing.getByLabel(/^Title/)).toHaveValue("Card layout bot 1");
    await page.keyboard.press("Escape");
    await expect(editing).toBeHidden();

    await own.getByRole("button", { name: "More actions for Card layout bot 1" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Chatbot" });
    await expect(confirm).toContainText('Are you sure you want to delete "Card layout bot 1"?');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(cards).toHaveCount(OWN + 1);

    await cards
      .filter({ hasText: OTHERS_TITLE })
      .getByRole("button", { name: `More actions for ${OTHERS_TITLE}` })
      .click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Add to collection", "Report"]);
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

  test("two cards a row, each mostly picture and as tall as its neighbour, with tap targets of 44 px", async ({
    page,
  }) => {
    const cards = await openGallery(page);
    const boxes = await measure(cards);
    checkLayout(boxes, 2);
    test.info().annotations.push({
      type: "picture share at 390",
      description: boxes
        .map((box) => `${Math.round(box.pictureShare * 100)} % of ${Math.round(box.height)} px`)
        .join(", "),
    });
    const card = cards.filter({ hasText: "Card layout bot 0" });
    for (const target of [
      card.getByRole("button", { name: /^Copy Polybuzz ID/ }),
      card.getByRole("link", { name: "Polybuzz" }),
      card.getByRole("button", { name: /^More actions for/ }),
    ]) {
      const box = (await target.boundingBox())!;
      expect(Math.min(box.height, box.width)).toBeGreaterThanOrEqual(44);
    }
    expect(await axeOfCards(page)).toEqual([]);
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
    const cards = await openGallery(page);
    await cards.first().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    expect((await stickyArea(page)).bottom).toBeLessThanOrEqual(64);
    const header = await page.getByRole("banner").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(header).not.toMatch(/\/\s*0?\.\d+\)|,\s*0?\.\d+\)$/);
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
