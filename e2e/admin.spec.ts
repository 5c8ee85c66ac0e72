import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import {
  createListing,
  createPendingUser,
  registerUser,
  requireDatabase,
  setRole,
  signInAs,
  sql,
  TINY_PNG,
} from "./support/admin";
import { createEmulatorUser } from "./support/emulator";
import { appOrigin } from "./support/env";
import { expect, test } from "./support/fixtures";

requireDatabase();

/** An api client signed in as a new user of its own (the listings' owner, or a user to moderate). */
async function newMember() {
  const context = await playwrightRequest.newContext({ baseURL: appOrigin() });
  const account = await createEmulatorUser();
  const id = await registerUser(context, account);
  return { context, account, id };
}

const row = (page: import("@playwright/test").Page, table: string, text: string) =>
  page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });

test("a signed-in user who is not an admin is turned away", async ({ page }) => {
  await signInAs(page, "user");
  await page.goto("/admin");
  await expect(page.getByText("Admin access required. Redirecting...")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("an admin approves and rejects pending users", async ({ page, request }) => {
  const approveMe = await createPendingUser(request);
  const rejectMe = await createPendingUser(request);
  await signInAs(page, "admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  // No badge beside the title (other super admins may be listed in the users table).
  const title = page.getByRole("heading", { name: "Admin Panel" }).locator("xpath=..");
  await expect(title.getByText("Super Admin", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Pending Users" })).toBeVisible();

  await row(page, "Pending User Registrations", approveMe.email).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("User approved successfully")).toBeVisible();
  await expect(row(page, "Approved Users", approveMe.email)).toBeVisible();

  await row(page, "Pending User Registrations", rejectMe.email).getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("User rejected successfully")).toBeVisible();
  await expect(page.getByText(rejectMe.email)).toHaveCount(0);
  expect(await sql("SELECT id FROM users WHERE id = $1", [rejectMe.id])).toEqual([]);
});

test("an admin edits a listing with a new image, then deletes it", async ({ page }) => {
  const owner = await newMember();
  const title = `Moderated ${Date.now()}`;
  await createListing(owner.context, title);
  await signInAs(page, "admin");
  await page.goto("/admin");

  await row(page, "Chatbot Management", title).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Chatbot" });
  await dialog.getByLabel("Name*").fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name*").fill(`${title} edited`);
  await expect(dialog.getByText("Name is required")).toHaveCount(0);
  await dialog.getByLabel("Tags (comma separated)").fill("one, two");
  await dialog.getByLabel("NSFW").check();
  await dialog.locator("input[type=file]").setInputFiles({ name: "new.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(dialog.getByRole("img", { name: "New image preview" })).toHaveAttribute("src", /^blob:/);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Chatbot updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = row(page, "Chatbot Management", `${title} edited`);
  await expect(edited.getByText("NSFW")).toBeVisible();

  await edited.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Are you sure you want to delete "${title} edited"?`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Chatbot deleted successfully!")).toBeVisible();
  await expect(row(page, "Chatbot Management", title)).toHaveCount(0);
  await owner.context.dispose();
});

test("an admin's edit shows in the gallery without a reload", async ({ page }) => {
  const owner = await newMember();
  const token = `t${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await createListing(owner.context, `Before ${token}`);
  await signInAs(page, "admin");

  // The gallery is cached (it never goes stale by itself)...
  await page.goto(`/?search=${token}`);
  const gallery = page.getByTestId("chatbot-card");
  await expect(gallery.getByRole("heading", { name: `Before ${token}` })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stillHere?: boolean }).stillHere = true;
  });

  // ...the admin edits the listing in the panel, reached client-side...
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await row(page, "Chatbot Management", `Before ${token}`).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Chatbot" });
  await dialog.getByLabel("Name*").fill(`After ${token}`);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Chatbot updated successfully")).toBeVisible();

  // ...and the gallery, reached client-side again, shows the new title.
  await page.getByPlaceholder("Search chatbots...").fill(token);
  await page.getByPlaceholder("Search chatbots...").press("Enter");
  await expect(gallery.getByRole("heading", { name: `After ${token}` })).toBeVisible();
  await expect(gallery.getByRole("heading", { name: `Before ${token}` })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await owner.context.dispose();
});

test("an admin deletes a user with their listings", async ({ page }) => {
  const member = await newMember();
  const title = `Doomed ${Date.now()}`;
  await createListing(member.context, title);
  await signInAs(page, "admin");
  await page.goto("/admin");

  await row(page, "Approved Users", member.account.email)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("User deleted successfully")).toBeVisible();
  await expect(row(page, "Approved Users", member.account.email)).toHaveCount(0);
  await expect(row(page, "Chatbot Management", title)).toHaveCount(0);
  expect(await sql("SELECT id FROM chatbots WHERE user_id = $1", [member.id])).toEqual([]);
  await member.context.dispose();
});

test("a super admin makes a user an admin and removes it again", async ({ page }) => {
  const member = await newMember();
  await signInAs(page, "super-admin");
  await page.goto("/admin");
  await expect(page.getByText("Super Admin", { exact: true }).first()).toBeVisible();

  const memberRow = row(page, "Approved Users", member.account.email);
  await expect(memberRow.getByText("User", { exact: true })).toBeVisible();
  await memberRow.getByRole("button", { name: "Make Admin" }).click();
  await expect(page.getByText("User granted admin access successfully")).toBeVisible();
  await expect(memberRow.getByText("Admin", { exact: true })).toBeVisible();

  await memberRow.getByRole("button", { name: "Remove Admin" }).click();
  await expect(page.getByText("User admin access removed successfully")).toBeVisible();
  await expect(memberRow.getByRole("button", { name: "Make Admin" })).toBeVisible();
  await member.context.dispose();
});

test("a super admin runs both image tools", async ({ page }) => {
  const member = await newMember();
  // A legacy image: a file an older embedded run left in DATA_DIR/uploads, referenced by path.
  const uploads = path.join(process.env.E2E_DATA_DIR!, "uploads");
  mkdirSync(uploads, { recursive: true });
  const file = `legacy-${Date.now()}.png`;
  writeFileSync(path.join(uploads, file), TINY_PNG);
  const [legacy] = await sql<{ id: string }>(
    "INSERT INTO chatbots (title, user_id, image_url) VALUES ('Legacy', $1, $2) RETURNING id",
    [member.id, `/uploads/${file}`],
  );
  // A broken image: its object is not in storage, and no copy survives.
  const missingKey = `chatbots/${"0".repeat(64)}.webp`;
  const [broken] = await sql<{ id: string }>(
    "INSERT INTO chatbots (title, user_id, image_url, image_key) VALUES ('Broken', $1, $2, $3) RETURNING id",
    [member.id, `/images/${missingKey}`, missingKey],
  );

  const me = await signInAs(page, "super-admin");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Migrate Images to Cloud" }).click();
  await expect(page.getByText(/^Successfully migrated [1-9]\d* images to cloud storage$/)).toBeVisible();
  const [migrated] = await sql<{ image_key: string | null }>("SELECT image_key FROM chatbots WHERE id = $1", [
    legacy!.id,
  ]);
  expect(migrated!.image_key).toMatch(/^chatbots\/[a-f0-9]{64}\.webp$/);

  await page.getByRole("button", { name: "Repair Broken Images" }).click();
  await expect(page.getByText(/^Successfully repaired \d+ out of [1-9]\d* chatbot images$/)).toBeVisible();
  const [repaired] = await sql<{ image_url: string | null }>("SELECT image_url FROM chatbots WHERE id = $1", [
    broken!.id,
  ]);
  expect(repaired!.image_url).toBeNull();

  // An admin who is not a super admin has no tools.
  await setRole(me.id, "admin");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Migrate Images to Cloud" })).toHaveCount(0);
  await member.context.dispose();
});

test("a super admin watches a repair run, also after a reload, and gets the result toast", async ({ page }) => {
  test.setTimeout(240_000);
  const member = await newMember();
  const listing = await createListing(member.context, `Healthy ${Date.now()}`);
  // Ten batches of work (250 listings sharing one healthy image, dated long ago so the gallery's first
  // pages stay as other tests expect), plus one broken image; the app pauses 1 s between batches.
  await sql(
    `INSERT INTO chatbots (title, user_id, image_url, image_key, thumbnail_key, created_at)
     SELECT 'Bulk ' || n, c.user_id, c.image_url, c.image_key, c.thumbnail_key, '2000-01-01'
     FROM chatbots c, generate_series(1, 250) n WHERE c.id = $1`,
    [listing.id],
  );
  const missingKey = `chatbots/${"1".repeat(64)}.webp`;
  await sql(
    "INSERT INTO chatbots (title, user_id, image_url, image_key, created_at) VALUES ('Broken', $1, $2, $3, '2000-01-01')",
    [member.id, `/images/${missingKey}`, missingKey],
  );

  await signInAs(page, "super-admin");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Repair Broken Images" }).click();
  const progress = page.getByRole("progressbar", { name: /Checking every chatbot image/ });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", /^[1-9]\d*$/);
  await expect(page.getByRole("button", { name: "Migrate Images to Cloud" })).toBeDisabled();

  // The job runs on the server: a reload finds it still running, and its progress goes on.
  const before = Number(await progress.getAttribute("aria-valuenow"));
  await page.reload();
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 60_000 })
    .toBeGreaterThan(before);
  await expect(page.getByText(/^Successfully repaired \d+ out of [1-9]\d* chatbot images$/)).toBeVisible({
    timeout: 90_000,
  });
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Repair Broken Images" })).toBeEnabled();

  await sql("DELETE FROM chatbots WHERE user_id = $1", [member.id]);
  await member.context.dispose();
});
