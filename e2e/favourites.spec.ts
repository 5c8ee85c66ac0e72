// Favourites and follows (issue 13): save and unsave from a card (heart, count, Saved page), a
// visitor's heart asks them to sign in, and following a creator from their profile fills the
// gallery's Following view.
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

test.describe("favourites", () => {
  test("save and unsave from a card: the heart, its count and the Saved page", async ({ page }) => {
    const creator = await newMemberApi();
    const title = uniqueToken("Heart");
    await createListing(creator.request, { title });
    await signInMember(page);

    await page.goto(`/?search=${title}`);
    const listing = card(page, title);
    const heart = listing.getByRole("button", { name: `Save ${title}` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(listing.getByTestId("favorite-count")).toHaveText("0");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(listing.getByTestId("favorite-count")).toHaveText("1");

    // The Saved page, from the account menu.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Saved" }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(page.getByRole("heading", { name: "Saved Chatbots" })).toBeVisible();
    const savedCard = card(page, title);
    await expect(savedCard.getByTestId("favorite-count")).toHaveText("1");
    await expect(savedCard.getByRole("button", { name: `Save ${title}` })).toHaveAttribute("aria-pressed", "true");
    await savedCard.getByRole("button", { name: `Save ${title}` }).click();
    await expect(page.getByText("No saved chatbots yet")).toBeVisible();
    // The address works on its own too (served by the api, not only routed in the browser).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Saved Chatbots" })).toBeVisible();
    await expect(page.getByText("No saved chatbots yet")).toBeVisible();

    // The gallery shows the count going back down.
    await page.goto(`/?search=${title}`);
    await expect(card(page, title).getByTestId("favorite-count")).toHaveText("0");
    await expect(card(page, title).getByRole("button", { name: `Save ${title}` })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await creator.request.dispose();
  });

  test("a visitor's heart invites them to sign in", async ({ page }) => {
    const creator = await newMemberApi();
    const title = uniqueToken("Visitor");
    await createListing(creator.request, { title });
    await page.goto(`/?search=${title}`);
    await card(page, title)
      .getByRole("button", { name: `Save ${title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Sign in to save chatbots" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
    await page.keyboard.press("Escape");

    // The Following view is a member's: a visitor is invited to sign in instead.
    await page.getByRole("navigation", { name: "Gallery view" }).getByRole("link", { name: "Following" }).click();
    await expect(page.getByText("Sign in to see chatbots from creators you follow")).toBeVisible();
    await expect(page.getByTestId("chatbot-card")).toHaveCount(0);
    await creator.request.dispose();
  });
});

test.describe("following", () => {
  test("follow a creator from their profile and see their listing in the Following view", async ({ page }) => {
    const creator = await newMemberApi();
    const title = uniqueToken("Followed");
    await createListing(creator.request, { title });
    await signInMember(page);

    await page.goto(`/profile/${creator.id}`);
    await expect(page.getByTestId("follower-count")).toHaveText("0 followers");
    await page.getByRole("button", { name: /^Follow / }).click();
    await expect(page.getByRole("button", { name: /^Following / })).toBeVisible();
    await expect(page.getByTestId("follower-count")).toHaveText("1 follower");

    await page.goto("/");
    await page.getByRole("navigation", { name: "Gallery view" }).getByRole("link", { name: "Following" }).click();
    await expect(page).toHaveURL(/[?&]view=following/);
    await expect(card(page, title)).toBeVisible();

    // Unfollowed: the view no longer has it.
    await page.goto(`/profile/${creator.id}`);
    await page.getByRole("button", { name: /^Following / }).click();
    await expect(page.getByTestId("follower-count")).toHaveText("0 followers");
    await page.goto("/?view=following");
    await expect(page.getByText("Follow creators to see their new listings here")).toBeVisible();
    await creator.request.dispose();
  });
});
