// The dashboard's performance chart: axes with day labels, a tooltip for the pointer and the keyboard, a legend
// that shows and hides series, the same numbers as a table, sparklines that fill their box, and an empty state
// that says what will appear.
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { requireDatabase, signInAs } from "./support/admin";
import { axeViolations } from "./support/axe";
import { appOrigin } from "./support/env";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

type Stats = { totals: Record<string, number>; days: Array<{ day: string } & Record<string, number>> };

/** A desktop browser's user agent (a bot's is not counted). */
const visitorAgent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.${n} Safari/537.36`;
/**
 * Visitor n as the app sees them: a person is their address (one voice each, whatever their user agent), given by
 * the proxy the browser tests' app trusts on loopback (playwright.config.ts TRUST_PROXY).
 */
const visitorFrom = (n: number) => ({
  userAgent: visitorAgent(n),
  extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${n}` },
});

// The browser's own pages count as a person's (headless Chromium names itself HeadlessChrome, which is not counted).
test.use({ userAgent: visitorAgent(0) });

/** Another person (not signed in) looking at the listing's page and going on to platforms. */
async function visit(id: string, n: number, platforms: string[]) {
  const visitor: APIRequestContext = await playwrightRequest.newContext({ baseURL: appOrigin(), ...visitorFrom(n) });
  try {
    const view = await visitor.post("/trpc/chatbots.recordView", { data: { id } });
    expect(view.status()).toBe(200);
    for (const platform of platforms) {
      const out = await visitor.get(`/go/${id}/${platform}`, { maxRedirects: 0 });
      expect(out.status()).toBe(302);
    }
  } finally {
    await visitor.dispose();
  }
}

/** Every text the page paints on a canvas (uPlot draws its axes' labels with fillText). */
async function recordCanvasText(page: Page) {
  await page.addInitScript(() => {
    const painted: string[] = [];
    (window as unknown as { __painted: string[] }).__painted = painted;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      painted.push(String(text));
      return fillText.call(this, text, ...rest);
    };
  });
}
const paintedText = (page: Page) => page.evaluate(() => (window as unknown as { __painted: string[] }).__painted);

const LONG_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

