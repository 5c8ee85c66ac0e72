// Issue 39 §2 and §3 in the browser: the card import dialog says what it took and which of the card's fields it left
// out (the prompt stays private), and the gallery and a profile show a visible "Follow via feed" link whose feeds
// (Atom, RSS 2.0) answer 200 with their content types. At a phone's width (390) and a desktop's (1280).
import { cardV2, pngCard } from "../apps/api/test/support/character-cards";
import { cardImportSummary } from "../packages/schema/src/character-card";
import { FEED_TEXTS } from "../packages/schema/src/feeds";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the import dialog shows what the card gave and what it left out, and never offers the prompt", async ({
      page,
    }) => {
      await signInMember(page);
      const name = `Mira ${uniqueToken()}`;
      await page.goto("/");
      await page.getByRole("button", { name: "Add Chatbot" }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Chatbot" });
      const importer = dialog.getByRole("region", { name: "Import a character card" });

      const png = await pngCard(
        cardV2({
          name,
          description: [
            '[character("Mira") { Personality("SECRET-wpp") }]',
            "{{user}}: SECRET-dialogue hi\n{{char}}: hello",
            "{{char}} has commanded the Starfall for ten years.",
          ].join("\n\n"),
          personality: "SECRET-personality",
          scenario: "SECRET-scenario",
          first_mes: "SECRET-first message",
          mes_example: "<START>\n{{user}}: SECRET-example",
          system_prompt: "SECRET-system",
          tags: ["sci-fi"],
        }),
      );
      const chooser = page.waitForEvent("filechooser");
      await importer.getByRole("button", { name: "Import a character card" }).click();
      await (await chooser).setFiles({ name: "mira.png", mimeType: "image/png", buffer: png });

      const status = importer.getByRole("status");
      await expect(status).toContainText(`Imported “${name}”`);
      const [taken, leftOut] = cardImportSummary({
        descriptionFrom: "description",
        leftOut: ["description", "personality", "scenario", "firstMessage", "exampleMessages", "systemPrompt"],
      });
      await expect(status.getByText(taken!)).toBeVisible();
      await expect(status.getByText(leftOut!)).toBeVisible();
      expect(leftOut).toContain("personality, scenario, first message, example messages and system prompt");

      await expect(dialog.getByLabel("Title")).toHaveValue(name);
      await expect(dialog.getByLabel("Description")).toHaveValue(`${name} has commanded the Starfall for ten years.`);
      await expect(dialog.getByText(/SECRET-/)).toHaveCount(0);
      for (const label of ["Title", "Tagline", "Description", "Tags"]) {
        await expect(dialog.getByLabel(label)).not.toHaveValue(/SECRET-/);
      }
      // The summary fits the dialog's width: nothing runs off a phone's screen.
      const box = (await status.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    });

    test("the gallery and a profile show a visible feed link; its feeds answer 200 as Atom and RSS", async ({
      page,
    }) => {
      const creator = await newMemberApi();
      const title = `Feed ${uniqueToken()}`;
      await createListing(creator.request, { title });

      await page.goto("/");
      const galleryFeed = page.getByRole("link", { name: FEED_TEXTS.follow, exact: true });
      await expect(galleryFeed).toBeVisible();
      await expect(page.getByRole("link", { name: FEED_TEXTS.rssName })).toBeVisible();
      if (viewport.width >= 1280) {
        // On a desktop the link sits on the hero sentence's line: the hero is no taller than before.
        const sentence = (await page.getByText(/^Browse roleplay chatbots/).boundingBox())!;
        expect(sentence.height).toBeLessThan(40);
      }
      const newest = await page.request.get((await galleryFeed.getAttribute("href"))!);
      expect([newest.status(), newest.headers()["content-type"]]).toEqual([200, "application/atom+xml; charset=utf-8"]);
      expect(await newest.text()).toContain(`<title>${title}</title>`);

      await page.goto(`/profile/${creator.id}`);
      const profileFeed = page.getByRole("link", { name: FEED_TEXTS.follow, exact: true });
      await expect(profileFeed).toBeVisible();
      await expect(profileFeed).toHaveAttribute("href", `/feeds/creators/${creator.id}.atom`);
      const rss = page.getByRole("link", { name: FEED_TEXTS.rssName });
      await expect(rss).toBeVisible();
      const creatorRss = await page.request.get((await rss.getAttribute("href"))!);
      expect([creatorRss.status(), creatorRss.headers()["content-type"]]).toEqual([
        200,
        "application/rss+xml; charset=utf-8",
      ]);
      expect(await creatorRss.text()).toContain(`<title>${title}</title>`);
      await creator.request.dispose();
    });
  });
}
