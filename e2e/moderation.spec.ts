import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { POSSIBLY_COORDINATED, REPORT_CONFIRMATION } from "../packages/schema/src/report-texts";
import { registerSession, requireDatabase, signInAs, sql } from "./support/admin";
import { appOrigin } from "./support/env";
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

requireDatabase();

/**
 * Issue 23: reports from visitors and members, the moderation queue and its actions, protection before review,
 * the creator told and asking for a review, a suspended creator.
 */

/** A visitor's request context (a new browser; from this test's one address, so the same visitor to the api). */
async function visitorApi(name: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: appOrigin(),
    extraHTTPHeaders: { "user-agent": `E2E visitor ${name}` },
  });
}

async function report(
  request: APIRequestContext,
  targetKind: "listing" | "profile",
  targetId: string,
  reason = "spam",
) {
  const response = await request.post("/api/reports", { data: { targetKind, targetId, reason } });
  expect(response.status(), await response.text()).toBe(201);
}

const queueItem = (page: import("@playwright/test").Page, name: string) =>
  page.getByTestId("queue-item").filter({ has: page.getByText(name, { exact: true }) });

test("a visitor reports a listing from its card's menu and is told what happens next", async ({ page }) => {
  const { request } = await newMemberApi();
  const title = uniqueToken("Reported");
  await createListing(request, { title });
  await page.goto(`/?search=${title}`);
  await card(page, title)
    .getByRole("button", { name: `More actions for ${title}` })
    .click();
  await page.getByRole("menuitem", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: `Report "${title}"` });
  await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled();
  await dialog.getByRole("radio", { name: "Spam" }).click();
  await dialog.getByLabel("Details (optional)").fill("Same bot posted ten times");
  await expect(dialog.getByText("25/1000")).toBeVisible();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText(REPORT_CONFIRMATION);
  await dialog.getByRole("button", { name: "Done" }).click();
  // A second report of the same listing is refused, in the server's words.
  await card(page, title)
    .getByRole("button", { name: `More actions for ${title}` })
    .click();
  await page.getByRole("menuitem", { name: "Report" }).click();
  await dialog.getByRole("radio", { name: "Other" }).click();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("You have already reported this");
});

test("a member reports a stolen listing from its page, with the original's link, and a profile", async ({ page }) => {
  const { request, id: creatorId } = await newMemberApi();
  const title = uniqueToken("Stolen");
  const listing = await createListing(request, { title });
  await signInMember(page);
  await page.goto(`/chatbots/${listing.id}`);
  await page.getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: `Report "${title}"` });
  await dialog.getByRole("radio", { name: "Stolen or impersonating" }).click();
  await dialog.getByLabel("Link to the original").fill("https://example.com/original-bot");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText(REPORT_CONFIRMATION);
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.goto(`/profile/${creatorId}`);
  await page.getByRole("button", { name: "Report" }).click();
  const profileDialog = page.getByRole("dialog", { name: /^Report .*'s profile$/ });
  await profileDialog.getByRole("radio", { name: "Illegal or harmful" }).click();
  await profileDialog.getByRole("button", { name: "Send report" }).click();
  await expect(profileDialog.getByRole("status")).toHaveText(REPORT_CONFIRMATION);
});

test("a moderator hides a reported listing with a reason; its creator is told, asks for a review once, and it is restored", async ({
  page,
  browser,
}) => {
  const creator = await newMemberApi();
  const title = uniqueToken("HideMe");
  const listing = await createListing(creator.request, { title });
  await report(await visitorApi(uniqueToken("v")), "listing", listing.id, "illegal");

  await signInAs(page, "admin");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link").first()).toHaveText(/^Queue/);
  await expect(page.getByRole("group", { name: "Open Reports" })).toBeVisible();
  const item = queueItem(page, title);
  await expect(item.getByText("Illegal or harmful: 1")).toBeVisible();
  // Hiding is under "More actions" (issue 40 §3: one primary action per item) and asks first.
  await item.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Hide" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Hide listing" });
  await expect(confirm.getByRole("button", { name: "Hide" })).toBeDisabled();
  await confirm.getByLabel("Reason (shown to the creator)").fill("Breaks the rules on violence");
  await confirm.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByText("Listing hidden (1 report closed)")).toBeVisible();
  await expect(item).toHaveCount(0);

  // A visitor no longer finds it; its page is not found.
  const visitor = await browser.newPage();
  await visitor.goto(`/?search=${title}`);
  await expect(visitor.getByText("No chatbots found")).toBeVisible();
  await visitor.goto(`/chatbots/${listing.id}`);
  await expect(visitor.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

  // The creator sees why on the dashboard and asks for a review, once.
  const creatorPage = await browser.newPage();
  await registerSession(creatorPage, creator.account);
  await creatorPage.goto("/dashboard");
  const notice = creatorPage.getByTestId("listing-notice").first();
  await expect(notice).toContainText("Hidden: only you and moderators can see this listing.");
  await expect(notice).toContainText("Hidden by a moderator: Breaks the rules on violence");
  await notice.getByRole("button", { name: "Ask for a review" }).click();
  await notice.getByLabel("Message to the moderators (optional)").fill("The violence is in the story, not shown.");
  await expect(notice.getByText("40/500")).toBeVisible();
  await notice.getByRole("button", { name: "Send request for review" }).click();
  await expect(notice).toContainText("Your request for a review is in the moderators' queue.");
  await expect(notice.getByRole("button", { name: "Ask for a review" })).toHaveCount(0);

  // Back in the queue as an appeal, with the decision and the creator's message; restoring shows it again.
  await page.reload();
  const appeal = queueItem(page, title);
  await expect(appeal.getByText("Appeal: 1")).toBeVisible();
  await expect(appeal.getByRole("region", { name: "Appeal" })).toContainText(
    "Reason given: Breaks the rules on violence",
  );
  await expect(appeal.getByRole("region", { name: "Appeal" })).toContainText(
    "“The violence is in the story, not shown.”",
  );
  await appeal.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Listing restored (1 report closed)")).toBeVisible();
  await visitor.goto(`/?search=${title}`);
  await expect(card(visitor, title)).toBeVisible();
});

