import type { Page } from "@playwright/test";
import { requireDatabase } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

requireDatabase();

/**
 * Issue 38 §3 on the web, at 390 and 1280: member A follows creator B; B publishes (through the api) and A's bell,
 * in a second tab, counts it live without a reload; the panel says it in words, opening it marks it read and goes
 * to the listing; "Mark all read"; a kind turned off in the dashboard no longer notifies. Axe clean on the open
 * panel and on the settings card.
 */

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: a followed creator's new bot arrives live, opens read, mark all read, a kind turned off`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // B, the creator, through the api alone, with a nickname (what the sentence calls them).
    const creator = await newMemberApi();
    const nickname = uniqueToken("Maker");
    expect((await creator.request.put("/api/user/nickname", { data: { nickname } })).status()).toBe(200);
    // A, the member, follows B.
    await signInMember(page);
    expect((await page.request.put(`/api/user/follows/${creator.id}`)).status()).toBe(200);

    // The first tab: the dashboard, its Notifications card (every kind on, no e-mail), axe clean.
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Notifications" });
    const newListings = card.getByRole("switch", { name: "A new bot by a creator you follow" });
    await expect(newListings).toBeChecked();
    await expect(card.getByRole("switch")).toHaveCount(7);
    await expect(card.getByText("Notifications are shown here only: none are sent by e-mail.")).toBeVisible();
    await expectNoAxeViolations(page, "[data-testid=notification-settings]");

    // A second tab of the same member: the bell, nothing unread yet.
    const second = await page.context().newPage();
    await second.goto("/");
    await expect(bell(second)).toHaveAccessibleName("Notifications");

    // B publishes: the count rises in the second tab without a reload.
    const first = await createListing(creator.request, { title: uniqueToken("Fresh") });
    await expect(bell(second)).toHaveAccessibleName("Notifications, 1 unread");
    await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");

    // The panel: the line in words, unread; axe clean while open. On a phone it is a full-width sheet.
    await bell(second).click();
    const panel = second.getByRole("dialog", { name: "Notifications" });
    const line = `${nickname} published a new bot: “${first.title}”`;
    const item = panel.getByRole("link", { name: `Unread: ${line}` });
    await expect(item).toBeVisible();
    await expect(item.locator("time")).toHaveText("just now");
    // (Less a classic scroll bar's width, if the browser draws one.)
    if (viewport.width < 640) expect((await panel.boundingBox())?.width).toBeGreaterThan(viewport.width - 20);
    await expectNoAxeViolations(second);

    // Opened: marked read, the count drops (in both tabs), and it leads to the listing.
    await item.click();
    await expect(second).toHaveURL(new RegExp(`/chatbots/${first.id}`));
    await expect(bell(second)).toHaveAccessibleName("Notifications");
    await expect(bell(page)).toHaveAccessibleName("Notifications");

    // Two more: "Mark all read" reads them all.
    const more = [
      await createListing(creator.request, { title: uniqueToken("Second") }),
      await createListing(creator.request, { title: uniqueToken("Third") }),
    ];
    await expect(bell(second)).toHaveAccessibleName("Notifications, 2 unread");
    await bell(second).click();
    await expect(panel.getByRole("link", { name: new RegExp(`^Unread: .*${more[1]!.title}`) })).toBeVisible();
    // Newest first.
    await expect(panel.getByRole("listitem").first()).toContainText(more[1]!.title);
    await panel.getByRole("button", { name: "Mark all read" }).click();
    await expect(panel.getByRole("link", { name: /^Unread:/ })).toHaveCount(0);
    await expect(panel.getByRole("link", { name: line })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();
    // (The page behind the open panel is hidden from assistive technology: the bell is read once it is closed.)
    await second.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bell(second)).toHaveAccessibleName("Notifications");

    // A kind turned off in the dashboard (kept after a reload) no longer notifies.
    await newListings.click();
    await expect(newListings).not.toBeChecked();
    await expect(newListings).toBeEnabled();
    await page.reload();
    await expect(newListings).not.toBeChecked();
    const quiet = await createListing(creator.request, { title: uniqueToken("Quiet") });
    // Made in the listing's own transaction, or not at all: the list already says.
    const list = await page.request.get("/api/user/notifications");
    expect(list.status()).toBe(200);
    const texts = ((await list.json()) as Array<{ text: string }>).map((each) => each.text);
    expect(texts).toHaveLength(3);
    expect(texts.join("\n")).not.toContain(quiet.title);
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    await creator.request.dispose();
  });
}
