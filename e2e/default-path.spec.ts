// The README's first command, as a newcomer runs it: `pnpm start` on its embedded defaults (PGlite, the
// embedded S3 server, the Auth emulator it starts itself, the demo gallery), its own server in
// playwright.config.ts (project "default-path"). Every public endpoint of the OpenAPI document and every screen,
// as a visitor, a member and a super admin; then an idle past every pool and keep-alive timeout of the app,
// and everything again: not one answer of 5xx, and the gallery shows its listings.
import type { APIRequestContext, Page } from "@playwright/test";
import { registerSession } from "./support/admin";
import { createGoogleUser, uniqueEmail } from "./support/emulator";
import { expect, test } from "./support/fixtures";

/** Past the app's longest idle timeout: the server's keep-alive, 72 s (the pool's is 10 s). */
const IDLE_MS = 75_000;
/** The newcomer server's super admin (SUPER_ADMIN_EMAILS in playwright.config.ts). */
const ADMIN_EMAIL = "newcomer-admin@e2e.test";
const emulator = () => process.env.E2E_NEWCOMER_EMULATOR_HOST!;

interface Listing {
  id: string;
  title: string;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  storySeries: string | null;
  user: { id: string };
}

/** What the gallery holds: a listing, its creator, a series. */
async function galleryIds(request: APIRequestContext) {
  const response = await request.get("/api/chatbots?limit=100");
  expect(response.status()).toBe(200);
  const listings = (await response.json()) as Listing[];
  expect(listings.length, "the demo gallery is seeded").toBeGreaterThan(0);
  const inSeries = listings.find((listing) => listing.storySeries) ?? listings[0]!;
  return {
    listing: listings[0]!,
    listings,
    userId: listings[0]!.user.id,
    series: { name: inSeries.storySeries ?? "none", creatorId: inSeries.user.id },
  };
}

/** Every GET of the OpenAPI document, its path parameters filled from the gallery, as the request's caller. */
async function walkEndpoints(request: APIRequestContext, ids: Awaited<ReturnType<typeof galleryIds>>) {
  const document = (await (await request.get("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const values: Record<string, string> = {
    id: ids.listing.id,
    chatbotId: ids.listing.id,
    userId: ids.userId,
    creatorId: ids.series.creatorId,
    seriesName: encodeURIComponent(ids.series.name),
    platform: "polybuzz",
  };
  const answers: string[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    if (!("get" in operations)) continue;
    // An event stream never ends, so a request would wait for its body forever: the member's screens open it (the
    // header's bell), and their answers are counted below.
    if (JSON.stringify(operations.get).includes('"text/event-stream"')) continue;
    const path = template.replace(
      /\{(\w+)\}/g,
      (_, name: string) => values[name] ?? "00000000-0000-4000-8000-000000000000",
    );
    const response = await request.get(path, { maxRedirects: 0 });
    answers.push(`${response.status()} GET ${path}`);
  }
  for (const path of [
    "/robots.txt",
    "/sitemap.xml",
    "/sitemap-pages.xml",
    "/sitemap-listings.xml",
    "/sitemap-profiles.xml",
  ]) {
    answers.push(`${(await request.get(path)).status()} GET ${path}`);
  }
  for (const listing of ids.listings.slice(0, 12)) {
    for (const url of [listing.thumbnailUrl, listing.imageUrl]) {
      if (url) answers.push(`${(await request.get(url)).status()} GET ${url}`);
    }
  }
  return answers;
}

/** Opens every screen; answers every response the browser got, by status and URL. */
async function walkScreens(
  page: Page,
  ids: Awaited<ReturnType<typeof galleryIds>>,
  as: "visitor" | "member" | "admin",
) {
  const answers: string[] = [];
  page.on("response", (response) =>
    answers.push(`${response.status()} ${response.request().method()} ${response.url()}`),
  );
  const visit = async (path: string, ready: () => ReturnType<Page["getByRole"]>) => {
    await page.goto(path);
    await expect(ready()).toBeVisible();
  };
  // A card of the gallery (in the web's own default order), whichever listing leads it.
  const anyListing = new RegExp(
    `^(${ids.listings.map((listing) => listing.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`,
  );
  await visit("/", () => page.getByRole("heading", { name: anyListing }).first());
  await visit(`/chatbots/${ids.listing.id}`, () => page.getByRole("heading", { level: 1, name: ids.listing.title }));
  await visit(`/profile/${ids.userId}`, () => page.getByRole("heading", { level: 1 }));
  await visit("/?sort=newest", () => page.getByRole("heading", { name: ids.listing.title }).first());
  await visit("/no-such-page", () => page.getByRole("heading", { name: "Page Not Found" }));
  if (as === "visitor") {
    await visit("/auth", () => page.getByRole("heading", { level: 1 }));
    return answers;
  }
  await visit(`/series/${encodeURIComponent(ids.series.name)}/${ids.series.creatorId}`, () =>
    page.getByRole("heading", { level: 1 }),
  );
  await visit("/dashboard", () => page.getByRole("heading", { name: "Your Chatbots" }));
  await visit("/saved", () => page.getByRole("heading", { level: 1 }));
  await visit("/?view=following", () => page.getByRole("heading", { level: 1 }));
  if (as === "admin") await visit("/admin", () => page.getByRole("table", { name: "Chatbot Management" }));
  return answers;
}

const serverErrors = (answers: string[]) => answers.filter((answer) => answer.startsWith("5"));

test("pnpm start's defaults: every endpoint and screen answers, before and after idling past every timeout", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(IDLE_MS + 6 * 60_000);
  const admin = await createGoogleUser({ email: ADMIN_EMAIL }, emulator());

  async function walkEverything(round: string) {
    const visitor = await playwright.request.newContext({ baseURL });
    const ids = await galleryIds(visitor);
    const answers = await walkEndpoints(visitor, ids);
    await visitor.dispose();

    const visitorPage = await browser.newPage({ baseURL });
    answers.push(...(await walkScreens(visitorPage, ids, "visitor")));
    await visitorPage.close();

    // A newcomer signs up through the form (the emulator `pnpm start` started), then a super admin sees every screen.
    const memberPage = await browser.newPage({ baseURL });
    await memberPage.goto("/auth");
    await memberPage.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await memberPage.getByRole("button", { name: "Continue with Email" }).click();
    await memberPage.getByLabel("Email", { exact: true }).fill(uniqueEmail(round));
    await memberPage.getByLabel("Password", { exact: true }).fill("secret123");
    await memberPage.getByLabel("Confirm Password").fill("secret123");
    await memberPage.getByRole("button", { name: "Create Account" }).click();
    await expect(memberPage.getByRole("button", { name: "Account menu" })).toBeVisible();
    answers.push(...(await walkScreens(memberPage, ids, "member")));
    await memberPage.close();

    const adminPage = await browser.newPage({ baseURL });
    await registerSession(adminPage, admin);
    answers.push(...(await walkEndpoints(adminPage.request, ids)));
    answers.push(...(await walkScreens(adminPage, ids, "admin")));
    await adminPage.close();
    return answers;
  }

  const before = await walkEverything("before");
  expect(serverErrors(before)).toEqual([]);
  expect(before.length).toBeGreaterThan(50);

  // Idle (what is under test): the pool closes its connections, keep-alive connections end.
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));

  const after = await walkEverything("after");
  expect(serverErrors(after)).toEqual([]);
  expect(after.length).toBeGreaterThan(50);
});
