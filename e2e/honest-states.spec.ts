// Issue 27 item 3 (honest states) and route titles: a dead /go link and a refused picture are pages of the app
// with a way back (JSON for API clients); the Saved page says when the member's own settings hide saves; the
// empty Following view offers creators to follow and no gallery-wide tag counts; every route has its own title.
import { signInAs } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

test.describe("dead links and refused pages", () => {
  test("a /go link to a listing that is gone is a page with a way back; an API client gets JSON", async ({ page }) => {
    const response = await page.goto(`/go/${UNKNOWN_ID}/polybuzz`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(page.getByText("The chatbot it pointed to was removed or is no longer listed.")).toBeVisible();
    await expect(page).toHaveTitle("This link no longer works — Chatbot Gallery");
    const api = await page.request.get(`/go/${UNKNOWN_ID}/polybuzz`, {
      headers: { accept: "application/json" },
      maxRedirects: 0,
    });
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ message: "Chatbot not found" });
    await page.getByRole("link", { name: "Back to Browse" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Discover Amazing AI Chatbots" })).toBeVisible();
  });

  test("a /go link to a platform the listing is not on leads back to the listing", async ({ page }) => {
    const creator = await newMemberApi();
    const title = uniqueToken("Dead");
    const listing = await createListing(creator.request, {
      title,
      polybuzzCid: "pb-dead",
      polybuzzUrl: "https://polybuzz.ai/c/dead",
    });
    const response = await page.goto(`/go/${listing.id}/roleplaya`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(page.getByText(`“${title}” is no longer on Roleplaya.`)).toBeVisible();
    await page.getByRole("link", { name: `Back to ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/chatbots/${listing.id}`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await creator.request.dispose();
  });

  test("a picture that is not there, opened in a tab, is a page with a way back", async ({ page }) => {
    const response = await page.goto("/images/chatbots/nothing-here.webp");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Picture not available" })).toBeVisible();
    const main = page.locator("#main");
    await expect(main.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
    await expect(main.getByRole("link", { name: "Back to Browse" })).toBeVisible();
    await expect(page).toHaveTitle("Picture not available — Chatbot Gallery");
  });
});

test.describe("empty states that say why", () => {
  test("Saved says how many saves the member's settings hide, shows them on asking, and links to the settings", async ({
    page,
  }) => {
    const creator = await newMemberApi();
    const blockedTag = uniqueToken("tag").toLowerCase();
    const hiddenTitle = uniqueToken("Hidden");
    const shownTitle = uniqueToken("Shown");
    const hidden = await createListing(creator.request, { title: hiddenTitle, tags: [blockedTag] });
    const shown = await createListing(creator.request, { title: shownTitle });
    await signInMember(page);
    for (const listing of [hidden, shown]) {
      expect((await page.request.put(`/api/user/favorites/${listing.id}`)).status()).toBe(200);
    }
    const settings = await page.request.put("/api/user/settings", {
      data: { blockedTags: [blockedTag], nsfwDisplay: "show" },
    });
    expect(settings.status()).toBe(200);

    await page.goto("/saved");
    await expect(card(page, shownTitle)).toBeVisible();
    await expect(page.getByText("Your settings hide 1 saved listing")).toBeVisible();
    await expect(card(page, hiddenTitle)).toHaveCount(0);
    await page.getByRole("link", { name: "Show them" }).click();
    await expect(page).toHaveURL(/\/saved\?show=hidden$/);
    await expect(card(page, hiddenTitle)).toBeVisible();
    await expect(page.getByText("Showing 1 saved listing your settings hide")).toBeVisible();
    await page.getByRole("link", { name: "Hide them again" }).click();
    await expect(card(page, hiddenTitle)).toHaveCount(0);

    // Only hidden saves left: the page says so instead of "No saved chatbots yet".
    expect((await page.request.delete(`/api/user/favorites/${shown.id}`)).status()).toBe(200);
    await page.reload();
    await expect(page.getByText("Your settings hide 1 saved listing")).toBeVisible();
    await expect(page.getByText("No saved chatbots yet")).toHaveCount(0);
    await page.getByRole("link", { name: "Change settings" }).click();
    await expect(page).toHaveURL(/\/dashboard#safety-settings$/);
    await expect(page.locator("#safety-settings")).toBeInViewport();
    await creator.request.dispose();
  });

  test("the empty Following view shows no gallery tag counts and offers popular creators to follow", async ({
    page,
  }) => {
    const creator = await newMemberApi();
    await createListing(creator.request, { title: uniqueToken("Popular"), tags: ["fantasy"] });
    await signInMember(page);
    await page.goto("/?view=following");
    await expect(page.getByRole("heading", { name: "Follow creators to see their new listings here" })).toBeVisible();
    await expect(page.getByText("0 bots").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(0);
    const suggestions = page.getByRole("list", { name: "Creators to follow" }).getByRole("listitem");
    await expect(suggestions.first()).toBeVisible();
    // Following one fills the view with their listings (and its own tags).
    await suggestions
      .first()
      .getByRole("button", { name: /^Follow / })
      .click();
    await expect(page.getByTestId("chatbot-card").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Follow creators to see their new listings here" })).toHaveCount(0);
    await creator.request.dispose();
  });
});

test.describe("titles", () => {
  test("every route has its own title, in the browser and in the served head", async ({ page }) => {
    await page.goto("/auth");
    await expect(page).toHaveTitle("Sign In — Chatbot Gallery");
    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expect(page).toHaveTitle("Create Account — Chatbot Gallery");
    await page.goto("/?tags=fantasy");
    await expect(page).toHaveTitle("Tagged fantasy — Chatbot Gallery");
    const served = await (await page.request.get("/?tags=fantasy,romance")).text();
    expect(served).toContain("<title>Tagged fantasy, romance — Chatbot Gallery</title>");

    const admin = await signInAs(page, "admin");
    const creator = await newMemberApi();
    const series = uniqueToken("Saga");
    await createListing(creator.request, { title: uniqueToken("Part"), storySeries: series });
    for (const [path, title] of [
      ["/dashboard", "My Dashboard"],
      ["/admin", "Admin Panel"],
      [`/series/${series}/${creator.id}`, `Series: ${series}`],
      ["/?view=following", "Following"],
      ["/?view=following&tags=fantasy", "Following · Tagged fantasy"],
      ["/saved", "Saved"],
      [`/profile/${admin.id}/nope`, "Page Not Found"],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${title} — Chatbot Gallery`);
    }
    await creator.request.dispose();
  });
});
