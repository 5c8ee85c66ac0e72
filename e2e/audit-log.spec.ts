import { createPendingUser, requireDatabase, signInAs } from "./support/admin";
import { expect, test } from "./support/fixtures";

requireDatabase();

/** Issue 23: super admins read every moderator action in the audit log, filtered through the address. */
test("a super admin's approval shows in the audit log, which filters by action through the address", async ({
  page,
  request,
}) => {
  const pending = await createPendingUser(request);
  await signInAs(page, "super-admin");
  await page.goto("/admin");
  await page
    .getByRole("table", { name: "Pending User Registrations" })
    .getByRole("row")
    .filter({ hasText: pending.email })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(page.getByText("User approved successfully")).toBeVisible();

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit log" }).click();
  const log = page.getByRole("table", { name: "Audit Log" });
  await expect(log.getByRole("row").filter({ hasText: "Approved user" }).first()).toBeVisible();

  await page.getByLabel("Filter by action").selectOption("listing.hide");
  await expect(page).toHaveURL(/auditAction=listing\.hide/);
  await expect(log.getByRole("row").filter({ hasText: "Approved user" })).toHaveCount(0);
  await page.goBack();
  await expect(page).not.toHaveURL(/auditAction=/);
  await expect(log.getByRole("row").filter({ hasText: "Approved user" }).first()).toBeVisible();
});

test("an admin who is not a super admin has no audit log", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/admin?auditAction=user.approve");
  await expect(page.getByRole("heading", { name: "Moderation Queue" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Audit Log" })).toHaveCount(0);
});
