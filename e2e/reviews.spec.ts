import type { Browser, Page } from "@playwright/test";
import { requireDatabase, signInAs, sql } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createListing, signInMember, uniqueToken } from "./support/listings";

requireDatabase();

/**
 * Issue 38 §1 on the listing page, at 390 and 1280: a member (verified, account old enough) rates and reviews
 * another member's listing and sees the average; the creator replies; another member marks it helpful, sorts by
 * Most helpful (in the URL) and reports it; a moderator hides it from the queue; its author sees it hidden and
 * the average gone. Axe clean on the page with the form and with a review, its reply and its actions.
 */

/** A member in a page of their own whose reviews count: e-mail verified, account four days old, a nickname. */
async function reviewerPage(browser: Browser, viewport: { width: number; height: number }, nickname?: string) {
  // A context of its own (axe needs one made by browser.newContext).
  const page = await (await browser.newContext({ viewport })).newPage();
  const member = await signInMember(page);
  await sql(
    "UPDATE users SET email_verified = true, created_at = now() - interval '4 days', nickname = $2 WHERE id = $1",
    [member.id, nickname ?? null],
  );
  return { page, ...member };
}

const rating = (page: Page) => page.getByTestId("listing-rating").first();

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: rate and review, the average, reply, helpful, report and hide from the queue`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    // The creator, in the test's page.
    await signInMember(page);
    const listing = await createListing(page.request, { title: uniqueToken("Reviewed") });
    const name = uniqueToken("Critic");
    const reviewer = await reviewerPage(browser, viewport, name);

    // The reviewer: no ratings yet, the form (stars by keyboard-operable radios, a counted text), axe clean.
    const url = `/chatbots/${listing.id}`;
    await reviewer.page.goto(url);
    await expect(rating(reviewer.page)).toHaveText("No ratings yet");
    const form = reviewer.page.getByRole("form", { name: "Write a review" });
    // By keyboard: Space chooses, the arrows move along the stars.
    await form.getByRole("radio", { name: "5 stars" }).press("Space");
    await expect(form.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await form.getByRole("radio", { name: "5 stars" }).press("ArrowLeft");
    await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
    const text = "Kind, quick and funny.";
    await form.getByLabel("Your review (optional)").fill(text);
    await expect(form.getByText(`${text.length}/2,000`)).toBeVisible();
    await expectNoAxeViolations(reviewer.page);
    await form.getByRole("button", { name: "Post review" }).click();
    await expect(reviewer.page.getByText("Your review is posted")).toBeVisible();
    await expect(rating(reviewer.page)).toContainText("Rated 4.0 out of 5 by 1 member");
    await expect(rating(reviewer.page).getByText("4.0 ★ · 1")).toBeVisible();
    const own = reviewer.page.getByRole("region", { name: "Your review" });
    await expect(own.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    const mine = reviewer.page.getByRole("article", { name: `Review by ${name}` });
    await expect(mine.getByRole("link", { name })).toHaveAttribute("href", `/profile/${reviewer.id}`);
    await expect(mine.getByRole("button", { name: "Helpful" })).toHaveCount(0);

    // The creator replies once.
    await page.goto(url);
    const seen = page.getByRole("article", { name: `Review by ${name}` });
    await seen.getByRole("button", { name: "Reply" }).click();
    await seen.getByLabel("Your reply").fill("Thank you for chatting!");
    await seen.getByRole("button", { name: "Post reply" }).click();
    await expect(seen.getByRole("region", { name: "The creator's reply" })).toContainText("Thank you for chatting!");
    await expect(seen.getByRole("button", { name: "Edit reply" })).toBeVisible();

    // Another member: marks it helpful (the server's count), sorts by Most helpful (in the URL), axe clean.
    const other = await reviewerPage(browser, viewport);
    await other.page.goto(url);
    const review = other.page.getByRole("article", { name: `Review by ${name}` });
    await expect(review.getByRole("region", { name: "The creator's reply" })).toContainText("Thank you");
    await review.getByRole("button", { name: "Helpful" }).click();
    await expect(review.getByRole("button", { name: "Helpful" })).toHaveAttribute("aria-pressed", "true");
    await expect(review.getByTestId("helpful-count")).toHaveText("1 member found this helpful");
    await other.page.getByLabel("Sort by").selectOption("helpful");
    await expect(other.page).toHaveURL(/[?&]reviews=helpful/);
    await expect(review).toBeVisible();
    await expectNoAxeViolations(other.page);
    // ... and reports it.
    await review.getByRole("button", { name: "Report" }).click();
    const dialog = other.page.getByRole("dialog", { name: `Report the review by ${name}` });
    await dialog.getByText("Spam", { exact: true }).click();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toBeVisible();

    // A moderator hides it from the queue.
    const admin = await (await browser.newContext({ viewport })).newPage();
    await signInAs(admin, "admin");
    await admin.goto("/admin");
    const item = admin.getByTestId("queue-item").filter({ hasText: name });
    await expect(item).toContainText(text);
    await item.getByRole("button", { name: "Hide" }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Hide review" });
    await confirm.getByLabel(/Reason/).fill("Off topic");
    await confirm.getByRole("button", { name: "Hide" }).click();
    await expect(item).toHaveCount(0);

    // Its author sees it hidden; the list and the average leave it out.
    await reviewer.page.reload();
    await expect(reviewer.page.getByText("A moderator has hidden your review: only you can see it")).toBeVisible();
    await expect(reviewer.page.getByText("No reviews yet")).toBeVisible();
    await expect(rating(reviewer.page)).toHaveText("No ratings yet");
  });
}
