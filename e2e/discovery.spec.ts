// Discovery: sort and tag chips live in the URL; click-outs through the card reach the dashboard's chart.
import { expect, test } from "./support/fixtures";
import { card, cards, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

// A desktop browser's user agent: headless Chromium names itself HeadlessChrome, which is not counted.
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

/** A tag chip's accessible name: the tag (and its count), then its state in words. */
const chipName = (tag: string, state: string) => new RegExp(`^${tag}\\b.*, ${state}$`);

test("sort and tri-state tag chips change the URL, survive a reload and go back", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const tag = uniqueToken("tag");
  await createListing(owner.request, { title: `Alpha ${token}`, tags: [token, tag] });
  await createListing(owner.request, { title: `Beta ${token}`, tags: [token] });

  // Newest asked for: with a term the gallery is by Best match (issue 39), where the two tie.
  await page.goto(`/?search=${token}&sort=newest`);
  await expect(cards(page)).toHaveCount(2);
  // Newest first: Beta was created last.
  await expect(cards(page).first()).toContainText(`Beta ${token}`);

  await page.getByRole("combobox", { name: "Sort" }).selectOption("az");
  await expect(page).toHaveURL(/sort=az/);
  await expect(cards(page).first()).toContainText(`Alpha ${token}`);

  const chip = page.getByRole("button", { name: new RegExp(`^${tag}\\b`) });
  await expect(chip).toHaveAccessibleName(chipName(tag, "not filtered"));
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`tags=${tag}`));
  await expect(chip).toHaveAccessibleName(chipName(tag, "included"));
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, `Alpha ${token}`)).toBeVisible();

  await chip.click();
  await expect(page).toHaveURL(new RegExp(`excludeTags=${tag}`));
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, `Beta ${token}`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("az");
  await expect(page.getByRole("button", { name: chipName(tag, "excluded") })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, `Beta ${token}`)).toBeVisible();

  await page.goBack();
  await expect(page.getByRole("button", { name: chipName(tag, "included") })).toBeVisible();
  await expect(card(page, `Alpha ${token}`)).toBeVisible();
});

test("click-outs through the card show in the dashboard's chart", async ({ page, context }) => {
  await signInMember(page);
  const token = uniqueToken();
  const listing = await createListing(page.request, {
    title: `Counted ${token}`,
    polybuzzCid: "pb-counted",
    polybuzzUrl: "https://polybuzz.ai/counted",
    roleplayaCid: "rp-counted",
    roleplayaUrl: "https://roleplaya.com/counted",
  });
  // The platforms themselves are not reached: the redirect's target is answered here.
  await context.route(/^https:\/\/(polybuzz\.ai|roleplaya\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>platform</title>" }),
  );

  await page.goto(`/?search=${token}`);
  const botCard = card(page, listing.title);
  const clickOut = async (name: string, url: string) => {
    const opened = page.waitForEvent("popup");
    await botCard.getByRole("link", { name }).click();
    const popup = await opened;
    await expect(popup).toHaveURL(url);
    await popup.close();
  };
  await clickOut("Polybuzz", "https://polybuzz.ai/counted");
  // The same visitor again on the same day counts once.
  await clickOut("Polybuzz", "https://polybuzz.ai/counted");
  await clickOut("Roleplaya", "https://roleplaya.com/counted");

  // Counts are written in batches (about a second): wait until the api has them, then open the dashboard.
  await expect
    .poll(async () => ((await (await page.request.get("/api/user/stats")).json()) as { totals: object }).totals, {
      timeout: 30_000,
    })
    .toMatchObject({ views: 0, polybuzz: 1, roleplaya: 1 });
  await page.goto("/dashboard");
  const account = page.getByRole("figure", { name: "All listings" });
  await expect(account.getByTestId("total-polybuzz")).toHaveText("1");
  await expect(account.getByTestId("total-roleplaya")).toHaveText("1");
  await expect(account.getByTestId("total-views")).toHaveText("0");
  await expect(page.getByTestId("stat-Click-outs (30 days)")).toHaveText("2");
  const row = page.getByRole("figure", { name: listing.title });
  await expect(row.getByTestId("total-polybuzz")).toHaveText("1");
  await expect(row.getByTestId("sparkline-canvas").locator("canvas")).toBeVisible();
});

test("a listing page counts one view per visitor and day", async ({ page }) => {
  // The owner's own visits are not views (e2e/chart.spec.ts): the page is opened by someone else.
  const owner = await newMemberApi();
  const listing = await createListing(owner.request, { title: `Viewed ${uniqueToken()}` });
  const heading = page.getByRole("heading", { level: 1, name: listing.title });
  await page.goto(`/chatbots/${listing.id}`);
  await expect(heading).toBeVisible();
  await page.reload();
  await expect(heading).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await owner.request.get("/api/user/stats")).json()) as { totals: { views: number } }).totals.views,
      { timeout: 30_000 },
    )
    .toBe(1);
  await owner.request.dispose();
});
