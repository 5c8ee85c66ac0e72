import Fastify, { type FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";
import { loggerOptions } from "./logger.js";
import absoluteImageUrls from "./plugins/app/absolute-image-urls.js";
import configPlugin from "./plugins/app/config.js";
import currentUser from "./plugins/app/current-user.js";
import database from "./plugins/app/database.js";
import errorPages from "./plugins/app/error-pages.js";
import errors from "./plugins/app/errors.js";
import feeds from "./plugins/app/feeds.js";
import identity from "./plugins/app/identity.js";
import imageJobs from "./plugins/app/image-jobs.js";
import images from "./plugins/app/images.js";
import listingStats from "./plugins/app/listing-stats.js";
import notifications from "./plugins/app/notifications.js";
import originCheck from "./plugins/app/origin-check.js";
import orphanSweeper from "./plugins/app/orphan-sweeper.js";
import pageHead from "./plugins/app/page-head.js";
import publicReadCors from "./plugins/app/public-read-cors.js";
import responseCache from "./plugins/app/response-cache.js";
import rest from "./plugins/app/rest.js";
import sitemap from "./plugins/app/sitemap.js";
import storage from "./plugins/app/storage.js";
import trpc from "./plugins/app/trpc.js";
import web from "./plugins/app/web.js";
import compress from "./plugins/external/compress.js";
import helmet from "./plugins/external/helmet.js";
import multipart from "./plugins/external/multipart.js";
import rateLimit from "./plugins/external/rate-limit.js";
import session from "./plugins/external/session.js";
import swagger from "./plugins/external/swagger.js";
import underPressure from "./plugins/external/under-pressure.js";

/**
 * How long an idle client connection stays open: Fastify's default, stated so tests can idle past it. Above
 * the 60 s idle timeout of common proxies and load balancers, so they close a reused connection first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the whole api (not listening). Plugins are registered in dependency order. */
export async function buildApp(config: Config, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    // Larger than the 5 MB image limit so multipart gets to say 413 with its own message.
    bodyLimit: 1024 * 1024,
    // The embedded database (PostgreSQL in WASM) can take longer than Fastify's default 10 s to boot on a busy machine.
    pluginTimeout: 60_000,
    // tRPC names every procedure of a batch in one path parameter (`/trpc/a,b,c`): Fastify's default
    // of 100 characters answered a page's batch of a dozen calls with 414 (tRPC's Fastify adapter guide).
    routerOptions: { maxParamLength: 5000 },
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // A graceful stop (server.ts): idle connections are closed at once, and a request arriving on a busy one
    // is answered 503 before any work, so the proxy sends it to another replica (Fastify's defaults, relied on).
    forceCloseConnections: "idle",
    return503OnClosing: true,
    ...options,
  });
  await app.register(configPlugin, { config });
  await app.register(errors);
  await app.register(database);
  await app.register(storage);
  await app.register(identity);
  // Its onSend runs before the response cache's, so a shared copy keeps the absolute image URLs.
  await app.register(absoluteImageUrls);
  // Before the plugins whose per-request work a shared copy skips (headers, cookies, session).
  await app.register(responseCache);
  // Before every route: it hooks each route as the route is declared.
  await app.register(compress);
  await app.register(helmet);
  // An overloaded server turns requests away before doing any work for them (shared copies still answer).
  await app.register(underPressure);
  await app.register(originCheck);
  await app.register(publicReadCors);
  await app.register(session);
  await app.register(multipart);
  await app.register(rateLimit);
  await app.register(currentUser);
  await app.register(listingStats);
  await app.register(trpc);
  // Before the /api routes, which it documents as they are registered.
  await app.register(swagger);
  // Before the /api routes: its streams are what GET /api/user/notifications/stream opens.
  await app.register(notifications);
  await app.register(rest);
  await app.register(images);
  await app.register(orphanSweeper);
  await app.register(imageJobs);
  await app.register(web);
  await app.register(pageHead);
  await app.register(errorPages);
  await app.register(sitemap);
  await app.register(feeds);
  return app;
}
