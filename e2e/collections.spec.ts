import type { Page } from "@playwright/test";
import { requireDatabase } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

requireDatabase();

/**
 * Issue 38 §2 on the web, at 390 and 1280: a member adds a listing from a card's menu to a collection made in place,
 * adds another from its listing page, sees the private one marked on their profile, reorders the collection with the
 * buttons and makes it public; a visitor (a context of their own) opens the shared link and sees the items in that
 * order with the honest hidden-count line (an NSFW item), the visible feed link, and the collection on the owner's
 * profile. Axe clean on the dialog and the collection page (owner and visitor).
 */

const itemTitles = (page: Page) => page.getByTestId("collection-item").getByRole("heading", { level: 3 });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: make a collection in place, add, reorder, share it with a visitor`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const maker = await newMemberApi();
    const token = uniqueToken("Col");
    const one = await createListing(maker.request, { title: `${token} One` });
    const two = await createListing(maker.request, { title: `${token} Two` });
    const nsfw = await createListing(maker.request, { title: `${token} Spicy`, nsfw: true });
    const owner = await signInMember(page);
    const ownerName = uniqueToken("Curator");
    expect((await page.request.put("/api/user/nickname", { data: { nickname: ownerName } })).status()).toBe(200);
    const name = `${token} Favourites`;

    // From a card's menu: "Add to collection", a new collection made in place (private by default).
    await page.goto(`/profile/${maker.id}`);
    const oneCard = card(page, one.title);
    await oneCard.getByRole("button", { name: `More actions for ${one.title}` }).click();
    await page.getByRole("menuitem", { name: "Add to collection" }).click();
    const dialog = page.getByRole("dialog", { name: "Add to collection" });
    await expect(dialog.getByText("You have no collections yet.")).toBeVisible();
    await dialog.getByLabel("Title").fill(name);
    await expect(dialog.getByRole("checkbox", { name: "Public" })).not.toBeChecked();
    await dialog.getByRole("button", { name: "Create and add" }).click();
    await expect(page.getByText(`Added to “${name}”`)).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: new RegExp(name) })).toBeChecked();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // From the listing page: tick the collection.
    await page.goto(`/chatbots/${two.id}`);
    await page.getByRole("button", { name: "Add to collection" }).click();
    const again = page.getByRole("dialog", { name: "Add to collection" });
    const box = again.getByRole("checkbox", { name: new RegExp(name) });
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(page.getByText(`Added to “${name}”`).first()).toBeVisible();
    await expect(box).toBeChecked();
    await page.keyboard.press("Escape");

    // The NSFW listing through the API (the member's own read names the collection).
    const mine = (await (await page.request.get("/api/user/collections")).json()) as Array<{ id: string }>;
    const id = mine[0]!.id;
    expect((await page.request.put(`/api/user/collections/${id}/items/${nsfw.id}`)).status()).toBe(200);

    // Their own profile lists it, marked Private.
    await page.goto(`/profile/${owner.id}`);
    const tile = page.getByTestId("profile-collections").getByRole("listitem").filter({ hasText: name });
    await expect(tile).toContainText("Private");
    await expect(tile).toContainText("3 chatbots");
    await tile.getByRole("link").click();

    // The collection page: its slug in the address, the title as the served head has it, the owner's order.
    await expect(page).toHaveURL(new RegExp(`/collections/${id}/${token.toLowerCase()}-favourites$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} — Chatbot Gallery`);
    await expect(itemTitles(page)).toHaveText([one.title, two.title, nsfw.title]);
    await page.getByRole("button", { name: `Move “${two.title}” up` }).click();
    await expect(itemTitles(page)).toHaveText([two.title, one.title, nsfw.title]);
    await expect(page.getByRole("status").filter({ hasText: `“${two.title}” moved to place 1` })).toBeAttached();
    await expect(page.getByRole("button", { name: `Move “${two.title}” down` })).toBeFocused();

    // Made public from Edit collection.
    await page.getByRole("button", { name: "Edit collection" }).click();
    const edit = page.getByRole("dialog", { name: "Edit collection" });
    await edit.getByRole("checkbox", { name: "Public" }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Collection saved")).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.locator("header").getByText("Private", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Follow via feed" })).toHaveAttribute(
      "href",
      `/feeds/collections/${id}.atom`,
    );
    await expectNoAxeViolations(page);
    const shared = page.url();

    // A visitor opens the shared link: the SFW items in the owner's order, the NSFW one told as hidden.
    const visitor = await (await browser.newContext({ viewport })).newPage();
    await visitor.goto(shared);
    await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(visitor.getByRole("link", { name: ownerName })).toHaveAttribute("href", `/profile/${owner.id}`);
    const cards = visitor.getByTestId("chatbot-card").getByRole("heading", { level: 3 });
    await expect(cards).toHaveText([two.title, one.title]);
    await expect(visitor.getByTestId("collection-hidden")).toHaveText(
      "1 listing in this collection is hidden by your settings",
    );
    await expect(visitor.getByRole("button", { name: "Edit collection" })).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: `Move “${two.title}” down` })).toHaveCount(0);
    await expect(visitor.getByRole("link", { name: "Follow via feed" })).toBeVisible();
    await expectNoAxeViolations(visitor);

    // ... and finds it on the owner's profile.
    await visitor.goto(`/profile/${owner.id}`);
    const theirs = visitor.getByTestId("profile-collections").getByRole("listitem").filter({ hasText: name });
    await expect(theirs).toContainText("3 chatbots");
    await expect(theirs).not.toContainText("Private");
    await visitor.context().close();
  });
}
