// Importing a Tavern character card in the create dialog (issue 24): dropped or picked, it prefills the form.
import { cardV3, pngCard } from "../apps/api/test/support/character-cards";
import { CHARACTER_CARD_MESSAGES } from "../packages/schema/src/character-card";
import { expect, test } from "./support/fixtures";
import { card, searchGallery, signInMember, uniqueToken } from "./support/listings";

test("a creator imports a character card into the create dialog, checks it and saves", async ({ page }) => {
  await signInMember(page);
  const token = uniqueToken();
  const name = `Ålfhild 雪 ${token}`;
  await page.goto("/");
  await page.getByRole("button", { name: "Add Chatbot" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Chatbot" });
  const importer = dialog.getByRole("region", { name: "Import a character card" });

  // A dropped file that is not a card: said so, nothing filled in.
  const notACard = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["hello"], "notes.json", { type: "application/json" }));
    return transfer;
  });
  await importer.dispatchEvent("drop", { dataTransfer: notACard });
  await expect(importer.getByRole("alert")).toHaveText(CHARACTER_CARD_MESSAGES.unreadable);
  await expect(dialog.getByLabel("Title")).toHaveValue("");

  // A V3 PNG card through the picker: its fields and its art prefilled.
  const png = await pngCard(
    cardV3({
      name,
      description: "A dragon of the north.",
      creator_notes: "Ride with her 🐉\nmore notes",
      tags: [token, "fantasy"],
    }),
  );
  const chooser = page.waitForEvent("filechooser");
  await importer.getByRole("button", { name: "Import a character card" }).click();
  await (await chooser).setFiles({ name: "alf.png", mimeType: "image/png", buffer: png });
  await expect(importer.getByRole("status")).toContainText(`Imported “${name}”`);
  await expect(importer.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByLabel("Title")).toHaveValue(name);
  await expect(dialog.getByLabel("Tagline")).toHaveValue("Ride with her 🐉");
  // The creator's notes are the public text; the card's description (its definition) stays private (issue 39 §2).
  await expect(dialog.getByLabel("Description")).toHaveValue("Ride with her 🐉\nmore notes");
  await expect(dialog.getByLabel("Tags")).toHaveValue(`${token}, fantasy`);
  await expect(dialog.getByRole("img", { name: "New image preview" })).toBeVisible();

  await dialog.getByRole("button", { name: "Create Chatbot" }).click();
  await expect(page.getByText("Chatbot created successfully!")).toBeVisible();
  await searchGallery(page, token);
  await expect(card(page, name).getByText("Ride with her 🐉")).toBeVisible();
});
