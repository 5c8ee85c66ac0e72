import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A stand-in for the built web app (WEB_DIST): an index.html shaped like Vite's, with the head the served
 * pages fill, so tests of served pages need no web build (and, when given, a stand-in first-screen drawer).
 */
export function fakeWebDist({ drawer }: { drawer?: string } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "gallery-web-"));
  // The first-screen drawer's module (apps/web src/entry-server.tsx, built to server/entry-server.js), when given.
  if (drawer) {
    mkdirSync(path.join(dir, "server"));
    writeFileSync(path.join(dir, "server", "entry-server.js"), drawer);
  }
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n' +
      '    <meta name="description" content="Default description." />\n    <title>Chatbot Gallery</title>\n' +
      '    <script type="module" src="/assets/app.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  return dir;
}
