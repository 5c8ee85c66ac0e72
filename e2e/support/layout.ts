// What stays on screen while a page scrolls.
import type { Page } from "@playwright/test";

/**
 * Everything sticky or fixed on the screen (not a full-screen overlay): the bottom edge of the lowest one, and
 * the backgrounds of those that cover the page.
 */
export function stickyArea(page: Page) {
  return page.evaluate(() => {
    let bottom = 0;
    const backgrounds: string[] = [];
    for (const element of Array.from(document.querySelectorAll("body *"))) {
      const style = getComputedStyle(element);
      if (style.position !== "sticky" && style.position !== "fixed") continue;
      const box = element.getBoundingClientRect();
      const onScreen = box.height > 0 && box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      if (!onScreen || box.height >= window.innerHeight / 2 || !element.checkVisibility()) continue;
      bottom = Math.max(bottom, box.bottom);
      backgrounds.push(style.backgroundColor);
    }
    return { bottom, backgrounds };
  });
}
