// A listing's page (issue 12): opened from a card, its fields and links, the served share preview
// (read without JavaScript), document.title on client navigation, and the sign-in treatment of an
// NSFW listing for a visitor.
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

async function seriesOf(token: string) {
  const owner = await newMemberApi();
  const nickname = `Maker${token.slice(-6)}`;
  const named = await owner.request.put("/api/user/nickname", { data: { nickname } });
  expect(named.status()).toBe(200);
  const luna = await createListing(owner.request, {
    title: `Luna ${token}`,
    tagline: "Guide of the night sky",
    description: "Line one\nVisit https://luna.example for more",
    tags: [token, "moon"],
    storySeries: `Saga ${token}`,
    polybuzzCid: "pb-luna-1",
    polybuzzUrl: "https://polybuzz.ai/luna",
    roleplayaCid: "rp-luna-2",
    roleplayaUrl: "https://roleplaya.com/luna",
  });
  const sol = await createListing(owner.request, {
    title: `Sol ${token}`,
    tags: [token],
    storySeries: `Saga ${token}`,
  });
  return { owner, nickname, luna, sol };
}

test("a visitor opens a listing from its card and follows its links", async ({ page }) => {
  const token = uniqueToken();
  const { owner, nickname, luna, sol } = await seriesOf(token);
  const path = `/chatbots/${luna.id}/luna-${token}`;

  await page.goto(`/?search=${token}`);
  await expect(card(page, luna.title).getByText("Guide of the night sky")).toBeVisible();
  await card(page, luna.title).getByRole("link", { name: luna.title }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1, name: luna.title })).toBeVisible();
  await expect(page).toHaveTitle(`${luna.title} — Chatbot Gallery`);
  await expect(page.getByText("Guide of the night sky")).toBeVisible();
  // Plain text: the line break kept, the address not a link.
  await expect(page.getByTestId("listing-description")).toHaveText("Line one\nVisit https://luna.example for more");
  await expect(page.getByRole("link", { name: /luna\.example/ })).toHaveCount(0);
  // Through the api's counted redirect, which answers with the platform's URL.
  const polybuzz = await page.getByRole("link", { name: "Chat on Polybuzz" }).getAttribute("href");
  expect(polybuzz).toMatch(/^\/go\/[0-9a-f-]{36}\/polybuzz$/);
  const redirect = await page.request.get(polybuzz!, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe("https://polybuzz.ai/luna");
  await expect(page.getByRole("link", { name: "Chat on Roleplaya" })).toHaveAttribute(
    "href",
    /^\/go\/[0-9a-f-]{36}\/roleplaya$/,
  );
  await expect(page.getByText("pb-luna-1")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy Roleplaya ID" })).toBeVisible();
  // Series are for members: a visitor sees the creator's other listings.
  await expect(page.getByRole("heading", { name: "More in this series" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "More from this creator" })).toBeVisible();
  await expect(card(page, sol.title)).toBeVisible();

  await page.getByRole("link", { name: "moon", exact: true }).click();
  await expect(page).toHaveURL("/?search=moon");
  await expect(page).toHaveTitle("Search: moon — Chatbot Gallery");
  await page.goBack();
  await expect(page).toHaveTitle(`${luna.title} — Chatbot Gallery`);
  await page.getByRole("article").getByRole("link", { name: nickname }).click();
  await expect(page).toHaveURL(`/profile/${owner.id}`);
  await expect(page.getByRole("heading", { level: 1, name: nickname })).toBeVisible();
  await expect(page).toHaveTitle(`${nickname} — Chatbot Gallery`);

  // An old slug is replaced in place on client navigation.
  await page.goto(`/chatbots/${luna.id}/old-name`);
  await expect(page).toHaveURL(path);
});

test("the served HTML carries the listing's share preview, and old slugs redirect", async ({ request }) => {
  const token = uniqueToken();
  const { luna } = await seriesOf(token);
  const redirect = await request.get(`/chatbots/${luna.id}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe(`/chatbots/${luna.id}/luna-${token}`);

  const response = await request.get(`/chatbots/${luna.id}/luna-${token}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${luna.title} — Chatbot Gallery</title>`);
  expect(metaContent(html, "og:title")).toBe(`${luna.title} — Chatbot Gallery`);
  expect(metaContent(html, "description")).toBe("Guide of the night sky");
  const preview = metaContent(html, "og:image")!;
  expect(preview).toMatch(/^http:\/\/[^/]+\/images\/previews\/[a-f0-9-]+\.jpg$/);
  const previewImage = await request.get(preview);
  expect(previewImage.status()).toBe(200);
  expect(previewImage.headers()["content-type"]).toBe("image/jpeg");
  expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/chatbots\//);
  expect(html).toContain('<script type="application/ld+json">');
  // The built app's own scripts are still there.
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\//);
  const product = await request.get(metaContent(await (await request.get("/")).text(), "og:image")!);
  expect(product.status()).toBe(200);
  expect(product.headers()["content-type"]).toBe("image/png");
});

test("a member sees the series around a listing and follows the series link", async ({ page }) => {
  const token = uniqueToken();
  const { luna, sol } = await seriesOf(token);
  await signInMember(page);
  await page.goto(`/chatbots/${luna.id}/luna-${token}`);
  await expect(page.getByRole("heading", { name: "More in this series" })).toBeVisible();
  await expect(card(page, sol.title)).toBeVisible();
  await page
    .getByRole("link", { name: `Saga ${token}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/series/Saga%20${token}/`));
  await expect(page.getByRole("heading", { name: `Saga ${token}` })).toBeVisible();
});

test("a visitor on an NSFW listing gets the sign-in treatment, in the app and in the served HTML", async ({
  page,
  request,
}) => {
  const owner = await newMemberApi();
  const token = uniqueToken();
  const secret = await createListing(owner.request, { title: `Velvet ${token}`, tagline: "hush", nsfw: true });

  const served = await request.get(`/chatbots/${secret.id}`, { maxRedirects: 0 });
  expect(served.status()).toBe(401);
  expect(await served.text()).not.toContain(token);

  await page.goto(`/chatbots/${secret.id}`);
  await expect(page.getByRole("heading", { name: "Sign in to view NSFW content" })).toBeVisible();
  await expect(page.getByTestId("listing-locked").getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    "/api/login",
  );
  await expect(page).toHaveTitle("Sign in to view — Chatbot Gallery");
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page).toHaveURL(`/chatbots/${secret.id}`);
});

test("an owner gives a listing a tagline and a description in the edit dialog", async ({ page }) => {
  await signInMember(page);
  const token = uniqueToken();
  const listing = await createListing(page.request, { title: `Draft ${token}` });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Edit Draft ${token}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Chatbot" });
  await dialog.getByLabel("Tagline").fill("A short pitch");
  await dialog.getByLabel("Description").fill("First line\nSecond line");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Chatbot updated successfully!")).toBeVisible();

  await page.goto(`/chatbots/${listing.id}`);
  await expect(page.getByText("A short pitch")).toBeVisible();
  await expect(page.getByTestId("listing-description")).toHaveText("First line\nSecond line");
});
