// Issue 12's listing-page scenarios for `pnpm bench` (hooked into run.ts): the served listing page
// (index.html with its head filled), GET /api/chatbots/{id}, and the time to generate the whole
// sitemap (index and every file) for the seeded gallery.
import { listingPath } from "@gallery/schema";

/**
 * A GET the bench needs an answer to (not a measurement): on a busy machine the api may shed it (503,
 * under-pressure), so it asks again a few times before giving up.
 */
export const fetchServed = (url: string): Promise<Response> =>
  askUntilServed(async () => {
    const response = await fetch(url);
    if (response.status === 503) await response.arrayBuffer();
    return response;
  });

/** Asks again, a quarter second apart and at most 20 more times, while the api sheds the request with 503. */
export async function askUntilServed<T extends { status: number }>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await ask();
    if (answer.status !== 503 || attempt === 20) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface PageScenario {
  name: string;
  path: string;
  onlyLargest?: boolean;
}

/** A listing a visitor may see (the gallery's newest), and the two reads of its page. */
export async function listingPageScenarios(baseUrl: string): Promise<PageScenario[]> {
  const [listing] = (await (await fetchServed(`${baseUrl}/api/chatbots?limit=1`)).json()) as Array<{
    id: string;
    title: string;
  }>;
  if (!listing) return [];
  return [
    { name: "listing page (served HTML)", path: listingPath(listing) },
    { name: "GET /api/chatbots/{id}", path: `/api/chatbots/${listing.id}` },
  ];
}

/** Milliseconds to read /sitemap.xml and every file it lists, bodies streamed to the end; and how many URLs. */
export async function measureSitemap(baseUrl: string): Promise<{ ms: number; files: number; urls: number }> {
  const started = performance.now();
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  let urls = 0;
  for (const file of files) {
    const body = await (await fetch(new URL(new URL(file).pathname + new URL(file).search, baseUrl))).text();
    urls += body.split("<url>").length - 1;
  }
  return { ms: Math.round(performance.now() - started), files: files.length, urls };
}

/** The sitemap index, and its last file (the deepest keyset read): what a crawler asks for. */
export async function sitemapScenarios(baseUrl: string): Promise<PageScenario[]> {
  const index = await (await fetchServed(`${baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replaceAll("&amp;", "&")));
  const last = files.filter((file) => file.search.includes("listings") || file.pathname.includes("listings")).at(-1);
  return [
    { name: "sitemap index", path: "/sitemap.xml" },
    ...(last ? [{ name: "sitemap file (last listings file)", path: last.pathname + last.search }] : []),
  ];
}
