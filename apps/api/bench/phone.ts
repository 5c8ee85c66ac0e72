/// <reference lib="dom" />
import type { Browser, CDPSession, Page } from "@playwright/test";

/**
 * A mid-range phone on slow 4G (issue 26): 4× CPU slowdown, about 1.6 Mbit/s down, 750 kbit/s up, 150 ms round
 * trip (Lighthouse's "slow 4G" figures), a 390x844 screen at device pixel ratio 3.
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  cpuSlowdown: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};
export const PHONE_TARGETS = { lcpMs: 2500, cls: 0.05, returningFirstCardMs: 1000 };
const CARD_PICTURE = "[data-testid=chatbot-card] img";

/** What the page's paint observers saw: installed before any of its scripts run (addInitScript). */
interface PaintRecord {
  lcp: number;
  lcpElement: string;
  cls: number;
  firstCard: number;
}

declare global {
  interface Window {
    __paints: PaintRecord;
  }
}

function observePaints() {
  const record: PaintRecord = { lcp: 0, lcpElement: "", cls: 0, firstCard: 0 };
  window.__paints = record;
  const describe = (node: Element | null) => {
    if (!node) return "(removed)";
    const testId = node.closest("[data-testid]")?.getAttribute("data-testid");
    const text = node.tagName === "IMG" ? "" : ` "${(node.textContent ?? "").trim().slice(0, 40)}"`;
    return `${node.tagName.toLowerCase()}${testId ? ` in ${testId}` : ""}${text}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
      record.lcp = entry.startTime;
      record.lcpElement = describe(entry.element);
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) record.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  // The first card's picture painted (a rail's, above the fold on a phone, or the grid's): the element timing
  // of images is what LCP uses too.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { renderTime: number; element: Element | null }>)
      if (!record.firstCard && entry.element) record.firstCard = entry.renderTime || entry.startTime;
  }).observe({ type: "element", buffered: true });
  // Element timing needs an attribute on the element; the card pictures are marked as they arrive.
  const cards = ":is([data-testid=chatbot-card], [data-testid=rail-card]) img:not([elementtiming])";
  new MutationObserver(() => {
    for (const img of Array.from(document.querySelectorAll(cards))) img.setAttribute("elementtiming", "card");
  }).observe(document, { childList: true, subtree: true });
}

async function phoneProfile(page: Page, cacheDisabled: boolean): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled });
  await cdp.send("Network.emulateNetworkConditions", PHONE.network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  return cdp;
}

/** Loads `url`, waits for `ready` and for the network to settle, then reads what the observers saw. */
async function visit(page: Page, url: string, ready: string): Promise<PaintRecord> {
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForSelector(ready, { state: "visible", timeout: 60_000 });
  await page.waitForLoadState("networkidle", { timeout: 60_000 });
  const paints = await page.evaluate(() => ({ ...window.__paints }));
  if (!paints.lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
  return paints;
}

export interface PhoneRuns {
  page: string;
  runs: Array<{ lcpMs: number; lcpElement: string; cls: number }>;
  lcpMedianMs: number;
  lcpWorstMs: number;
  clsMedian: number;
  clsWorst: number;
  /** A returning visit (cache kept): when the first card's picture was painted. */
  returningFirstCardMs?: { median: number; worst: number; runs: number[] };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * First visits (a fresh context each, cache disabled) to a page under the phone profile, runCount times; with
 * `returning`, also visits after one load has filled the cache (same context, cache kept).
 */
async function measurePage(
  browser: Browser,
  url: string,
  ready: string,
  returning: boolean,
  runCount: number,
): Promise<PhoneRuns> {
  const runs: PhoneRuns["runs"] = [];
  const returningRuns: number[] = [];
  for (let run = 0; run < runCount; run++) {
    const context = await browser.newContext({
      viewport: PHONE.viewport,
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    // tsx names functions with an `__name` helper the page does not have; a no-op one stands in.
    await context.addInitScript({ content: `var __name = (f) => f; (${observePaints})();` });
    const page = await context.newPage();
    page.on("pageerror", (error) => console.log("page error:", error.message));
    const cdp = await phoneProfile(page, true);
    const first = await visit(page, url, ready);
    runs.push({ lcpMs: Math.round(first.lcp), lcpElement: first.lcpElement, cls: round3(first.cls) });
    if (returning) {
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
      // One load fills the cache (the first visit ran with it disabled), the next is the returning visit.
      await visit(page, url, ready);
      const again = await visit(page, url, ready);
      if (!again.firstCard) throw new Error(`no card picture painted on the returning visit to ${url}`);
      returningRuns.push(Math.round(again.firstCard));
    }
    await context.close();
  }
  const lcps = runs.map((r) => r.lcpMs);
  const shifts = runs.map((r) => r.cls);
  return {
    page: new URL(url).pathname,
    runs,
    lcpMedianMs: median(lcps),
    lcpWorstMs: Math.max(...lcps),
    clsMedian: median(shifts),
    clsWorst: Math.max(...shifts),
    ...(returning
      ? {
          returningFirstCardMs: {
            median: median(returningRuns),
            worst: Math.max(...returningRuns),
            runs: returningRuns,
          },
        }
      : {}),
  };
}

/** The gallery (`/`) and a listing page, first visits under the phone profile; the gallery's returning visit too. */
export async function measurePhone(browser: Browser, baseUrl: string, listingPath: string, runs = 5) {
  const cacheControl = await assetCacheControl(baseUrl);
  const gallery = await measurePage(browser, `${baseUrl}/`, CARD_PICTURE, true, runs);
  const listing = await measurePage(browser, baseUrl + listingPath, "main h1", false, runs);
  return { profile: PHONE, runsPerPage: runs, assetCacheControl: cacheControl, pages: [gallery, listing] };
}

export type PhoneResult = Awaited<ReturnType<typeof measurePhone>>;

/** The Cache-Control the server sends for the entry script (a hashed file under /assets/). */
async function assetCacheControl(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!entry) throw new Error("the served page names no /assets/ script");
  return (await fetch(baseUrl + entry)).headers.get("cache-control");
}

export function phoneTargets(result: PhoneResult) {
  const [gallery, listing] = result.pages as [PhoneRuns, PhoneRuns];
  return {
    galleryLcpUnder2500ms: { met: gallery.lcpWorstMs < PHONE_TARGETS.lcpMs, worstMs: gallery.lcpWorstMs },
    galleryClsUnder005: { met: gallery.clsWorst < PHONE_TARGETS.cls, worst: gallery.clsWorst },
    listingPageLcpUnder2500ms: { met: listing.lcpWorstMs < PHONE_TARGETS.lcpMs, worstMs: listing.lcpWorstMs },
    listingPageClsUnder005: { met: listing.clsWorst < PHONE_TARGETS.cls, worst: listing.clsWorst },
    returningFirstCardUnder1s: {
      met: (gallery.returningFirstCardMs?.worst ?? Infinity) < PHONE_TARGETS.returningFirstCardMs,
      worstMs: gallery.returningFirstCardMs?.worst,
    },
    assetsImmutable: { met: /immutable/.test(result.assetCacheControl ?? ""), cacheControl: result.assetCacheControl },
  };
}

/** The phone figures as a markdown section. */
export function phoneSection(result: PhoneResult, about: string): string {
  const targets = phoneTargets(result);
  return [
    "## Phone first visit",
    "",
    about,
    "",
    "| page | LCP median ms | LCP worst ms | LCP element (last run) | CLS median | CLS worst | returning: first card median / worst ms |",
    "|---|---|---|---|---|---|---|",
    ...result.pages.map(
      (p) =>
        `| ${p.page} | ${p.lcpMedianMs} | ${p.lcpWorstMs} | ${p.runs.at(-1)?.lcpElement ?? "-"} | ${p.clsMedian} | ${p.clsWorst} | ${p.returningFirstCardMs ? `${p.returningFirstCardMs.median} / ${p.returningFirstCardMs.worst}` : "-"} |`,
    ),
    "",
    `Cache-Control of /assets/*: \`${result.assetCacheControl}\``,
    "",
    "```json",
    JSON.stringify(targets, null, 2),
    "```",
  ].join("\n");
}