test("the chart has day and count axes, a tooltip for the pointer and the keyboard, a legend that toggles series and a table of its numbers", async ({
  page,
}) => {
  await recordCanvasText(page);
  await signInMember(page);
  const listing = await createListing(page.request, {
    title: `Charted ${uniqueToken()}`,
    polybuzzCid: "pb-charted",
    polybuzzUrl: "https://polybuzz.ai/charted",
    roleplayaCid: "rp-charted",
    roleplayaUrl: "https://roleplaya.com/charted",
  });
  // Three visitors: all view the page, two go on to Polybuzz, one of them to Roleplaya too.
  await visit(listing.id, 1, ["polybuzz", "roleplaya"]);
  await visit(listing.id, 2, ["polybuzz"]);
  await visit(listing.id, 3, []);
  // Counts are written in batches (about a second): wait until the api has them.
  let stats: Stats | undefined;
  await expect
    .poll(
      async () => {
        stats = (await (await page.request.get("/api/user/stats")).json()) as Stats;
        return stats.totals;
      },
      { timeout: 30_000 },
    )
    .toMatchObject({ views: 3, polybuzz: 2, roleplaya: 1 });
  const days = (stats as Stats).days;
  const today = days.at(-1)?.day as string;
  const yesterday = days.at(-2)?.day as string;

  await page.goto("/dashboard");
  const chart = page.getByRole("figure", { name: "All listings" });
  const views = chart.getByRole("button", { name: /^Views/ });
  const polybuzz = chart.getByRole("button", { name: /^Polybuzz/ });
  const roleplaya = chart.getByRole("button", { name: /^Roleplaya/ });
  // The account's followers gained (issue 38 §4; none here: e2e/dashboard-loop.spec.ts).
  const followers = chart.getByRole("button", { name: /^Followers gained/ });
  await expect(views).toHaveAccessibleName("Views 3");
  await expect(polybuzz).toHaveAccessibleName("Polybuzz 2");
  await expect(roleplaya).toHaveAccessibleName("Roleplaya 1");
  await expect(followers).toHaveAccessibleName("Followers gained 0");
  for (const button of [views, polybuzz, roleplaya, followers])
    await expect(button).toHaveAttribute("aria-pressed", "true");

  // Axes: day labels of the 30 days under the chart, whole counts up to at least the busiest day beside it.
  await expect(chart.getByTestId("stats-canvas").locator("canvas")).toBeVisible();
  await expect.poll(() => paintedText(page)).toContain("0");
  const painted = await paintedText(page);
  const dayLabels = painted.filter((text) => /^[A-Z][a-z]{2} \d{1,2}$/.test(text));
  const known = new Set(days.map((day) => SHORT_DAY.format(utcDay(day.day))));
  expect(dayLabels.length).toBeGreaterThanOrEqual(4);
  for (const label of dayLabels) expect(known).toContain(label);
  const counts = painted.filter((text) => /^\d+$/.test(text)).map(Number);
  expect(Math.max(...counts)).toBeGreaterThanOrEqual(3);

  // The keyboard: Tab from the legend reaches the chart, which shows the latest day; the arrows move by a day.
  const slider = chart.getByRole("slider");
  const tooltip = chart.getByTestId("chart-tooltip");
  await followers.focus();
  await page.keyboard.press("Tab");
  await expect(slider).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(LONG_DAY.format(utcDay(today)));
  await expect(tooltip.getByRole("listitem")).toHaveText(["Views3", "Polybuzz2", "Roleplaya1", "Followers gained0"]);
  await expect(slider).toHaveAttribute(
    "aria-valuetext",
    `${LONG_DAY.format(utcDay(today))}: Views 3, Polybuzz 2, Roleplaya 1, Followers gained 0`,
  );
  await page.keyboard.press("ArrowLeft");
  await expect(tooltip).toContainText(LONG_DAY.format(utcDay(yesterday)));
  await expect(tooltip.getByRole("listitem")).toHaveText(["Views0", "Polybuzz0", "Roleplaya0", "Followers gained0"]);
  await page.keyboard.press("End");
  await expect(tooltip).toContainText(LONG_DAY.format(utcDay(today)));
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();

  // The legend hides and shows a series: gone from the tooltip and the slider's words, then back.
  await polybuzz.click();
  await expect(polybuzz).toHaveAttribute("aria-pressed", "false");
  await slider.focus();
  await page.keyboard.press("End");
  await expect(tooltip.getByRole("listitem")).toHaveText(["Views3", "Roleplaya1", "Followers gained0"]);
  await expect(slider).toHaveAttribute(
    "aria-valuetext",
    `${LONG_DAY.format(utcDay(today))}: Views 3, Roleplaya 1, Followers gained 0`,
  );
  await polybuzz.click();
  await expect(polybuzz).toHaveAttribute("aria-pressed", "true");
  await slider.focus();
  await expect(tooltip.getByRole("listitem")).toHaveText(["Views3", "Polybuzz2", "Roleplaya1", "Followers gained0"]);
  await slider.blur();
  await expect(tooltip).toBeHidden();

  // The pointer: hovering the plot shows the tooltip for the day under it.
  const plot = chart.locator(".u-over");
  const box = await plot.boundingBox();
  if (!box) throw new Error("the chart's plot area is not laid out");
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(tooltip).toContainText(LONG_DAY.format(utcDay(today)));
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await expect(tooltip).toContainText(LONG_DAY.format(utcDay(days[0]?.day as string)));
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();

  // The same numbers as a table, for screen readers and readers of numbers.
  await chart.getByText("Show the numbers as a table").click();
  const table = chart.getByRole("table", { name: "All listings: unique visitors and followers gained per day (UTC)" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Day",
    "Views",
    "Polybuzz click-outs",
    "Roleplaya click-outs",
    "Followers gained",
  ]);
  await expect(table.getByRole("row", { name: LONG_DAY.format(utcDay(today)) }).getByRole("cell")).toHaveText([
    "3",
    "2",
    "1",
    "0",
  ]);
  await expect(table.getByRole("row", { name: LONG_DAY.format(utcDay(yesterday)) }).getByRole("cell")).toHaveText([
    "0",
    "0",
    "0",
    "0",
  ]);
  await expect(table.getByRole("row", { name: "Total" }).getByRole("cell")).toHaveText(["3", "2", "1", "0"]);
  // A row a day, a heading row and the totals.
  await expect(table.getByRole("row")).toHaveCount(days.length + 2);

  // Readable in both themes: axe finds nothing on the chart, its legend and its open table, light and dark.
  const axe = () => axeViolations(page, { include: "[data-testid=stats-chart]" });
  expect(await axe()).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(chart.getByTestId("stats-canvas").locator("canvas")).toBeVisible();
  expect(await axe()).toEqual([]);

  // The listing's sparkline spans its box, up to its totals.
  const row = page.getByRole("figure", { name: listing.title });
  await expect(row.getByTestId("total-views")).toHaveText("3");
  const box2 = row.getByTestId("sparkline-canvas");
  const canvas = box2.locator("canvas");
  await expect(canvas).toBeVisible();
  await expect
    .poll(async () => {
      const [outer, drawn] = await Promise.all([box2.boundingBox(), canvas.boundingBox()]);
      return outer && drawn ? Math.abs(outer.width - drawn.width) : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(1);
  // Nothing but the row's gap (16 px) between the lines and the totals.
  const [spark, legend] = await Promise.all([box2.boundingBox(), row.locator("figcaption").boundingBox()]);
  if (!spark || !legend) throw new Error("the sparkline's row is not laid out");
  expect(Math.abs(legend.x - (spark.x + spark.width) - 16)).toBeLessThanOrEqual(1);
});

test("a new creator's dashboard says what the chart will show instead of drawing a flat line", async ({ page }) => {
  await signInMember(page);
  await page.goto("/dashboard");
  const chart = page.getByRole("figure", { name: "All listings" });
  await expect(chart.getByText("Nothing counted in the last 30 days yet")).toBeVisible();
  await expect(
    chart.getByText(
      "Add a listing: views of its page and chats started from it will appear here once people visit it.",
    ),
  ).toBeVisible();
  await expect(chart.getByRole("slider")).toHaveCount(0);
  await expect(chart.locator("canvas")).toHaveCount(0);

  // With a listing nobody has visited yet, the words say so, and its row has no flat line either.
  const listing = await createListing(page.request, { title: `Quiet ${uniqueToken()}` });
  await page.reload();
  await expect(
    chart.getByText("Views and chats started will appear here once people visit your listings."),
  ).toBeVisible();
  const row = page.getByRole("figure", { name: listing.title });
  await expect(row.getByText("No visits in 30 days")).toBeVisible();
  await expect(row.locator("canvas")).toHaveCount(0);
});

/** Opens a listing's page and waits until its view was sent (the page sends it once it shows the listing). */
async function openListingPage(page: Page, id: string) {
  const sent = page.waitForResponse((response) => response.url().includes("chatbots.recordView"));
  await page.goto(`/chatbots/${id}`);
  expect((await sent).status()).toBe(200);
}

test("the owner's own visits to their listing page are not counted; another person's are", async ({
  page,
  browser,
}) => {
  await signInMember(page);
  const own = await createListing(page.request, { title: `Own ${uniqueToken()}` });
  const marker = await createListing(page.request, { title: `Marker ${uniqueToken()}` });
  const viewsOf = async (id: string) => {
    const stats = (await (await page.request.get("/api/user/stats")).json()) as {
      listings: Array<{ chatbotId: string; totals: { views: number } }>;
    };
    return stats.listings.find((listing) => listing.chatbotId === id)?.totals.views;
  };
  const other = await browser.newContext(visitorFrom(9));
  try {
    const visitorPage = await other.newPage();
    // The owner opens their own page, then someone else opens another listing: once that view is counted,
    // the owner's (sent before it) would have been counted too.
    await openListingPage(page, own.id);
    await openListingPage(visitorPage, marker.id);
    await expect.poll(() => viewsOf(marker.id), { timeout: 30_000 }).toBe(1);
    expect(await viewsOf(own.id)).toBe(0);
    // Someone else's visit to it counts.
    await openListingPage(visitorPage, own.id);
    await expect.poll(() => viewsOf(own.id), { timeout: 30_000 }).toBe(1);
  } finally {
    await other.close();
  }
});

test.describe("in the admin panel", () => {
  requireDatabase();

  test("an admin's Stats button shows the listing's sparkline and totals, drawn across its box", async ({ page }) => {
    const owner = await newMemberApi();
    const listing = await createListing(owner.request, {
      title: `Admin charted ${uniqueToken()}`,
      polybuzzCid: "pb-admin",
      polybuzzUrl: "https://polybuzz.ai/admin",
    });
    await visit(listing.id, 11, ["polybuzz"]);
    await expect
      .poll(async () => ((await (await owner.request.get("/api/user/stats")).json()) as Stats).totals, {
        timeout: 30_000,
      })
      .toMatchObject({ views: 1, polybuzz: 1 });
    await owner.request.dispose();

    await signInAs(page, "admin");
    await page.goto("/admin");
    const row = page.getByRole("table", { name: "Chatbot Management" }).getByRole("row").filter({
      hasText: listing.title,
    });
    await row.getByRole("button", { name: "Stats" }).click();
    const sparkline = row.getByRole("figure", { name: listing.title });
    await expect(sparkline.getByTestId("total-views")).toHaveText("1");
    await expect(sparkline.getByTestId("total-polybuzz")).toHaveText("1");
    const box = sparkline.getByTestId("sparkline-canvas");
    await expect(box.locator("canvas")).toBeVisible();
    await expect
      .poll(async () => {
        const [outer, drawn] = await Promise.all([box.boundingBox(), box.locator("canvas").boundingBox()]);
        return outer && drawn && outer.width > 100 ? Math.abs(outer.width - drawn.width) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(1);
  });
});
