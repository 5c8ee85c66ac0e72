import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AnsweredRead } from "@gallery/schema/first-reads";

/**
 * The web's first-screen drawer (apps/web src/entry-server.tsx): a page's markup for an address, its answers and
 * whether the request came with a session (the top bar keeps the place of what the session will show).
 */
export type DrawPage = (url: string, reads: readonly AnsweredRead[], request: { signedIn: boolean }) => Promise<string>;

/** Where the web build puts the drawer, inside the built web app (never served: plugins/app/web.ts). */
export const DRAWER_DIR = "server";

/** The built drawer beside the built web app, or none (the web app built without it, or not built). */
export async function loadPageDrawer(webRoot: string): Promise<DrawPage | undefined> {
  const file = path.join(webRoot, DRAWER_DIR, "entry-server.js");
  if (!existsSync(file)) return undefined;
  const drawer = (await import(pathToFileURL(file).href)) as { drawPage?: DrawPage };
  return drawer.drawPage;
}

/**
 * The last few drawings, by address and answers: every visitor's gallery is drawn from the same shared answers,
 * so it is drawn once per change of the gallery (tens of ms of CPU each), not once per visit.
 */
export function rememberDrawings(draw: DrawPage, size = 16): DrawPage {
  const drawings = new Map<string, Promise<string>>();
  return (url, reads, request) => {
    const key = `${url}\n${request.signedIn}\n${JSON.stringify(reads)}`;
    const known = drawings.get(key);
    if (known) return known;
    const drawing = draw(url, reads, request);
    drawings.set(key, drawing);
    // A drawing that failed is not kept; the oldest goes when there are too many.
    drawing.catch(() => drawings.delete(key));
    if (drawings.size > size) drawings.delete(drawings.keys().next().value as string);
    return drawing;
  };
}
