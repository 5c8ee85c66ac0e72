// Series page: members only, reached from a card's series link.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { card, cards, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

test("a member opens a series from a card and sees its info cards", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const seriesName = `Tales & Myths ${token}`;
  await createListing(owner.request, {
    title: `First ${token}`,
    tags: [token],
    storySeries: seriesName,
    polybuzzCid: "p1",
  });
  await createListing(owner.request, {
    title: `Second ${token}`,
    tags: [token],
    storySeries: seriesName,
    roleplayaCid: "r1",
    nsfw: true,
  });
  await createListing(owner.request, { title: `Elsewhere ${token}`, tags: [token] });
  await signInMember(page);

  await page.goto(`/?search=${token}`);
  await card(page, `First ${token}`).getByRole("link", { name: seriesName }).click();
  await expect(page).toHaveURL(new RegExp(`/series/[^/]+/${owner.id}$`));
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/series/${seriesName}/${owner.id}`);
  await expect(page.getByRole("heading", { name: seriesName })).toBeVisible();
  await expect(page.getByText(`Series by ${owner.account.email}`)).toBeVisible();
  await expect(page.getByTestId("stat-Chatbots")).toHaveText("2");
  await expect(page.getByTestId("stat-Platforms")).toHaveText("2");
  await expect(page.getByTestId("stat-SFW Chatbots")).toHaveText("1");
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${token}`));
});

test("an unknown series is empty", async ({ page }) => {
  await signInMember(page);
  await page.goto(`/series/Nothing%20Here/${randomUUID()}`);
  await expect(page.getByRole("heading", { name: "Nothing Here" })).toBeVisible();
  await expect(page.getByText("Series by Unknown Creator")).toBeVisible();
  await expect(page.getByText("No chatbots found")).toBeVisible();
});

test("a visitor is sent to sign in", async ({ page }) => {
  await page.goto(`/series/Any/${randomUUID()}`);
  await expect(page).toHaveURL(/\/auth$/);
});
