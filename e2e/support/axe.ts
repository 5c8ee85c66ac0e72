import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until nothing on the page is mid-animation or mid-transition: a sheet sliding in, or a button enabled as the
 * session becomes known fading in from its disabled opacity. Colours halfway are not the ones a person reads, and
 * axe measuring them fails on a busy machine only.
 */
export async function settled(page: Page) {
  // A loop that never ends (a spinner, a skeleton's pulse) is not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** axe's violations on the settled page (or the part `include` names, with only `rules` if given), one line each. */
export async function axeViolations(page: Page, { include, rules }: { include?: string; rules?: string[] } = {}) {
  await settled(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** No axe violation on the settled page, or in the part `include` names. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include ? { include } : {})).toEqual([]);
}
