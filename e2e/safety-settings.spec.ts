// Issue 13 items 3 and 4: a member's safety settings saved in the dashboard and enforced by the server.
// The tag blocklist takes listings out of the gallery and a profile (a direct link says why and shows it
// once); Blur shows the server's blurred image and requests the original only after the click.
import { expect, test } from "./support/fixtures";
import { card, cards, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

const toast = (page: import("@playwright/test").Page, text: string) =>
  page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test("a blocklist saved in the dashboard takes listings out of the gallery and a profile", async ({ page }) => {
  const token = uniqueToken("safe");
  const blocked = uniqueToken("Gore");
  const creator = await newMemberApi();
  await createListing(creator.request, { title: `${token} Calm`, tags: ["cosy"] });
  const grim = await createListing(creator.request, { title: `${token} Grim`, tags: [blocked, "cosy"] });
  await signInMember(page);

  await page.goto(`/?search=${token}`);
  await expect(cards(page)).toHaveCount(2);

  await page.goto("/dashboard");
  const settings = page.getByRole("form", { name: "Safety settings" });
  await expect(settings.getByLabel("Blocked tags")).toBeEnabled();
  // Any case: the blocklist is compared case-insensitively.
  await settings.getByLabel("Blocked tags").fill(`horror, ${blocked.toUpperCase()}`);
  await settings.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Safety settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Safety settings" }).getByLabel("Blocked tags")).toHaveValue(
    `horror, ${blocked.toLowerCase()}`,
  );

  await page.goto(`/?search=${token}`);
  await expect(card(page, `${token} Calm`)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, `${token} Grim`)).toHaveCount(0);

  await page.goto(`/profile/${creator.id}`);
  await expect(card(page, `${token} Calm`)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);

  // A direct link says why, and shows the listing once when asked.
  await page.goto(`/chatbots/${grim.id}`);
  await expect(page.getByRole("heading", { name: "Hidden listing" })).toBeVisible();
  await expect(page.getByText("This listing is hidden by your blocklist.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Show once" }).click();
  await expect(page.getByRole("heading", { name: `${token} Grim`, level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Hidden listing" })).toBeVisible();
  await creator.request.dispose();
});

test("Blur: the server's blurred image, and the original requested only after the click", async ({ page }) => {
  const token = uniqueToken("blur");
  const creator = await newMemberApi();
  const spicy = await createListing(creator.request, { title: `${token} Spicy`, nsfw: true });
  await signInMember(page);
  const saved = await page.request.put("/api/user/settings", { data: { blockedTags: [], nsfwDisplay: "blur" } });
  expect(saved.status()).toBe(200);

  const originals = [spicy.imageUrl, spicy.thumbnailUrl];
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));

  await page.goto(`/?search=${token}`);
  const spicyCard = card(page, `${token} Spicy`);
  const image = spicyCard.getByRole("img", { name: `${token} Spicy` });
  await expect(image).toHaveAttribute("src", /^https?:\/\/[^/]+\/images\/blurred\/nsfw-[a-f0-9]{64}\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(spicyCard.getByText("Click to reveal")).toBeVisible();
  expect(requested.filter((url) => originals.includes(url))).toEqual([]);
  // The page's data never names the original but in the reveal fields.
  expect(await page.locator(`img[src="${spicy.thumbnailUrl}"], img[src="${spicy.imageUrl}"]`).count()).toBe(0);

  const original = page.waitForRequest((request) => request.url() === spicy.thumbnailUrl);
  await spicyCard.getByRole("button", { name: `Click to reveal NSFW image of ${token} Spicy` }).click();
  await original;
  await expect(image).toHaveAttribute("src", spicy.thumbnailUrl);
  await expect(spicyCard.getByText("Click to reveal")).toHaveCount(0);

  // The listing's page is blurred too until revealed.
  requested.length = 0;
  await page.goto(`/chatbots/${spicy.id}`);
  const pageImage = page.getByRole("img", { name: `${token} Spicy` });
  await expect(pageImage).toHaveAttribute("src", /^https?:\/\/[^/]+\/images\/blurred\//);
  await expect(page.getByRole("button", { name: `Click to reveal NSFW image of ${token} Spicy` })).toBeVisible();
  expect(requested.filter((url) => url === spicy.imageUrl)).toEqual([]);
  await creator.request.dispose();
});
