// Verified creators (issue 23, item 6): a creator asks on the dashboard, a moderator approves in the admin
// panel, the mark shows with its explanation beside the creator's name on their card, listing page and
// profile (on hover and on keyboard focus), and a moderator withdraws it with a reason the creator reads.
import type { Browser, Locator, Page } from "@playwright/test";
import { requireDatabase, signInAs, sql } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createListing, signInMember, uniqueToken } from "./support/listings";

requireDatabase();

const EXPLAINED =
  "Verified creator: a moderator checked by hand that this creator runs their Polybuzz or Roleplaya bots";

async function moderatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, "admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Verification Requests" })).toBeVisible();
  return page;
}

/** The mark is named, explained on hover and on keyboard focus. */
async function expectExplainedMark(page: Page, scope: Locator) {
  const mark = scope.getByRole("img", { name: "Verified creator" });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAccessibleDescription(EXPLAINED);
  await mark.hover();
  await expect(page.getByRole("tooltip", { name: EXPLAINED })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toBeHidden();
  await mark.focus();
  await expect(page.getByRole("tooltip", { name: EXPLAINED })).toBeVisible();
  await mark.blur();
}

test("a creator asks, a moderator approves, the mark shows everywhere, then is withdrawn", async ({
  page,
  browser,
}) => {
  const { id: creatorId } = await signInMember(page);
  const nickname = uniqueToken("maker");
  await sql("UPDATE users SET nickname = $2 WHERE id = $1", [creatorId, nickname]);
  const title = uniqueToken("Verified Bot ");
  const listing = await createListing(page.request, { title });

  // The creator asks on the dashboard.
  await page.goto("/dashboard");
  const card = page.getByRole("form", { name: "Get verified" });
  await card.getByRole("button", { name: "Ask to be verified" }).click();
  await expect(card.getByText("Tell us which bots are yours")).toBeVisible();
  await card.getByLabel("Which bots are yours?").fill("I run Mira on Polybuzz.");
  await card.getByLabel(/^Links/).fill("https://polybuzz.ai/character/mira\nhttps://roleplaya.com/bots/mira");
  await card.getByRole("button", { name: "Ask to be verified" }).click();
  await expect(page.getByText("Verification request sent")).toBeVisible();
  await expect(page.getByTestId("verification-status")).toHaveText("Your request is waiting for a moderator.");
  await expect(card).toBeHidden();

  // A moderator sees the request with its text, links and listings count, and approves it.
  const moderator = await moderatorPage(browser);
  const request = moderator.getByRole("list", { name: "Verification requests" }).getByRole("listitem", {
    name: nickname,
  });
  await expect(request).toContainText("1 listing");
  await expect(request).toContainText("I run Mira on Polybuzz.");
  await expect(request.getByRole("link", { name: "https://roleplaya.com/bots/mira" })).toBeVisible();
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(moderator.getByText("Creator verified")).toBeVisible();
  await expect(request).toBeHidden();

  // The creator's dashboard says so; the mark shows on the card, the listing page and the profile.
  await page.reload();
  await expect(page.getByTestId("verification-status")).toHaveText(
    "You are a verified creator: the mark shows next to your name on your listings and profile.",
  );
  await page.goto(`/?search=${encodeURIComponent(title)}`);
  const galleryCard = page.getByTestId("chatbot-card").filter({ hasText: title });
  await expectExplainedMark(page, galleryCard);
  await page.goto(`/chatbots/${listing.id}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expectExplainedMark(
    page,
    page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, level: 1 }) }),
  );
  await page.goto(`/profile/${creatorId}`);
  await expect(page.getByRole("heading", { name: nickname })).toBeVisible();
  await expectExplainedMark(page, page.getByRole("heading", { name: nickname, level: 1 }).locator("xpath=.."));
  // The marks (the profile's and its card's) and a shown tooltip break no accessibility rule.
  await page.getByRole("heading", { name: nickname, level: 1 }).locator("xpath=..").getByRole("img").focus();
  await expectNoAxeViolations(page);

  // The moderator withdraws it; a reason is required.
  await moderator.reload();
  const verified = moderator.getByRole("list", { name: "Verified creators" }).getByRole("listitem", { name: nickname });
  await verified.getByRole("button", { name: "Withdraw" }).click();
  const dialog = moderator.getByRole("dialog", { name: "Withdraw verified mark" });
  await expect(dialog).toContainText(`${nickname} will see this reason on their dashboard.`);
  await dialog.getByRole("button", { name: "Withdraw" }).click();
  await expect(dialog.getByText("Give a reason")).toBeVisible();
  await dialog.getByLabel("Reason").fill("These bots belong to someone else");
  await dialog.getByRole("button", { name: "Withdraw" }).click();
  await expect(moderator.getByText("Verified mark withdrawn")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(verified).toBeHidden();

  await page.reload();
  await expect(page.getByRole("heading", { name: nickname })).toBeVisible();
  await expect(page.getByRole("img", { name: "Verified creator" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByTestId("verification-status")).toHaveText(
    "Your verified mark was withdrawn: These bots belong to someone else",
  );
  await expect(page.getByRole("form", { name: "Get verified" })).toBeVisible();
});

test("a moderator denies a request with a reason the creator reads", async ({ page, browser }) => {
  const { id: creatorId } = await signInMember(page);
  const nickname = uniqueToken("asker");
  await sql("UPDATE users SET nickname = $2 WHERE id = $1", [creatorId, nickname]);
  await page.goto("/dashboard");
  const card = page.getByRole("form", { name: "Get verified" });
  await card.getByLabel("Which bots are yours?").fill("Kael is mine.");
  await card.getByLabel(/^Links/).fill("https://polybuzz.ai/character/kael");
  await card.getByRole("button", { name: "Ask to be verified" }).click();
  await expect(page.getByTestId("verification-status")).toHaveText("Your request is waiting for a moderator.");

  const moderator = await moderatorPage(browser);
  const request = moderator.getByRole("list", { name: "Verification requests" }).getByRole("listitem", {
    name: nickname,
  });
  await request.getByRole("button", { name: "Deny" }).click();
  const dialog = moderator.getByRole("dialog", { name: "Deny verification" });
  await dialog.getByLabel("Reason").fill("The links do not show your bots");
  await dialog.getByRole("button", { name: "Deny" }).click();
  await expect(moderator.getByText("Verification denied")).toBeVisible();
  await expect(request).toBeHidden();

  await page.reload();
  await expect(page.getByTestId("verification-status")).toHaveText(
    "Your request was denied: The links do not show your bots",
  );
  await expect(page.getByRole("form", { name: "Get verified" })).toBeVisible();
});
