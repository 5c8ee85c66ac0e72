// Issue 40 §4, §5 and §6, at 390 and 1280: a new member's safety settings say what takes effect (Blur, until they
// answer), a creator sees their own NSFW pictures unblurred while others' are blurred behind a button whose name
// starts with its visible "Click to reveal", a picture refused once (503) is shown when the server recovers, the
// page knows who is signed in though its first read of that was refused (503), and an under-18 answer says what
// changed.
import type { Page, Route } from "@playwright/test";
import { AGE_MESSAGES } from "../packages/schema/src/age-texts";
import { registerSession, requireDatabase } from "./support/admin";
import { axeViolations } from "./support/axe";
import { createEmulatorUser } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, uniqueToken } from "./support/listings";

requireDatabase();

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/** Every rule axe runs by default, and the one the walk found (it is not among the defaults). */
const allAxeViolations = async (page: Page) => [
  ...(await axeViolations(page)),
  ...(await axeViolations(page, { rules: ["label-content-name-mismatch"] })),
];

/** Answers the first request a route sees as a busy server does (503, Retry-After), then lets the rest through. */
function busyOnce(answer: (route: Route) => Promise<void>) {
  let refused = 0;
  return {
    handler: async (route: Route) => {
      if (refused++ === 0) return answer(route);
      return route.fallback();
    },
    refused: () => refused,
  };
}

/** tRPC's 503 for a batch of calls (one entry per call in the address). */
const trpcBusy = (route: Route) => {
  const calls = new URL(route.request().url()).pathname.replace(/^\/trpc\//, "").split(",");
  const entry = {
    error: {
      message: "The server is temporarily unavailable. Please try again shortly.",
      code: -32603,
      data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 },
    },
  };
  return route.fulfill({
    status: 503,
    headers: { "retry-after": "1", "content-type": "application/json" },
    body: JSON.stringify(calls.map(() => entry)),
  });
};

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}`, () => {
    test.use({ viewport });

    test("a new creator: honest settings, their own NSFW unblurred, others' blurred, pictures and who is signed in survive a 503", async ({
      page,
    }) => {
      const token = uniqueToken("age");
      const other = await newMemberApi();
      const theirs = await createListing(other.request, { title: `${token} Theirs`, tags: [token], nsfw: true });
      const account = await createEmulatorUser();
      await registerSession(page, account, { answerAge: false });
      const mine = await createListing(page.request, { title: `${token} Mine`, tags: [token], nsfw: true });

      // The first reads of who is signed in, and the first request for the creator's picture, are refused as a busy
      // server refuses them; the page waits for the Retry-After and asks again.
      const config = busyOnce(trpcBusy);
      await page.route(/\/trpc\/[^?]*auth\.clientConfig/, config.handler);
      const picture = busyOnce((route) =>
        route.fulfill({ status: 503, headers: { "retry-after": "1" }, contentType: "text/plain", body: "busy" }),
      );
      await page.route(mine.thumbnailUrl, picture.handler);

      await page.goto(`/?search=${token}`);
      await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
      expect(config.refused()).toBeGreaterThan(1);

      const own = card(page, `${token} Mine`);
      await own.scrollIntoViewIfNeeded();
      // Refused once: the designed placeholder, then the picture once the server answers.
      const ownImage = own.getByRole("img", { name: `${token} Mine` });
      await expect(ownImage).toHaveAttribute("src", mine.thumbnailUrl, { timeout: 15_000 });
      await expect
        .poll(() => ownImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(picture.refused()).toBeGreaterThan(1);
      await expect(own.getByRole("button", { name: `View image of ${token} Mine` })).toBeVisible();
      await expect(own.getByText("Click to reveal")).toHaveCount(0);

      // Another creator's NSFW picture is blurred: the button's name starts with what it shows.
      const blurred = card(page, `${token} Theirs`);
      await expect(blurred.getByText("Click to reveal")).toBeVisible();
      const reveal = blurred.getByRole("button", { name: `Click to reveal NSFW image of ${token} Theirs` });
      await expect(reveal).toBeVisible();
      await expect(blurred.getByRole("img")).not.toHaveAttribute("src", theirs.thumbnailUrl);
      expect(await allAxeViolations(page)).toEqual([]);

      // The settings show what takes effect: Blur (not the saved Show), Show offered once the age is answered.
      await page.goto("/dashboard");
      const settings = page.getByRole("form", { name: "Safety settings" });
      await expect(settings.getByRole("radio", { name: /^Blur/ })).toBeChecked();
      await expect(settings.getByRole("radio", { name: /^Show/ })).toBeDisabled();
      await expect(settings.getByRole("radio", { name: /^Show/ })).not.toBeChecked();
      await expect(settings.getByText(AGE_MESSAGES.unansweredBlur)).toBeVisible();
      expect(await allAxeViolations(page)).toEqual([]);

      // An answer under 18 says what changed before the dialog closes.
      await page.goto(`/?search=${token}`);
      await card(page, `${token} Theirs`)
        .getByRole("button", { name: `Click to reveal NSFW image of ${token} Theirs` })
        .click();
      const dialog = page.getByRole("dialog", { name: "Confirm your age" });
      await dialog.getByLabel("Date of birth").fill(yearsAgo(15));
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog.getByRole("status")).toHaveText(AGE_MESSAGES.minorResult);
      expect(await allAxeViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "OK" }).click();
      await expect(dialog).toBeHidden();
      await expect(card(page, `${token} Theirs`)).toHaveCount(0);
      await other.request.dispose();
    });
  });
}
