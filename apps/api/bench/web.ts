/// <reference lib="dom" />
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { listingPath } from "@gallery/schema";
import { chromium, type Page } from "@playwright/test";

/** gzip size of the JavaScript the browse page needs before it can render: the entry, its static imports and the browse chunk. */
export function initialJavaScript(dist: string) {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), "utf8");
    for (const match of code.matchAll(/from"\.\/([^"]+\.js)"/g)) walk(`assets/${match[1]}`);
  };
  for (const match of html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)) walk(match[1]!);
  const browse = readdirSync(path.join(dist, "assets")).find((file) => /^browse-.*\.js$/.test(file));
  if (browse) walk(`assets/${browse}`);
  const bytes = [...seen].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length, 0);
  return { files: seen.size, gzipKb: Math.round(bytes / 102.4) / 10 };
}

/** The largest contentful paint of each of three loads of a page, once `ready` is on screen. */
async function largestPaints(page: Page, url: string, ready: string): Promise<number[]> {
  const lcps: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector(ready, { timeout: 15_000 });
    lcps.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      ),
    );
  }
  return lcps.map(Math.round);
}

/** Debian's Chromium (CHROMIUM_PATH to use another). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--no-first-run",
      "--disable-quic",
    ],
  });

/**
 * Largest contentful paint of the browse page and what its images are, and of the newest listing's
 * page (opened from its link, as a shared link is), in Debian's Chromium.
 */
export async function measureWeb(baseUrl: string, dist: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const images: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") images.push(new URL(request.url()).pathname);
    });
    const lcps = await largestPaints(page, `${baseUrl}/`, "[data-testid=chatbot-card] img");
    const lazy = await page.$$eval("[data-testid=chatbot-card] img", (nodes) =>
      nodes.map((n) => (n as HTMLImageElement).loading),
    );
    const browseImages = images.length;
    const [newest] = (await (await fetch(`${baseUrl}/api/chatbots?limit=1`)).json()) as Array<{
      id: string;
      title: string;
    }>;
    const listingLcps = newest ? await largestPaints(page, `${baseUrl}${listingPath(newest)}`, "main h1") : [];
    return {
      initialJavaScript: initialJavaScript(dist),
      lcpMs: Math.min(...lcps),
      lcpRunsMs: lcps,
      listingPageLcpMs: listingLcps.length ? Math.min(...listingLcps) : null,
      listingPageLcpRunsMs: listingLcps,
      imagesRequested: browseImages,
      originalsRequested: images.slice(0, browseImages).filter((p) => p.startsWith("/images/chatbots/")).length,
      cardImagesLazy: lazy.filter((l) => l === "lazy").length,
      cardImagesEager: lazy.filter((l) => l === "eager").length,
    };
  } finally {
    await browser.close();
  }
}
