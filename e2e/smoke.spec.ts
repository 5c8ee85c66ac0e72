import { expect, test } from "./support/fixtures";

test("the home page shows the gallery heading", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Discover Amazing AI Chatbots" })).toBeVisible();
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/this/page/does-not-exist");
  await expect(page.getByText("Page Not Found")).toBeVisible();
});

test("the health check answers ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toMatchObject({ status: "ok", database: "ok", storage: "ok" });
});
