import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { requireDatabase, signInAs } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { appOrigin } from "./support/env";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, uniqueToken } from "./support/listings";

requireDatabase();

/**
 * Issue 40 §3, the moderator's desk at 390 and 1280: one primary action per queue item with the rest under "More
 * actions" (the destructive ones there, each asking first), an appeal showing the decision appealed and the
 * creator's message, the audit log in words ("Hidden: No → Yes", never `hiddenReason`), and axe clean on both.
 */

async function report(targetId: string, reason: string) {
  const visitor: APIRequestContext = await playwrightRequest.newContext({
    baseURL: appOrigin(),
    extraHTTPHeaders: { "user-agent": `E2E desk visitor ${uniqueToken("v")}` },
  });
  const response = await visitor.post("/api/reports", { data: { targetKind: "listing", targetId, reason } });
  expect(response.status(), await response.text()).toBe(201);
}

const queueItem = (page: Page, name: string) =>
  page.getByTestId("queue-item").filter({ has: page.getByText(name, { exact: true }) });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: one primary action per item, destructive ones behind the menu, the appeal's decision and message, the audit log in words`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const creator = await newMemberApi();
    const reported = await createListing(creator.request, { title: uniqueToken("DeskShown") });
    const appealed = await createListing(creator.request, { title: uniqueToken("DeskAppealed") });
    await report(reported.id, "spam");
    await report(appealed.id, "illegal"); // closed by the hide below
    await signInAs(page, "super-admin");
    // The moderator hides one (over the api, as the queue would); its creator appeals with a message.
    const hidden = await page.request.post("/api/admin/queue/actions", {
      data: { targetKind: "listing", targetId: appealed.id, action: "hide", reason: "Looks stolen" },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    const notices = await (await creator.request.get("/api/user/moderation")).json();
    const decision = notices.listings.find((entry: { chatbotId: string }) => entry.chatbotId === appealed.id).decision;
    const appeal = await creator.request.post("/api/user/appeals", {
      data: { decisionId: decision.id, message: "It is my own art, drawn by me." },
    });
    expect(appeal.status(), await appeal.text()).toBe(201);
    // Hiding it again changes nothing: 409 in words, no second entry in the log.
    const again = await page.request.post("/api/admin/queue/actions", {
      data: { targetKind: "listing", targetId: appealed.id, action: "hide", reason: "Again" },
    });
    expect([again.status(), (await again.json()).message]).toEqual([409, "Nothing to change"]);

    await page.goto("/admin");
    // A reported listing: one primary action (Dismiss) and "More actions"; no destructive button on the item.
    const shown = queueItem(page, reported.title);
    await expect(shown.getByRole("button")).toHaveText(["Dismiss", "More actions"]);
    await shown.getByRole("button", { name: "More actions" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Mark NSFW", "Edit", "Hide…", "Delete…", "Suspend creator…"]);
    await menu.getByRole("menuitem", { name: "Delete…" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Chatbot" });
    await expect(confirm).toContainText(reported.title);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(shown).toBeVisible();

    // The appeal: Restore first, the decision appealed (what, by whom, why) and the creator's message.
    const item = queueItem(page, appealed.title);
    await expect(item.getByRole("button")).toHaveText(["Restore", "More actions"]);
    const details = item.getByRole("region", { name: "Appeal" });
    await expect(details).toContainText("Decision appealed: Hidden, by ");
    await expect(details).toContainText("Reason given: Looks stolen");
    await expect(details).toContainText("“It is my own art, drawn by me.”");
    await expectNoAxeViolations(page);

    await item.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Listing restored (1 report closed)")).toBeVisible();
    await expect(item).toHaveCount(0);

    // The audit log names fields and values in words.
    await page.goto(`/admin?auditTarget=${appealed.id}#audit`);
    const log = page.getByRole("table", { name: "Audit Log" });
    await expect(log.getByRole("row").filter({ hasText: "Hid listing" })).toContainText("Hidden: No → Yes");
    await expect(log.getByRole("row").filter({ hasText: "Hid listing" })).toContainText(
      "Reason for hiding: None → Looks stolen",
    );
    await expect(log.getByRole("row").filter({ hasText: "Restored listing" })).toContainText("Hidden: Yes → No");
    await expect(log.getByRole("row").filter({ hasText: "Hid listing" })).toHaveCount(1);
    await expect(log).not.toContainText("hiddenReason");
    await expectNoAxeViolations(page);
  });
}