test("mislabelled reports from one address hide nothing: the moderator finds them marked possibly coordinated", async ({
  page,
}) => {
  const creator = await newMemberApi();
  const title = uniqueToken("Mislabelled");
  const listing = await createListing(creator.request, { title });
  await page.goto(`/?search=${title}`);
  await expect(card(page, title)).toBeVisible();
  // A visitor, and a member whose reports weigh (e-mail verified, account 4 days old), from the one address this
  // browser test has: one voice (issue 36), so the listing stays shown. Hiding before review is tested by the API
  // tests, with reporters on several networks (apps/api/test/abuse/report-hides-listing.test.ts).
  await report(await visitorApi(uniqueToken("a")), "listing", listing.id, "mislabelled");
  const member = await newMemberApi();
  await sql("UPDATE users SET email_verified = true, created_at = now() - interval '4 days' WHERE id = $1", [
    member.id,
  ]);
  await report(member.request, "listing", listing.id, "mislabelled");
  await page.reload();
  await expect(card(page, title)).toBeVisible();
  // The moderator finds it shown, marked possibly coordinated, with the reason why.
  const admin = await page.context().browser()!.newPage();
  await signInAs(admin, "admin");
  await admin.goto("/admin");
  const item = queueItem(admin, title);
  await expect(item.getByText(POSSIBLY_COORDINATED.label, { exact: true })).toBeVisible();
  await expect(item.getByText(POSSIBLY_COORDINATED.explanation)).toBeVisible();
  await expect(item.getByText("Hidden pending review")).toHaveCount(0);
  await expect(item.getByText("Mislabelled (NSFW shown as SFW) or wrong tags: 2")).toBeVisible();
  await item.getByRole("button", { name: "Mark NSFW" }).click();
  await expect(admin.getByText("Marked NSFW (2 reports closed)")).toBeVisible();
});

test("a suspended creator sees why on every page, cannot publish, and is public again once lifted", async ({
  page,
  browser,
}) => {
  const creator = await newMemberApi();
  const title = uniqueToken("Suspended");
  await createListing(creator.request, { title });
  await report(await visitorApi(uniqueToken("s")), "profile", creator.id, "spam");

  const admin = await browser.newPage();
  await signInAs(admin, "admin");
  await admin.goto("/admin");
  const item = admin.getByTestId("queue-item").filter({ hasText: "Spam: 1" }).filter({ hasText: "Profile" }).first();
  await item.getByRole("button", { name: "More actions" }).click();
  await admin.getByRole("menuitem", { name: "Suspend creator" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Suspend creator" });
  await confirm.getByLabel("Reason (shown to the creator)").fill("Posting spam");
  await confirm.getByRole("button", { name: "Suspend" }).click();
  await expect(admin.getByText("Creator suspended (1 report closed)")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/?search=${title}`);
  await expect(visitor.getByText("No chatbots found")).toBeVisible();

  await registerSession(page, creator.account);
  for (const path of ["/", "/dashboard", `/profile/${creator.id}`]) {
    await page.goto(path);
    await expect(page.getByTestId("suspension-banner")).toContainText("Your account is suspended: Posting spam");
  }
  const refused = await creator.request.post("/api/chatbots", {
    multipart: { title: "New", tags: "", nsfw: "false" },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("Your account is suspended: you cannot publish or change listings");

  // Lifted from the queue (the creator's appeal brings the profile back there).
  await page.getByTestId("suspension-banner").getByRole("button", { name: "Ask for a review" }).click();
  await page.getByTestId("suspension-banner").getByRole("button", { name: "Send request for review" }).click();
  await expect(page.getByTestId("suspension-banner")).toContainText(
    "Your request for a review is in the moderators' queue.",
  );
  await admin.reload();
  const appeal = admin
    .getByTestId("queue-item")
    .filter({ hasText: "Appeal: 1" })
    .filter({ hasText: "Profile" })
    .first();
  await appeal.getByRole("button", { name: "Lift suspension" }).click();
  await expect(admin.getByText("Suspension lifted (1 report closed)")).toBeVisible();
  await visitor.goto(`/?search=${title}`);
  await expect(card(visitor, title)).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("suspension-banner")).toHaveCount(0);
});
