// Nothing moves once it is on the screen: cumulative layout shift (the browser's own layout-shift entries, as
// Core Web Vitals count them) below 0.01 on the browse page and a listing page, signed out and signed in (issue 40;
// measured 0.0000-0.0022 at 390 and 1280).
import type { Page } from "@playwright/test";
import { requireDatabase, signInAs, TINY_PNG } from "./support/admin";
import { expect, test } from "./support/fixtures";

requireDatabase();

/** Starts recording layout shifts before the app's first script runs. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = globalThis as unknown as { __cls: number };
    record.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) record.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * The shift so far, read after every image on the screen has loaded and two more frames have painted. On the
 * screen: inside the window both ways (a rail's later pictures, scrolled out sideways, load lazily when reached).
 */
async function layoutShift(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => {
        // What shows of it: its box cut by the window and by every ancestor that clips (a rail's row scrolls
        // sideways: a card behind its edge is not on the screen, and its lazy picture waits to be scrolled to).
        let { top, bottom, left, right } = image.getBoundingClientRect();
        for (let element = image.parentElement; element; element = element.parentElement) {
          const style = getComputedStyle(element);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const clip = element.getBoundingClientRect();
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        return (
          top < Math.min(bottom, window.innerHeight) &&
          left < Math.min(right, window.innerWidth) &&
          bottom > 0 &&
          right > 0
        );
      })
      .every((image) => image.complete),
  );
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((globalThis as unknown as { __cls: number }).__cls)),
        ),
      ),
  );
}

let listingId = "";
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "user");
  const response = await page.request.post("/api/chatbots", {
    multipart: {
      title: "Steady bot",
      tagline: "It does not move",
      description: "A description long enough to wrap onto a few lines on a phone.\nAnd a second paragraph.",
      tags: "steady, calm",
      storySeries: "Steady Saga",
      nsfw: "false",
      polybuzzCid: "pb-steady",
      polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-steady",
      image: { name: "bot.png", mimeType: "image/png", buffer: TINY_PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  listingId = ((await response.json()) as { id: string }).id;
  await page.close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const signedIn of [false, true]) {
      const who = signedIn ? "a member" : "a visitor";

      test(`the browse page does not shift for ${who}`, async ({ page }) => {
        if (signedIn) await signInAs(page, "user");
        await recordLayoutShifts(page);
        await page.goto("/");
        await expect(page.getByTestId("chatbot-card").first()).toBeVisible();
        // The discovery rails (their code loads apart) are in place too, a member's own rail included.
        await expect(page.getByTestId("rail-card").first()).toBeVisible();
        if (signedIn) await expect(page.getByRole("region", { name: "From creators you follow" })).toBeVisible();
        const shift = await layoutShift(page);
        test.info().annotations.push({ type: "layout shift", description: shift.toFixed(4) });
        expect(shift).toBeLessThan(0.01);
      });

      test(`a listing page does not shift for ${who}`, async ({ page }) => {
        if (signedIn) await signInAs(page, "user");
        await recordLayoutShifts(page);
        await page.goto(`/chatbots/${listingId}`);
        await expect(page.getByRole("heading", { level: 1, name: "Steady bot" })).toBeVisible();
        const shift = await layoutShift(page);
        test.info().annotations.push({ type: "layout shift", description: shift.toFixed(4) });
        expect(shift).toBeLessThan(0.01);
      });
    }
  });
}
