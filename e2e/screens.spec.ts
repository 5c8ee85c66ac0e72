// Every screen at a phone's, a desktop's and a wide desktop's width (390, 1280, 1440), in the light and the dark theme: axe-core finds no
// accessibility violation of any impact (at 390 and 1280, see WIDTHS), nothing scrolls sideways, and a full-page screenshot is kept as a
// test artifact (test-results/, not committed) for a person to look at. On a phone the browse page is checked
// again with its filter sheet open. One test per screen and theme opens the screen afresh at each width in turn
// (its data and sign-in made once: a third of the set-up the suite's longest file spent).
import type { Page } from "@playwright/test";
import { requireDatabase, signInAs, TINY_PNG } from "./support/admin";
import { expectNoAxeViolations, settled } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { failReads } from "./support/trpc-faults";

requireDatabase();
// Each test makes its own creator and listing, so the file's tests need no order: both workers share them. A test
// opens its screen three times: three times the suite's time per test.
test.describe.configure({ mode: "parallel", timeout: 3 * 90_000 });

// axe at the phone's and the desktop's width: the wide desktop crosses no breakpoint of the app's (Tailwind's xl is
// 1280, 2xl 1536), so it renders the same elements with the same styles, only more cards a row; its screenshot and
// the sideways-scroll check are what it adds.
const WIDTHS = [
  { name: "phone", viewport: { width: 390, height: 844 }, axe: true },
  { name: "desktop", viewport: { width: 1280, height: 900 }, axe: true },
  { name: "wide", viewport: { width: 1440, height: 900 }, axe: false },
] as const;
const THEMES = ["light", "dark"] as const;

interface Screen {
  name: string;
  /** Signed in as an admin (who may open every screen), or a visitor. */
  signedIn: boolean;
  path: (ids: { userId: string; series: string; listingId: string }) => string;
  /** What shows once the screen has loaded its data. */
  ready: (page: Page) => ReturnType<Page["getByRole"]>;
  /** Done before the page opens (e.g. a read made to fail, to check its error state). */
  prepare?: (page: Page) => Promise<unknown>;
}

const SERIES = "Screens Saga";
const SCREENS: Screen[] = [
  {
    name: "browse",
    signedIn: false,
    path: () => "/",
    ready: (p) => p.getByRole("heading", { name: "Screens bot" }).first(),
  },
  {
    name: "browse-member",
    signedIn: true,
    path: () => "/",
    ready: (p) => p.getByRole("heading", { name: "Screens bot" }).first(),
  },
  { name: "auth", signedIn: false, path: () => "/auth", ready: (p) => p.getByRole("heading", { level: 1 }) },
  {
    name: "dashboard",
    signedIn: true,
    path: () => "/dashboard",
    ready: (p) => p.getByRole("heading", { name: "Your Chatbots" }),
  },
  {
    name: "profile",
    signedIn: false,
    path: ({ userId }) => `/profile/${userId}`,
    ready: (p) => p.getByRole("heading", { name: "Screens bot" }).first(),
  },
  {
    name: "listing",
    signedIn: false,
    path: ({ listingId }) => `/chatbots/${listingId}`,
    ready: (p) => p.getByRole("heading", { level: 1, name: "Screens bot" }),
  },
  {
    name: "series",
    signedIn: true,
    path: ({ userId, series }) => `/series/${encodeURIComponent(series)}/${userId}`,
    ready: (p) => p.getByRole("heading", { name: "Screens bot" }).first(),
  },
  {
    name: "admin",
    signedIn: true,
    path: () => "/admin",
    ready: (p) => p.getByRole("table", { name: "Chatbot Management" }),
  },
  {
    name: "saved",
    signedIn: true,
    path: () => "/saved",
    ready: (p) => p.getByText("No saved chatbots yet"),
  },
  {
    name: "browse-following",
    signedIn: true,
    path: () => "/?view=following",
    ready: (p) => p.getByText("Follow creators to see their new listings here"),
  },
  {
    name: "browse-failed",
    signedIn: false,
    path: () => "/",
    prepare: (p) => failReads(p, ["chatbots.list"]),
    ready: (p) => p.getByRole("alert").getByRole("button", { name: "Retry" }),
  },
  {
    name: "browse-bad-address",
    signedIn: false,
    path: () => "/?sort=bogus",
    ready: (p) => p.getByRole("button", { name: "Clear the sort order" }),
  },
  {
    name: "dashboard-failed",
    signedIn: true,
    path: () => "/dashboard",
    prepare: (p) => failReads(p, ["chatbots.mine", "chatbots.myStats"]),
    ready: (p) => p.getByRole("alert").filter({ hasText: "Your chatbots could not be loaded" }),
  },
  {
    name: "not-found",
    signedIn: false,
    path: () => "/no-such-page",
    ready: (p) => p.getByRole("heading", { name: "Page Not Found" }),
  },
];

async function expectNoSidewaysScrollNorViolations(page: Page, { axe }: { axe: boolean }) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  if (!axe) return;

  await expectNoAxeViolations(page);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const screen of SCREENS) {
      test(screen.name, async ({ page, browser }, testInfo) => {
        // A creator with a listing in a series, so lists, cards and the series page have content.
        const creatorPage = await browser.newPage();
        const creator = await signInAs(creatorPage, "user");
        const created = await creatorPage.request.post("/api/chatbots", {
          multipart: {
            title: "Screens bot",
            tagline: "A bot on every screen, in both themes",
            description: "Line one of the story.\nLine two, with a link as text: https://example.com",
            tags: "screens, enemies to lovers",
            storySeries: SERIES,
            nsfw: "false",
            polybuzzCid: "pb-screens",
            polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-screens",
            image: { name: "bot.png", mimeType: "image/png", buffer: TINY_PNG },
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const listingId = ((await created.json()) as { id: string }).id;
        await creatorPage.close();

        if (screen.signedIn) await signInAs(page, "admin");
        await screen.prepare?.(page);
        for (const width of WIDTHS) {
          await test.step(width.name, async () => {
            // Opened afresh at this width, as a person on that screen would open it.
            await page.setViewportSize(width.viewport);
            await page.goto(screen.path({ userId: creator.id, series: SERIES, listingId }));
            await expect(screen.ready(page)).toBeVisible();
            await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);

            await page.screenshot({
              path: testInfo.outputPath(`${screen.name}-${width.name}-${theme}.png`),
              fullPage: true,
            });
            await expectNoSidewaysScrollNorViolations(page, width);

            // A phone's browse filters live in a sheet: the same checks with it open.
            if (screen.name.startsWith("browse") && width.name === "phone") {
              await page.getByRole("button", { name: /^Filters/ }).click();
              await expect(
                page.getByRole("dialog", { name: "Filters" }).getByRole("combobox", { name: "Sort" }),
              ).toBeVisible();
              await settled(page);
              await page.screenshot({ path: testInfo.outputPath(`${screen.name}-filters-${width.name}-${theme}.png`) });
              await expectNoSidewaysScrollNorViolations(page, width);
            }
          });
        }
      });
    }
  });
}
