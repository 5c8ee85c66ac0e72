// Browse page: the gallery for visitors and members, search (page and nav bar), filters, the card.
import { expect, test } from "./support/fixtures";
import { card, cards, createListing, newMemberApi, searchGallery, signInMember, uniqueToken } from "./support/listings";

test("a visitor browses and searches the gallery, and opens an image full size", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const luna = await createListing(owner.request, {
    title: `Luna ${token}`,
    tags: [token, "fantasy", "moon", "stars", "night"],
    polybuzzCid: "pb-123456789-abcdef",
    polybuzzUrl: "https://polybuzz.ai/luna",
  });
  await createListing(owner.request, {
    title: `Rex ${token}`,
    tags: [token],
    roleplayaCid: "rp-1",
    roleplayaUrl: "https://roleplaya.com/rex",
    polybuzzCid: "pb-2",
  });

  await page.goto(`/?search=${token}`);
  await expect(page.getByRole("heading", { name: "Discover Amazing AI Chatbots" })).toBeVisible();
  await expect(page.getByPlaceholder("Search by creator, tags, or bot name...")).toHaveValue(token);
  await expect(page.getByText("SFW Only (Sign in to view all content)")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Content" })).toHaveCount(0);
  await expect(page.getByText("2 bots")).toBeVisible();
  await expect(cards(page)).toHaveCount(2);

  const lunaCard = card(page, luna.title);
  await expect(lunaCard.getByText("SFW", { exact: true })).toBeVisible();
  await expect(lunaCard.getByText("+2")).toBeVisible();
  await expect(lunaCard.getByText("1 platform")).toBeVisible();
  await expect(card(page, `Rex ${token}`).getByText("2 platforms")).toBeVisible();
  await expect(lunaCard.getByText("pb-123456789-abcdef")).toBeVisible();
  const platformLink = lunaCard.getByRole("link", { name: "Polybuzz" });
  // Through the api's counted redirect (e2e/discovery.spec.ts follows it).
  await expect(platformLink).toHaveAttribute("href", `/go/${luna.id}/polybuzz`);
  await expect(platformLink).toHaveAttribute("target", "_blank");
  await expect(platformLink).toHaveAttribute("rel", /noopener/);
  await expect(lunaCard.getByRole("link", { name: /Unknown User|@/ })).toHaveAttribute("href", `/profile/${owner.id}`);

  // The grid shows the thumbnail with its size reserved; the modal shows the original.
  const thumbnail = lunaCard.getByRole("img", { name: luna.title });
  await expect(thumbnail).toHaveAttribute("src", luna.thumbnailUrl);
  await expect(thumbnail).toHaveAttribute("width", /\d+/);
  await expect(thumbnail).toHaveAttribute("height", /\d+/);
  await lunaCard.getByRole("button", { name: `View image of ${luna.title}` }).click();
  const modal = page.getByRole("dialog", { name: luna.title });
  await expect(modal.getByRole("img", { name: luna.title })).toHaveAttribute("src", luna.imageUrl);
  await page.keyboard.press("Escape");

  // Typing narrows the results (debounced) and keeps the address in step.
  await searchGallery(page, `luna ${token}`);
  await expect(page.getByText("1 bot", { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page).toHaveURL(/search=luna/);

  await searchGallery(page, `${token}-nothing`);
  await expect(page.getByText("No chatbots found")).toBeVisible();
  await expect(page.getByText(/adjusting your search or filters, or create a new chatbot/)).toBeVisible();
});

test("searching from the nav bar opens the gallery with the term", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `Nav ${token}`, tags: [token] });

  await page.goto("/");
  // On the gallery, whose own search box is in sight, the header's waits behind its button (one box at a time).
  await page.getByRole("button", { name: "Open search" }).click();
  const navSearch = page.getByPlaceholder("Search chatbots...");
  await navSearch.fill("   ");
  await navSearch.press("Enter");
  await expect(page).not.toHaveURL(/search=/);

  await navSearch.fill(token);
  await navSearch.press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?search=${token}`));
  await expect(page.getByPlaceholder("Search by creator, tags, or bot name...")).toHaveValue(token);
  await expect(card(page, `Nav ${token}`)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
});

test("a member filters by platform and content, and Clear resets everything", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `Poly ${token}`, tags: [token], polybuzzCid: "p1" });
  await createListing(owner.request, { title: `Role ${token}`, tags: [token], roleplayaCid: "r1", nsfw: true });
  await signInMember(page);

  await page.goto(`/?search=${token}`);
  await expect(page.getByText("SFW Only (Sign in to view all content)")).toHaveCount(0);
  await expect(page.getByText("2 bots")).toBeVisible();

  await page.getByRole("combobox", { name: "Platform" }).selectOption({ label: "Roleplaya" });
  await expect(page.getByText("1 bot", { exact: true })).toBeVisible();
  await expect(card(page, `Role ${token}`)).toBeVisible();
  await expect(card(page, `Poly ${token}`)).toHaveCount(0);

  await page.getByRole("combobox", { name: "Content" }).selectOption({ label: "SFW Only" });
  await expect(page.getByText("No chatbots found")).toBeVisible();

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByPlaceholder("Search by creator, tags, or bot name...")).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveValue("all");
  await expect(page.getByRole("combobox", { name: "Content" })).toHaveValue("all");
  await expect(page).not.toHaveURL(/search=/);
});

test("visitors see SFW listings only; members see NSFW ones, SFW too with 'NSFW Included'", async ({
  page,
  browser,
}) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `Safe ${token}`, tags: [token] });
  await createListing(owner.request, { title: `Spicy ${token}`, tags: [token], nsfw: true });

  await page.goto(`/?search=${token}`);
  await expect(card(page, `Safe ${token}`)).toBeVisible();
  await expect(page.getByText("1 bot", { exact: true })).toBeVisible();
  await expect(card(page, `Spicy ${token}`)).toHaveCount(0);

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInMember(member);
  await member.goto(`/?search=${token}`);
  await expect(member.getByText("2 bots")).toBeVisible();
  // 'NSFW Included' is what it says: SFW and NSFW listings (docs/listings.md); SFW Only leaves NSFW out.
  await member.getByRole("combobox", { name: "Content" }).selectOption({ label: "NSFW Included" });
  await expect(card(member, `Spicy ${token}`).getByText("NSFW", { exact: true })).toBeVisible();
  await expect(card(member, `Safe ${token}`)).toBeVisible();
  await expect(member.getByText("2 bots")).toBeVisible();
  await member.getByRole("combobox", { name: "Content" }).selectOption({ label: "SFW Only" });
  await expect(card(member, `Spicy ${token}`)).toHaveCount(0);
  await expect(member.getByText("1 bot", { exact: true })).toBeVisible();
  await memberContext.close();
});

test("a visitor's card never shows an NSFW image: 'Sign in to view' and a sign-in modal", async ({ page }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const listing = await createListing(owner.request, { title: `Hidden ${token}`, tags: [token] });
  // The server never sends visitors NSFW listings; mark this one NSFW in the response (as a stale cache after a
  // sign-out would hold it) to check the card's own guard.
  await page.route(
    (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("chatbots.list"),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Array<{ result?: { data?: { items?: Array<{ nsfw: boolean }> } } }>;
      for (const entry of body) for (const item of entry.result?.data?.items ?? []) item.nsfw = true;
      await route.fulfill({ response, json: body });
    },
  );
  const imageRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/images/")) imageRequests.push(request.url());
  });

  await page.goto(`/?search=${token}`);
  const hidden = card(page, listing.title);
  await expect(hidden.getByText("NSFW", { exact: true })).toBeVisible();
  await expect(hidden.getByText("Sign in to view")).toBeVisible();
  await expect(hidden.getByRole("img", { name: listing.title })).toHaveCount(0);

  await hidden.getByRole("button", { name: `View image of ${listing.title}` }).click();
  const modal = page.getByRole("dialog", { name: listing.title });
  await expect(modal.getByText("Sign in to view NSFW content")).toBeVisible();
  await expect(modal.getByRole("img")).toHaveCount(0);
  await expect(modal.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
  expect(imageRequests).toEqual([]);
});

test("a platform identifier is copied to the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `Copy ${token}`, tags: [token], polybuzzCid: `cid-${token}` });

  await page.goto(`/?search=${token}`);
  await card(page, `Copy ${token}`).getByRole("button", { name: "Copy Polybuzz ID" }).click();
  await expect(page.getByText("Copied!")).toBeVisible();
  await expect(page.getByText("Polybuzz ID copied to clipboard")).toBeVisible();
  expect(
    await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    ),
  ).toBe(`cid-${token}`);
});

test("scrolling to the end loads the next page", async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await newMemberApi();
  const token = uniqueToken();
  const total = 27;
  for (let start = 0; start < total; start += 9) {
    await Promise.all(
      Array.from({ length: Math.min(9, total - start) }, (_, i) =>
        createListing(owner.request, { title: `Page ${token} ${start + i}`, tags: [token] }),
      ),
    );
  }

  await page.goto(`/?search=${token}`);
  await expect(page.getByText(`${total} bots`)).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  await page.getByTestId("load-more-marker").scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(total);
});

test("the filters live in the URL: shareable, kept on reload, restored by back", async ({ page, browser }) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  await createListing(owner.request, { title: `Poly ${token}`, tags: [token], polybuzzCid: "p1" });
  await createListing(owner.request, { title: `Role ${token}`, tags: [token], roleplayaCid: "r1", nsfw: true });
  await signInMember(page);

  await page.goto("/");
  await searchGallery(page, token);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${token}`));
  await expect(page.getByText("2 bots")).toBeVisible();

  await page.getByRole("combobox", { name: "Platform" }).selectOption({ label: "Roleplaya" });
  await expect(page).toHaveURL(/[?&]platform=roleplaya/);
  await page.getByRole("combobox", { name: "Content" }).selectOption({ label: "NSFW Included" });
  await expect(page).toHaveURL(/[?&]content=nsfw/);
  await expect(page.getByText("1 bot", { exact: true })).toBeVisible();
  await expect(card(page, `Role ${token}`)).toBeVisible();

  // A reload (or the same URL shared) shows the same view.
  await page.reload();
  await expect(page.getByPlaceholder("Search by creator, tags, or bot name...")).toHaveValue(token);
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveValue("roleplaya");
  await expect(page.getByRole("combobox", { name: "Content" })).toHaveValue("nsfw");
  await expect(page.getByText("1 bot", { exact: true })).toBeVisible();

  // Back restores the previous filters, step by step.
  await page.goBack();
  await expect(page).not.toHaveURL(/content=/);
  await expect(page.getByRole("combobox", { name: "Content" })).toHaveValue("all");
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveValue("roleplaya");
  await page.goBack();
  await expect(page).not.toHaveURL(/platform=/);
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveValue("all");
  await expect(page.getByText("2 bots")).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveValue("roleplaya");

  // A visitor opening a member's URL gets the visitors' view: no content select, SFW listings only.
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  await shared.goto(`/?search=${token}&content=nsfw`);
  await expect(shared.getByRole("combobox", { name: "Content" })).toHaveCount(0);
  await expect(card(shared, `Poly ${token}`)).toBeVisible();
  await expect(card(shared, `Role ${token}`)).toHaveCount(0);
  await visitor.close();
});
