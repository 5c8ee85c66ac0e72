import { createEmulatorUser } from "./support/emulator";
import { expect, test } from "./support/fixtures";

/** Every screen of spec section 2, as a visitor sees it. */
const PAGES = [
  "/",
  "/?search=knight",
  "/auth",
  "/dashboard",
  "/admin",
  "/profile/00000000-0000-4000-8000-000000000000",
  "/nowhere",
];

test("every page loads under the content security policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("default-src 'self'");
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("a page cannot be framed by another site", async ({ request }) => {
  const response = await request.get("/");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-frame-options"]).toBe("SAMEORIGIN");
});

test("user text that looks like HTML is shown as text, never run", async ({ page, request }) => {
  const title = `<img src=x onerror="window.__xss=1">Bot`;
  // A member creates the listing through the api; a visitor then sees it in the gallery.
  const user = await createEmulatorUser();
  const verify = await request.post("/api/auth/verify", { data: { idToken: user.idToken } });
  expect(verify.status()).toBe(200);
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAQCAIAAACk6KkqAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWOosXqLFTGMSrwdgCABAH6d0YHjltyIAAAAAElFTkSuQmCC",
    "base64",
  );
  const created = await request.post("/api/chatbots", {
    multipart: {
      title,
      tags: "<b>bold</b>",
      nsfw: "false",
      image: { name: "x.png", mimeType: "image/png", buffer: png },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post("/api/auth/logout");

  await page.goto(`/?search=${encodeURIComponent("onerror")}`);
  await expect(page.getByText(title).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
