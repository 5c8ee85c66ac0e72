// Keyboard users keep their place: every dialog, sheet and menu opens from the keyboard, each of its actions
// is reached with Tab, and when it closes (Escape, or its own close or cancel button) focus is back on the
// button that opened it.
import type { Locator, Page } from "@playwright/test";
import { createListing as createNamedListing, requireDatabase, signInAs } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { createListing, signInMember, uniqueToken } from "./support/listings";

const PHONE = { width: 390, height: 844 };

/** Presses Tab until `target` has focus (at most `limit` times): the target is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

/** Focuses the trigger and opens with Enter. */
async function openWithKeyboard(page: Page, trigger: Locator, opened: Locator) {
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(opened).toBeVisible();
}

/**
 * Opens the dialog from its trigger twice: closes it with Escape, then with `closeButton` (reached with Tab and
 * pressed with Enter); each time the trigger has focus again.
 */
async function expectFocusReturns(
  page: Page,
  { trigger, dialog, closeButton }: { trigger: Locator; dialog: Locator; closeButton: (dialog: Locator) => Locator },
) {
  await openWithKeyboard(page, trigger, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await openWithKeyboard(page, trigger, dialog);
  await tabTo(page, closeButton(dialog));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

const closeX = (dialog: Locator) => dialog.getByRole("button", { name: "Close", exact: true });
const cancel = (dialog: Locator) => dialog.getByRole("button", { name: "Cancel", exact: true });

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the browse page's filter sheet and the nav drawer give focus back to their buttons", async ({ page }) => {
    await page.goto("/");
    const filters = page.getByRole("button", { name: /^Filters/ });
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expectFocusReturns(page, { trigger: filters, dialog: sheet, closeButton: closeX });
    await expectFocusReturns(page, {
      trigger: filters,
      dialog: sheet,
      closeButton: (dialog) => dialog.getByRole("button", { name: /^Show / }),
    });

    // Every filter in the sheet is reached with Tab.
    await openWithKeyboard(page, filters, sheet);
    for (const name of ["Sort", "Platform"]) await tabTo(page, sheet.getByRole("combobox", { name }));
    await tabTo(page, sheet.getByRole("button", { name: /^Show / }));
    await page.keyboard.press("Escape");
    await expect(filters).toBeFocused();

    const menu = page.getByRole("button", { name: "Open menu" });
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await openWithKeyboard(page, menu, drawer);
    await tabTo(page, drawer.getByRole("link", { name: "Browse" }));
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await openWithKeyboard(page, menu, drawer);
    await tabTo(page, closeX(drawer));
    await page.keyboard.press("Enter");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test("a member's avatar menu, create dialog and image modal give focus back", async ({ page }) => {
  await signInMember(page);
  const token = uniqueToken();
  await createListing(page.request, { title: `Focus ${token}` });
  await page.goto(`/?search=${token}`);

  const account = page.getByRole("button", { name: "Account menu" });
  await openWithKeyboard(page, account, page.getByRole("menu"));
  // Opened from the keyboard, the menu focuses its first item; the arrow keys reach the others.
  await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Saved" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(account).toBeFocused();

  const add = page.getByRole("button", { name: "Add Chatbot" });
  const create = page.getByRole("dialog", { name: "Add New Chatbot" });
  await expectFocusReturns(page, { trigger: add, dialog: create, closeButton: cancel });
  // Its actions are reached with Tab too.
  await openWithKeyboard(page, add, create);
  await tabTo(page, create.getByRole("button", { name: "Create Chatbot" }), 60);
  await tabTo(page, closeX(create), 5);
  await page.keyboard.press("Enter");
  await expect(add).toBeFocused();

  const image = page.getByRole("button", { name: `View image of Focus ${token}` });
  await expectFocusReturns(page, { trigger: image, dialog: page.getByRole("dialog"), closeButton: closeX });
});

test("the dashboard's Add New, Edit and Delete dialogs give focus back", async ({ page }) => {
  await signInMember(page);
  const title = `Dash ${uniqueToken()}`;
  await createListing(page.request, { title });
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: `Edit ${title}` })).toBeVisible();

  await expectFocusReturns(page, {
    trigger: page.getByRole("button", { name: "Add New" }),
    dialog: page.getByRole("dialog", { name: "Add New Chatbot" }),
    closeButton: cancel,
  });
  await expectFocusReturns(page, {
    trigger: page.getByRole("button", { name: `Edit ${title}` }),
    dialog: page.getByRole("dialog", { name: "Edit Chatbot" }),
    closeButton: closeX,
  });
  const confirm = page.getByRole("alertdialog", { name: "Delete Chatbot" });
  await expectFocusReturns(page, {
    trigger: page.getByRole("button", { name: `Delete ${title}` }),
    dialog: confirm,
    closeButton: cancel,
  });
  // The confirming button is reached with Tab as well (and left unpressed).
  await openWithKeyboard(page, page.getByRole("button", { name: `Delete ${title}` }), confirm);
  await tabTo(page, confirm.getByRole("button", { name: "Delete", exact: true }), 5);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: `Delete ${title}` })).toBeFocused();

  // Confirmed, the row and its button are gone: focus lands on the page's main content, not the body.
  await openWithKeyboard(page, page.getByRole("button", { name: `Delete ${title}` }), confirm);
  await confirm.getByRole("button", { name: "Delete", exact: true }).press("Enter");
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);
  await expect(page.getByRole("main")).toBeFocused();
});

test.describe("the admin panel", () => {
  requireDatabase();

  test("its Edit dialog and its confirmations give focus back", async ({ page, browser }) => {
    const ownerPage = await browser.newPage();
    const owner = await signInAs(ownerPage, "user");
    const title = `Admin focus ${Date.now()}`;
    await createNamedListing(ownerPage.request, title);
    await ownerPage.close();

    await signInAs(page, "admin");
    await page.goto("/admin");
    const chatbotRow = page
      .getByRole("table", { name: "Chatbot Management" })
      .getByRole("row")
      .filter({ hasText: title });
    await expectFocusReturns(page, {
      trigger: chatbotRow.getByRole("button", { name: "Edit" }),
      dialog: page.getByRole("dialog", { name: "Edit Chatbot" }),
      closeButton: cancel,
    });
    await expectFocusReturns(page, {
      trigger: chatbotRow.getByRole("button", { name: "Delete" }),
      dialog: page.getByRole("alertdialog", { name: "Delete Chatbot" }),
      closeButton: cancel,
    });

    const userRow = page
      .getByRole("table", { name: "Approved Users" })
      .getByRole("row")
      .filter({ hasText: owner.email });
    await expectFocusReturns(page, {
      trigger: userRow.getByRole("button", { name: /^Delete/ }),
      dialog: page.getByRole("alertdialog", { name: "Delete User" }),
      closeButton: cancel,
    });
  });
});
