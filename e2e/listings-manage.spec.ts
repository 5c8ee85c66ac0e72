// Creating, editing and deleting listings (dialogs) and the dashboard's list with its filters.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { card, createListing, PNG, searchGallery, signInMember, uniqueToken } from "./support/listings";

const rows = (page: Page) => page.getByTestId("my-chatbot");
const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);

test("a member creates a listing with an image through the dialog", async ({ page }) => {
  await signInMember(page);
  const token = uniqueToken();
  const title = `Created ${token}`;
  await page.goto("/");
  await page.getByRole("button", { name: "Add Chatbot" }).click();

  const dialog = page.getByRole("dialog", { name: "Add New Chatbot" });
  for (const section of ["Basic Information", "Platform Links", "Content & Image"]) {
    await expect(dialog.getByRole("group", { name: section })).toBeVisible();
  }
  await expect(dialog.getByText("512 x 1024 recommended")).toBeVisible();

  // Client checks: required title, URL fields, the image's type (an alert of spec section 5).
  await dialog.getByRole("button", { name: "Create Chatbot" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Please choose an image for your chatbot.")).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Polybuzz URL").fill("not a url");
  await dialog.getByRole("button", { name: "Create Chatbot" }).click();
  await expect(dialog.getByText("Must be a valid URL")).toBeVisible();

  // The alert blocks the change event until it is answered: answer it from the handler.
  const alerts: string[] = [];
  page.once("dialog", (alert) => {
    alerts.push(alert.message());
    void alert.accept();
  });
  await dialog
    .locator("#chatbot-image")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  expect(alerts).toEqual(["Please select an image file."]);
  page.once("dialog", (alert) => {
    alerts.push(alert.message());
    void alert.accept();
  });
  await dialog
    .locator("#chatbot-image")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  expect(alerts).toEqual(["Please select an image file.", "Image size must be less than 5MB."]);
  await expect(dialog.getByRole("img", { name: "New image preview" })).toHaveCount(0);

  await dialog.getByLabel("Tags").fill(`${token}, fantasy , , moon`);
  await dialog.getByLabel("Story Series").fill(`Saga ${token}`);
  await dialog.getByLabel("Polybuzz ID").fill("pb-created");
  await dialog.getByLabel("Polybuzz URL").fill("https://polybuzz.ai/created");
  await dialog.getByRole("radio", { name: "NSFW", exact: true }).check();
  await dialog.locator("#chatbot-image").setInputFiles({ name: "bot.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByRole("img", { name: "New image preview" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Chatbot" }).click();

  await expect(page.getByText("Chatbot created successfully!")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await searchGallery(page, token);
  const created = card(page, title);
  await expect(created.getByText("NSFW", { exact: true })).toBeVisible();
  await expect(created.getByText("fantasy")).toBeVisible();
  await expect(created.getByRole("link", { name: `Saga ${token}` })).toBeVisible();
});

test("the creator chooses the picture's focal point: by a click on it or the sliders, and the card's crop follows", async ({
  page,
}) => {
  await signInMember(page);
  const title = `Focus ${uniqueToken()}`;
  await page.goto("/");
  await page.getByRole("button", { name: "Add Chatbot" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Chatbot" });
  await dialog.getByLabel("Title").fill(title);
  await expect(dialog.getByRole("group", { name: "Focal point" })).toHaveCount(0);
  await dialog.locator("#chatbot-image").setInputFiles({ name: "bot.png", mimeType: "image/png", buffer: PNG });
  const focus = dialog.getByRole("group", { name: "Focal point" });
  // A click at the picture's left edge, a quarter down.
  const picker = focus.getByRole("button", { name: "Set the focal point where you click" });
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: 1, y: box.height / 4 } });
  await expect(focus.getByLabel("Left to right")).toHaveValue(/^[0-2]$/);
  // The keyboard: the slider to its end.
  await focus.getByLabel("Top to bottom").focus();
  await page.keyboard.press("End");
  await expect(focus.getByLabel("Top to bottom")).toHaveValue("100");
  await dialog.getByRole("button", { name: "Create Chatbot" }).click();
  await expect(page.getByText("Chatbot created successfully!")).toBeVisible();

  await searchGallery(page, title);
  const picture = card(page, title).getByRole("img", { name: title });
  await expect(picture).toHaveCSS("object-position", /^[0-2](\.\d+)?% 100%$/);
});

test("the dialog cannot be closed while the save is in flight", async ({ page }) => {
  await signInMember(page);
  const title = `Slow ${uniqueToken()}`;
  // Hold the upload until the test has tried to close the dialog.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/trpc/chatbots.create*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add New" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Chatbot" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.locator("#chatbot-image").setInputFiles({ name: "bot.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByRole("button", { name: "Create Chatbot" }).click();

  await expect(dialog.getByRole("button", { name: "Creating..." })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5); // outside the dialog
  // A dialog that closes turns data-state "closed" at once (then plays its exit animation): two frames
  // after the events, the page has rendered their outcome, so "open" now means it stayed open.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(dialog).toHaveAttribute("data-state", "open");

  release();
  await expect(page.getByText("Chatbot created successfully!")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("my-chatbot").filter({ hasText: title })).toBeVisible();
});

test("the dashboard lists a member's listings with stats, search and series filters", async ({ page }) => {
  await signInMember(page);
  const token = uniqueToken();
  await createListing(page.request, {
    title: `Alpha ${token}`,
    tags: ["dragon", "fire", "epic"],
    storySeries: "Zeta Saga",
    polybuzzCid: "p1",
  });
  await createListing(page.request, {
    title: `Beta ${token}`,
    tags: ["ocean"],
    storySeries: "Alpha Saga",
    roleplayaCid: "r1",
    nsfw: true,
  });
  await createListing(page.request, {
    title: `Gamma ${token}`,
    tags: ["Dragon"],
    storySeries: "Zeta Saga",
    polybuzzCid: "p2",
  });

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "My Dashboard" })).toBeVisible();
  await expect(page.getByText("Manage your chatbots and track performance")).toBeVisible();
  await expect(stat(page, "My Chatbots")).toHaveText("3");
  await expect(stat(page, "Series Created")).toHaveText("2");
  await expect(stat(page, "Platforms Used")).toHaveText("2");
  await expect(rows(page)).toHaveCount(3);
  for (const column of ["Chatbot", "Series", "Platforms", "Content", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const alpha = rows(page).filter({ hasText: `Alpha ${token}` });
  await expect(alpha.getByText("+1")).toBeVisible();
  await expect(alpha.getByText("Polybuzz")).toBeVisible();
  await expect(
    rows(page)
      .filter({ hasText: `Beta ${token}` })
      .getByText("NSFW", { exact: true }),
  ).toBeVisible();

  // Series dropdown: 'All Series' plus the sorted distinct series.
  const series = page.getByRole("combobox", { name: "Series" });
  await expect(series.locator("option")).toHaveText(["All Series", "Alpha Saga", "Zeta Saga"]);

  const search = page.getByPlaceholder("Search by bot name or tag...");
  await search.fill("DRAGON");
  await expect(rows(page)).toHaveCount(2);
  await series.selectOption("Zeta Saga");
  await expect(rows(page)).toHaveCount(2);
  await search.fill("gamma");
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Clear Filters" })).toHaveCount(0);

  await search.fill("no such bot");
  await expect(page.getByText("No matching chatbots")).toBeVisible();
  await page.getByRole("button", { name: "Clear Search" }).click();
  await expect(rows(page)).toHaveCount(3);
});

