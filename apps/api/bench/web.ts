/// <reference lib="dom" />
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

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

/** Largest contentful paint of the browse page and what its images are, in Debian's Chromium. */
export async function measureWeb(baseUrl: string, dist: string) {
  const browser = await chromium.launch({
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
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const images: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") images.push(new URL(request.url()).pathname);
    });
    const lcps: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(`${baseUrl}/`, { waitUntil: "load" });
      await page.waitForSelector("[data-testid=chatbot-card] img", { timeout: 15_000 });
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
    const lazy = await page.$$eval("[data-testid=chatbot-card] img", (nodes) =>
      nodes.map((n) => (n as HTMLImageElement).loading),
    );
    return {
      initialJavaScript: initialJavaScript(dist),
      lcpMs: Math.round(Math.min(...lcps)),
      lcpRunsMs: lcps.map(Math.round),
      imagesRequested: images.length,
      originalsRequested: images.filter((p) => p.startsWith("/images/chatbots/")).length,
      cardImagesLazy: lazy.filter((l) => l === "lazy").length,
      cardImagesEager: lazy.filter((l) => l === "eager").length,
    };
  } finally {
    await browser.close();
  }
}
