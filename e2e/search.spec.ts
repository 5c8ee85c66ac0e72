// Search that finds (issue 39 §1), as a visitor and as a member, on a phone (390 px) and a desktop (1280 px): Best
// match's order (offered only with a term), a misspelt word, a phrase, an exclusion, the searched words marked on
// cards, and the header's suggestions chosen with the keyboard (a WAI-ARIA combobox, axe-clean while open).
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { card, cards, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

/** Listings with words of their own (a token), created once per viewport. */
async function plant() {
  const owner = await newMemberApi();
  // Letters only, so a misspelling of it is a word the search can correct.
  const t = `q${uniqueToken("").replace(/\d/g, (d) => "abcdefghij"[Number(d)] as string)}`;
  const listings = {
    title: await createListing(owner.request, { title: `${t} Dragon Rider`, tags: ["aerial"] }),
    tagline: await createListing(owner.request, { title: `Sky Warden ${t}`, tagline: "Rides a dragon at dawn" }),
    description: await createListing(owner.request, {
      title: `Old Sailor ${t}`,
      description: "He tells stories about a dragon at sea.",
    }),
    darkKnight: await createListing(owner.request, { title: `Dark Knight ${t}` }),
    brightKnight: await createListing(owner.request, { title: `Bright Knight ${t}` }),
    iceQueen: await createListing(owner.request, { title: `Ice Queen ${t}` }),
    queenOfIce: await createListing(owner.request, { title: `Queen of Ice ${t}` }),
    nsfw: await createListing(owner.request, { title: `Velvet Succubus ${t}`, nsfw: true }),
  };
  await owner.request.dispose();
  return { t, listings };
}

const titles = (page: Page) => cards(page).getByRole("heading").allInnerTexts();

/** The header's search box: inline from 1024 px, behind the search button on a phone. */
async function headerSearch(page: Page) {
  const open = page.getByRole("button", { name: "Open search" });
  if (await open.isVisible()) await open.click();
  return page.getByRole("combobox", { name: "Search chatbots" });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a visitor's search: Best match, a typo, a phrase, an exclusion, marked words; suggestions by keyboard", async ({
      page,
    }) => {
      const { t, listings } = await plant();

      await page.goto(`/?search=${encodeURIComponent(`dragon ${t}`)}`);
      // Title over tagline over description; the NSFW listing never reaches a visitor.
      await expect(cards(page)).toHaveCount(3);
      expect(await titles(page)).toEqual([`${t} Dragon Rider`, `Sky Warden ${t}`, `Old Sailor ${t}`]);
      // The searched words are marked on the cards (not the words of another listing).
      await expect(card(page, `${t} Dragon Rider`).locator("mark")).toHaveText([t, "Dragon"]);
      await expect(card(page, `Sky Warden ${t}`).getByTestId("chatbot-tagline").locator("mark")).toHaveText("dragon");

      // Best match is the default with a term (open the phone's filter sheet to reach the sort).
      const sheet = page.getByRole("button", { name: /^Filters/ });
      if (await sheet.isVisible()) await sheet.click();
      const sort = page.getByRole("combobox", { name: "Sort" });
      await expect(sort).toHaveValue("relevance");
      await expect(sort.locator("option", { hasText: "Best match" })).toHaveCount(1);

      // A misspelt word still finds its listing first.
      const typo = `${t.slice(0, -2)}${t.at(-1)}`;
      await page.goto(`/?search=${encodeURIComponent(`${typo} ridr`)}`);
      await expect(cards(page).first()).toContainText(`${t} Dragon Rider`);

      // A phrase, and an exclusion.
      await page.goto(`/?search=${encodeURIComponent(`"ice queen" ${t}`)}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(card(page, `Ice Queen ${t}`)).toBeVisible();
      await page.goto(`/?search=${encodeURIComponent(`knight ${t} -dark`)}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(card(page, `Bright Knight ${t}`)).toBeVisible();
      expect(listings.darkKnight.id).not.toBe(listings.brightKnight.id);

      // Without a term there is no Best match to choose.
      await page.goto("/");
      if (await sheet.isVisible()) await sheet.click();
      await expect(
        page.getByRole("combobox", { name: "Sort" }).locator("option", { hasText: "Best match" }),
      ).toHaveCount(0);

      // Suggestions as one types: the visitor's are SFW only.
      await page.goto("/");
      const box = await headerSearch(page);
      await box.fill(t);
      const listbox = page.getByRole("listbox", { name: "Suggestions" });
      await expect(listbox).toBeVisible();
      const options = listbox.getByRole("option");
      await expect(options.first()).toBeVisible();
      expect(await options.count()).toBeLessThanOrEqual(8);
      await expect(listbox).not.toContainText("Succubus");
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expectNoAxeViolations(page, "search");

      // Down to the first, up back to the box, Escape closes; down again and Enter opens the chosen title.
      await box.press("ArrowDown");
      const first = options.first();
      await expect(first).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) as string);
      await box.press("ArrowUp");
      await expect(box).not.toHaveAttribute("aria-activedescendant");
      await box.press("Escape");
      await expect(listbox).toBeHidden();
      await box.press("ArrowDown");
      await expect(first).toHaveAttribute("aria-selected", "true");
      const chosen = (await first.locator("span").first().innerText()).trim();
      await box.press("Enter");
      await expect(page).toHaveURL(/\/chatbots\//);
      await expect(page.getByRole("heading", { level: 1, name: chosen })).toBeVisible();
    });

    test("a member's search and suggestions include NSFW listings", async ({ page }) => {
      const { t } = await plant();
      await signInMember(page);
      await page.goto(`/?search=${encodeURIComponent(`succubus ${t}`)}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(card(page, `Velvet Succubus ${t}`).locator("mark")).toHaveCount(2);

      await page.goto("/");
      const box = await headerSearch(page);
      await box.fill(`velvet ${t}`);
      const option = page
        .getByRole("listbox", { name: "Suggestions" })
        .getByRole("option", { name: /Velvet Succubus/ });
      await expect(option).toBeVisible();
      await option.click();
      await expect(page.getByRole("heading", { level: 1, name: `Velvet Succubus ${t}` })).toBeVisible();
    });
  });
}
