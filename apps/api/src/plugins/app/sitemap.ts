import { collectionPath, idSchema, listingPath } from "@gallery/schema";
import escapeHtml from "escape-html";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { type SitemapFile, type SitemapSection, sitemapEntries, sitemapFiles } from "../../domain/sitemap.js";
import { siteOrigin } from "../../http/site-origin.js";
import { SAME_FOR_EVERYONE } from "../../services/response-cache.js";

const XML = "application/xml; charset=utf-8";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** robots.txt names no listing: anyone may keep it for an hour. */
const ROBOTS_CACHE = "public, max-age=3600";
/**
 * A crawler may keep a sitemap for an hour, but a shared cache (CDN, proxy) no longer than it may keep a
 * listing's own answers (its page: `no-cache`; the REST read: no lifetime): it asks again on every use.
 * Otherwise a listing that turned NSFW, or was deleted, would stay named in a CDN's copy for the hour.
 */
const SITEMAP_CACHE = "public, max-age=3600, s-maxage=0, proxy-revalidate";

/** A file's range; a link of the old form (`from` alone) reads perFile entries from there. */
const fileSchema = z.object({ from: idSchema.optional(), to: idSchema.optional() });

const loc = (url: string) => `<loc>${escapeHtml(url)}</loc>`;

/**
 * /robots.txt and the sitemap: /sitemap.xml is a sitemap index of the home page and of files of at most
 * SITEMAP_URLS_PER_FILE listing or profile pages, each a range of ids
 * (`/sitemap-listings.xml?from={id}&to={id}`) read with keyset-paged queries; the index costs the same at
 * any size (domain/sitemap.ts), so 1,000,000 listings are as cheap per file as 1,000. Only what a
 * visitor may open is listed (domain/sitemap.ts), whoever asks: the index and its files are shared copies
 * (plugins/app/response-cache.ts) until a listing or creator changes, so crawlers walking the whole
 * sitemap cost one read per file per change.
 */
export default fp(
  async (app) => {
    const perFile = app.config.sitemapUrlsPerFile;
    const db = () => app.database.db;
    const config = { sharedBy: SAME_FOR_EVERYONE };

    app.get("/robots.txt", async (request, reply) => {
      const base = siteOrigin(request);
      const lines = [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /trpc/",
        "Disallow: /dashboard",
        "Disallow: /saved",
        "Disallow: /admin",
        "Disallow: /auth",
        "Disallow: /series/",
        "",
        `Sitemap: ${base}/sitemap.xml`,
        "",
      ];
      return reply.header("Cache-Control", ROBOTS_CACHE).type("text/plain; charset=utf-8").send(lines.join("\n"));
    });

    app.get("/sitemap.xml", { config }, async (request, reply) => {
      const base = siteOrigin(request);
      const [listings, profiles, collections] = await Promise.all([
        sitemapFiles(db(), "listings", perFile),
        sitemapFiles(db(), "profiles", perFile),
        sitemapFiles(db(), "collections", perFile),
      ]);
      const fileUrl = (name: SitemapSection, { from, to }: SitemapFile) =>
        `${base}/sitemap-${name}.xml?from=${from}${to === undefined ? "" : `&to=${to}`}`;
      const files = [
        `${base}/sitemap-pages.xml`,
        ...listings.map((file) => fileUrl("listings", file)),
        ...profiles.map((file) => fileUrl("profiles", file)),
        ...collections.map((file) => fileUrl("collections", file)),
      ];
      const body = `${XML_HEAD}<sitemapindex ${NS}>\n${files.map((url) => `<sitemap>${loc(url)}</sitemap>\n`).join("")}</sitemapindex>\n`;
      return reply.header("Cache-Control", SITEMAP_CACHE).type(XML).send(body);
    });

    app.get("/sitemap-pages.xml", async (request, reply) => {
      const body = `${XML_HEAD}<urlset ${NS}>\n<url>${loc(`${siteOrigin(request)}/`)}</url>\n</urlset>\n`;
      return reply.header("Cache-Control", SITEMAP_CACHE).type(XML).send(body);
    });

    const section =
      (name: SitemapSection) => async (request: FastifyRequest, reply: import("fastify").FastifyReply) => {
        const parsed = fileSchema.safeParse(request.query);
        if (!parsed.success) return reply.status(400).send({ message: "Invalid id" });
        const range = parsed.data;
        const base = siteOrigin(request);
        // Built whole (at most 50,000 URLs, a few MB) rather than streamed: a copy keeps whole answers, and a failed
        // read answers an error instead of a cut-off file.
        let body = `${XML_HEAD}<urlset ${NS}>\n`;
        for await (const batch of sitemapEntries(db(), name, range, perFile)) {
          for (const entry of batch) {
            const path =
              entry.title === null
                ? `/profile/${entry.id}`
                : name === "collections"
                  ? collectionPath({ id: entry.id, title: entry.title })
                  : listingPath({ id: entry.id, title: entry.title });
            body += `<url>${loc(base + path)}<lastmod>${entry.lastmod}</lastmod></url>\n`;
          }
        }
        body += "</urlset>\n";
        return reply.header("Cache-Control", SITEMAP_CACHE).type(XML).send(body);
      };
    app.get("/sitemap-listings.xml", { config }, section("listings"));
    app.get("/sitemap-profiles.xml", { config }, section("profiles"));
    app.get("/sitemap-collections.xml", { config }, section("collections"));
  },
  { name: "sitemap", dependencies: ["config", "database"] },
);
