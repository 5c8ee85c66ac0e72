// Personal API tokens (issue 24, item 1) on the dashboard: create one, see its secret once and copy it, use it,
// revoke it with a confirmation, and the next request with it is refused.
import { expect, test } from "./support/fixtures";
import { signInMember, uniqueToken } from "./support/listings";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a member creates a token, copies its secret once, and revokes it", async ({ page, request }) => {
  const { id } = await signInMember(page);
  const name = uniqueToken("Script ");
  await page.goto("/dashboard");
  const card = page.locator("[data-slot=card]").filter({ has: page.getByText("API tokens", { exact: true }) });
  await expect(card.getByText("You have no API tokens.")).toBeVisible();

  await card.getByRole("button", { name: "Create token" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API token" });
  // A member is offered read and write, not the admin scope.
  await expect(dialog.getByLabel("Scope").locator("option")).toHaveText(["Read", "Read and write"]);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Scope").selectOption("write");
  await dialog.getByLabel("Expires").selectOption("30");
  await dialog.getByRole("button", { name: "Create token" }).click();

  const shown = page.getByRole("dialog", { name: "Your new API token" });
  await expect(shown.getByText("You won't see it again.")).toBeVisible();
  const secret = (await shown.getByTestId("api-token-secret").textContent()) ?? "";
  expect(secret).toMatch(/^cgt_[0-9A-Za-z]{12}_/);
  await shown.getByRole("button", { name: "Copy API token" }).click();
  await expect(page.getByText("API token copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();

  // Listed by its prefix, never its secret.
  const row = card.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 16));
  await expect(row).toContainText("Read and write");
  await expect(card).not.toContainText(secret);

  // The token works as this member, from a client without the cookie.
  const asScript = { headers: { authorization: `Bearer ${secret}` } };
  const me = await request.get("/api/auth/user", asScript);
  expect(me.status()).toBe(200);
  expect((await me.json()).id).toBe(id);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke API token" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("API token revoked")).toBeVisible();
  await expect(row).toBeHidden();
  const refused = await request.get("/api/auth/user", asScript);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ message: "Invalid or expired API token" });
});
