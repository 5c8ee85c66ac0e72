import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";
import { errorBody } from "../../http/errors.js";
import { DRAWER_DIR, loadPageDrawer, rememberDrawings } from "../../services/first-screen.js";
import { type PageCode, pageModules, type WebManifest } from "../../services/web-manifest.js";

/** Paths the web app routes itself (spec section 2); anything else gets its 404 page with status 404. */
const CLIENT_ROUTES = [
  /^\/series\/[^/]+\/[^/]+\/?$/,
  /^\/profile\/[^/]+\/$/,
  /^\/dashboard\/?$/,
  /^\/saved\/?$/,
  /^\/admin\/?$/,
  /^\/auth\/?$/,
];
const SERVER_PREFIXES = ["/api/", "/trpc/", "/images/"];

/**
 * Serves the built web app (one origin with the api) and answers unknown paths. The public pages
 * themselves (/, listings, profiles) are page-head.ts's routes.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const indexFile = root ? path.join(root, "index.html") : undefined;
    const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;
    app.decorate("webIndexHtml", indexHtml);
    const manifestFile = root ? path.join(root, ".vite", "manifest.json") : undefined;
    const manifest: WebManifest =
      manifestFile && existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
    app.decorate("webPageModules", (pages: readonly PageCode[]) => pageModules(manifest, pages));
    const drawer = root && indexHtml ? await loadPageDrawer(root) : undefined;
    app.decorate("drawWebPage", drawer && rememberDrawings(drawer));

    if (root && indexHtml) {
      // The web app's own files are what a browser needs to render: never turned away under pressure.
      await app.register(async (files) => {
        files.addHook("onRoute", (route) => {
          route.config = { ...route.config, rendersPage: true };
        });
        await files.register(fastifyStatic, {
          root,
          wildcard: false,
          index: false,
          // The first-screen drawer is the server's code, not a file for browsers.
          allowedPath: (pathName) => !pathName.startsWith(`/${DRAWER_DIR}/`),
          // The build writes a .br and a .gz beside each script and style (apps/web/vite.config.ts): sent to a
          // client that accepts one, with `Vary: Accept-Encoding`, so nothing is compressed per request.
          preCompressed: true,
          setHeaders(res, filePath) {
            // Vite fingerprints everything under assets/, so those never change.
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
            res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
          },
        });
      });
    } else {
      app.log.warn("web app not built: only the api is served");
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const wantsPage = (request.method === "GET" || request.method === "HEAD") && indexHtml;
      if (!wantsPage || SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === "/trpc") {
        return reply.status(404).send(errorBody(404, "Not Found"));
      }
      const known = CLIENT_ROUTES.some((route) => route.test(pathname));
      return sendIndex(reply, known ? 200 : 404);
    });

    function sendIndex(reply: import("fastify").FastifyReply, status: number) {
      return reply.status(status).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
    }
  },
  { name: "web", dependencies: ["config"] },
);