test("a member edits a listing and deletes it after confirming", async ({ page }) => {
  await signInMember(page);
  const token = uniqueToken();
  await createListing(page.request, { title: `Draft ${token}`, tags: ["one"], storySeries: "Old Saga" });

  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Edit Draft ${token}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Chatbot" });
  await expect(dialog.getByLabel("Title")).toHaveValue(`Draft ${token}`);
  await expect(dialog.getByLabel("Story Series")).toHaveValue("Old Saga");
  await expect(dialog.getByText("(optional)")).toBeVisible();
  await dialog.getByLabel("Title").fill(`Final ${token}`);
  await dialog.getByLabel("Story Series").fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Chatbot updated successfully!")).toBeVisible();
  const row = rows(page).filter({ hasText: `Final ${token}` });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText("-");

  await row.getByRole("button", { name: `Delete Final ${token}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Chatbot" });
  await expect(confirm).toContainText(
    `Are you sure you want to delete "Final ${token}"? This action cannot be undone.`,
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Delete Final ${token}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Chatbot deleted successfully!")).toBeVisible();
  await expect(page.getByText("No chatbots yet")).toBeVisible();
  await expect(stat(page, "My Chatbots")).toHaveText("0");
});

test("a new member is invited to create a first listing", async ({ page }) => {
  await signInMember(page);
  await page.goto("/dashboard");
  await expect(page.getByText("No chatbots yet")).toBeVisible();
  await page.getByRole("button", { name: "Create Your First Chatbot" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Chatbot" })).toBeVisible();
});
