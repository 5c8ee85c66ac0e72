/**
 * The built web app's manifest (Vite's .vite/manifest.json): for a page's own code (a route's lazy chunk), the
 * built files it needs. The served head lists them as module preloads, so the browser fetches a page's code
 * with the app's entry instead of discovering it only once the entry has run (a round trip and more per level).
 */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type WebManifest = Record<string, ManifestChunk>;

/** The page code of each served page, by its source file in apps/web (the route's lazy component). */
export const PAGE_SOURCES = {
  browse: "src/pages/browse.tsx",
  rails: "src/components/browse/discovery-rails.tsx",
  listing: "src/pages/listing.tsx",
  profile: "src/pages/profile.tsx",
} as const;
export type PageCode = keyof typeof PAGE_SOURCES;

/**
 * The files (as `/assets/...` paths) the given page code needs beyond the entry's own (index.html already
 * preloads those), static imports followed all the way down; none when the manifest lacks the page.
 */
export function pageModules(manifest: WebManifest, pages: readonly PageCode[]): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  if (entry) collect(Object.keys(manifest).find((key) => manifest[key] === entry)!, loaded);
  const needed = new Set<string>();
  for (const page of pages) collect(PAGE_SOURCES[page], needed);
  return [...needed].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key]!.file}`);
}
