// Issue 12's listing-page scenarios for `pnpm bench` (hooked into run.ts): the served listing page
// (index.html with its head filled), GET /api/chatbots/{id}, and the time to generate the whole
// sitemap (index and every file) for the seeded gallery.
import { listingPath } from "@gallery/schema";

export interface PageScenario {
  name: string;
  path: string;
  onlyLargest?: boolean;
}

/** A listing a visitor may see (the gallery's newest), and the two reads of its page. */
export async function listingPageScenarios(baseUrl: string): Promise<PageScenario[]> {
  const [listing] = (await (await fetch(`${baseUrl}/api/chatbots?limit=1`)).json()) as Array<{
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
