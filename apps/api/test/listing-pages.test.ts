// Issue 12 items 1, 2, 6: a listing's page and its one-listing reads, the served heads of public pages,
// robots.txt and the sitemap, and CORS on the public read API. The app serves a stand-in for the built
// index.html (the real one is checked in e2e/listing-page.spec.ts).
import { chatbotResponseSchema, creatorSchema, pagePictureSources } from "@gallery/schema";
import CachePolicy from "http-cache-semantics";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { askUntilCopy, sendForm, sendJson } from "./support/requests.js";
import { fakeWebDist } from "./support/web-dist.js";

const webDist = fakeWebDist();
const PUBLIC_URL = "https://gallery.example";
test.override("appEnv", { WEB_DIST: webDist, PUBLIC_URL, SITEMAP_URLS_PER_FILE: "2" });

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let sfw: Awaited<ReturnType<typeof createListing>>;
let nsfw: Awaited<ReturnType<typeof createListing>>;
const SECRET = "Velvet Secret";

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  owner = await signUp(app);
  await sendJson(app, "PUT", "/api/user/nickname", { nickname: "Maker" }, owner.cookie);
  sfw = await createListing(app, owner.cookie, {
    title: "Café Knight: The Return!",
    tagline: "A knight who runs a café",
    description: "Line one\r\nLine two with <b>https://example.com</b>",
    tags: "fantasy, cozy",
    storySeries: "Ember",
    polybuzzCid: "pb-1",
  });
  // Its own picture: an image an SFW listing also uses is public.
  nsfw = await createListing(
    app,
    owner.cookie,
    { title: SECRET, tagline: "hidden tagline", nsfw: "true" },
    await pngImage(64, 128, "#b00020"),
  );
});

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const trpcById = (id: string, cookie?: string) =>
  get(`/trpc/chatbots.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`, cookie);
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe("tagline and description", () => {
  it("are stored trimmed, with line breaks as LF, and come back in the read shape", () => {
    expect(sfw.tagline).toBe("A knight who runs a café");
    expect(sfw.description).toBe("Line one\nLine two with <b>https://example.com</b>");
    expect(chatbotResponseSchema.strict().parse(sfw)).toEqual(sfw);
  });

  it("refuse text over their limits with the spec's messages and change nothing", async () => {
    for (const [field, length, message] of [
      ["tagline", 121, "Tagline must be 120 characters or less"],
      ["description", 4001, "Description must be 4000 characters or less"],
    ] as const) {
      const body = multipart({ [field]: "x".repeat(length) });
      const response = await sendForm(app, "PUT", `/api/chatbots/${sfw.id}`, body, owner.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect((await get(`/api/chatbots/${sfw.id}`)).json()).toMatchObject({ tagline: sfw.tagline });
  });

  it("clear when sent empty", async () => {
    const created = await createListing(app, owner.cookie, { title: "Clearable", tagline: "soon gone" });
    const body = multipart({ tagline: "" });
    const response = await sendForm(app, "PUT", `/api/chatbots/${created.id}`, body, owner.cookie);
    expect(response.json()).toMatchObject({ tagline: null });
    await app.inject({ method: "DELETE", url: `/api/chatbots/${created.id}`, headers: { cookie: owner.cookie } });
  });
});

describe("GET /api/chatbots/{id} and chatbots.byId", () => {
  it("answer one listing with its creator", async () => {
    const response = await get(`/api/chatbots/${sfw.id}`);
    expect(response.statusCode).toBe(200);
    const listing = chatbotResponseSchema.extend({ user: creatorSchema }).parse(response.json());
    expect(listing).toMatchObject({ id: sfw.id, title: sfw.title, user: { nickname: "Maker", email: null } });
    const viaTrpc = await trpcById(sfw.id);
    expect(viaTrpc.json().result.data).toEqual(response.json());
  });

  it("say 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/api/chatbots/${unknown}`)).statusCode).toBe(404);
    expect((await get(`/api/chatbots/${unknown}`)).json()).toMatchObject({ message: "Chatbot not found" });
    expect((await trpcById(unknown)).statusCode).toBe(404);
    expect((await get("/api/chatbots/not-an-id")).statusCode).toBe(400);
  });

  it("give a visitor 401 Unauthorized and nothing of an NSFW listing; a member gets it", async () => {
    const rest = await get(`/api/chatbots/${nsfw.id}`);
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toMatchObject({ message: "Unauthorized" });
    const trpc = await trpcById(nsfw.id);
    expect(trpc.statusCode).toBe(401);
    expect(trpc.body).not.toContain(SECRET);
    expect(trpc.body).not.toContain("hidden tagline");
    const member = await get(`/api/chatbots/${nsfw.id}`, owner.cookie);
    expect(member.json()).toMatchObject({ title: SECRET, nsfw: true });
  });

  it("are documented in the OpenAPI document", async () => {
    const document = (await get("/api/openapi.json")).json();
    const operation = document.paths["/api/chatbots/{id}"].get;
    expect(operation.operationId).toBe("getChatbot");
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "401", "404"]));
    expect(document.info.description).toContain("Access-Control-Allow-Origin");
  });
});

describe("listing pages", () => {
  const slug = "cafe-knight-the-return";

  it("serve index.html with the listing's head at its slug", async () => {
    const response = await get(`/chatbots/${sfw.id}/${slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Café Knight: The Return! — Chatbot Gallery</title>");
    expect(metaContent(html, "description")).toBe("A knight who runs a café");
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/chatbots/${sfw.id}/${slug}" />`);
    // The share preview (test/share-previews.test.ts); search engines get the picture itself.
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^${PUBLIC_URL}/images/previews/[a-f0-9-]+\\.jpg$`));
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      "@type": "CreativeWork",
      name: sfw.title,
      image: sfw.thumbnailUrl,
      author: { name: "Maker" },
    });
    // Its picture is fetched from the head, with the very sources the page's <img> has (the phone's LCP).
    const picture = pagePictureSources(sfw.thumbnailUrl, sfw.imageUrl)!;
    expect(picture.srcSet).toContain(sfw.imageUrl);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${picture.src}" imagesrcset="${picture.srcSet}" imagesizes="${picture.sizes}" fetchpriority="high" />`,
    );
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it("redirect a bare id, an old or a wrong slug to the current one (301), keeping the query", async () => {
    for (const asked of [`/chatbots/${sfw.id}`, `/chatbots/${sfw.id}/old-title`]) {
      const response = await get(asked);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/chatbots/${sfw.id}/${slug}`);
    }
    expect((await get(`/chatbots/${sfw.id}/x?ref=share`)).headers.location).toBe(
      `/chatbots/${sfw.id}/${slug}?ref=share`,
    );
  });

  it("give a visitor the sign-in treatment for an NSFW listing: 401, no redirect, nothing of it in the HTML", async () => {
    for (const asked of [`/chatbots/${nsfw.id}`, `/chatbots/${nsfw.id}/guess`]) {
      const response = await get(asked);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toMatch(/velvet|hidden tagline/i);
      expect(response.body).not.toContain(nsfw.thumbnailUrl!);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(metaContent(response.body, "og:image")).toBe(`${PUBLIC_URL}/og-image.png`);
    }
    const member = await get(`/chatbots/${nsfw.id}/velvet-secret`, owner.cookie);
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain(`<title>${SECRET} — Chatbot Gallery</title>`);
    // Even for a member, an NSFW picture never goes into a share preview, nor into the head's preload.
    expect(metaContent(member.body, "og:image")).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(member.body).not.toContain('rel="preload" as="image"');
  });

  it("answer 404 for an unknown or malformed id", async () => {
    expect((await get("/chatbots/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get("/chatbots/nope")).statusCode).toBe(404);
  });

  const setTagline = async (tagline: string) => {
    const form = multipart({ tagline });
    const response = await sendForm(app, "PUT", `/api/chatbots/${sfw.id}`, form, owner.cookie);
    expect(response.statusCode).toBe(200);
  };

  it("serve a repeated page from a shared copy that an edit drops at once; a 401 or a redirect is never kept", async () => {
    const url = `/chatbots/${sfw.id}/${slug}`;
    const first = await get(url);
    const again = await askUntilCopy(() => get(url));
    expect(again.body).toBe(first.body);
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    // Without PUBLIC_URL a head's links come from the host asked for: a copy is kept per host.
    const otherHost = await app.inject({ method: "GET", url, headers: { host: "mirror.example" } });
    expect(otherHost.headers.age).toBeUndefined();

    await setTagline("A knight who runs a tea room");
    const edited = await get(url);
    expect(edited.headers.age).toBeUndefined();
    expect(metaContent(edited.body, "description")).toBe("A knight who runs a tea room");

    for (const asked of [`/chatbots/${nsfw.id}/velvet-secret`, `/chatbots/${sfw.id}`]) {
      await get(asked);
      const repeated = await get(asked);
      expect(repeated.statusCode).not.toBe(200);
      expect(repeated.headers.age).toBeUndefined();
    }
    await setTagline("A knight who runs a café");
  });

  it("escape every value: a hostile title stays text in the title, meta tags and JSON-LD", async () => {
    const hostile = `</title><script>alert("x")</script>" onload="x' & </script>`;
    const created = await createListing(app, owner.cookie, { title: hostile, tagline: `"><img src=x>` });
    const response = await get(`/chatbots/${created.id}`);
    const html = (await get(response.headers.location as string)).body;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x>");
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(jsonLd).not.toContain("<");
    expect(JSON.parse(jsonLd).name).toBe(hostile);
    await app.inject({ method: "DELETE", url: `/api/chatbots/${created.id}`, headers: { cookie: owner.cookie } });
  });
});

describe("other public pages", () => {
  it("fill the gallery's and a search's head", async () => {
    const home = (await get("/")).body;
    expect(home).toContain("<title>Chatbot Gallery</title>");
    expect(home).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    const search = await get("/?search=%3Cknight%3E");
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain("<title>Search: &lt;knight&gt; — Chatbot Gallery</title>");
    expect(search.body).toContain(`href="${PUBLIC_URL}/?search=%3Cknight%3E"`);
  });

  it("fill a profile's head, and answer 404 for an unknown profile", async () => {
    const profile = await get(`/profile/${owner.user.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain("<title>Maker — Chatbot Gallery</title>");
    expect(metaContent(profile.body, "og:type")).toBe("profile");
    expect((await get("/profile/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("robots.txt and the sitemap", () => {
  it("robots.txt points to the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(response.body).toContain("Disallow: /api/");
    // A member's own pages: nothing for a crawler, which would only be shown the sign-in page.
    for (const page of ["/dashboard", "/saved", "/admin", "/auth"]) {
      expect(response.body.split("\n")).toContain(`Disallow: ${page}`);
    }
  });

  it("sitemap files are kept by shared caches no longer than a listing's answers are", async () => {
    /** Seconds a cache may answer with its copy without asking the app again. */
    const lifetime = async (url: string, shared: boolean) => {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const headers = response.headers as CachePolicy.Headers;
      const policy = new CachePolicy({ url, method: "GET", headers: {} }, { status: 200, headers }, { shared });
      return Math.round(policy.timeToLive() / 1000);
    };
    const listingAnswers = [`/chatbots/${sfw.id}/cafe-knight-the-return`, `/api/chatbots/${sfw.id}`];
    const longestListing = Math.max(...(await Promise.all(listingAnswers.map((url) => lifetime(url, true)))));
    const index = (await get("/sitemap.xml")).body;
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    const sitemaps = ["/sitemap.xml", ...files.map((url) => url.replace(PUBLIC_URL, ""))];
    expect(sitemaps.length).toBeGreaterThanOrEqual(4);
    for (const url of sitemaps) {
      expect(await lifetime(url, true), url).toBeLessThanOrEqual(longestListing);
      // A crawler (not a shared cache) may still keep one for an hour.
      expect(await lifetime(url, false), url).toBe(3600);
    }
  });

  it("index files of at most SITEMAP_URLS_PER_FILE pages that together list every SFW listing once, and no NSFW one", async () => {
    const extra = [];
    for (let i = 0; i < 4; i++) extra.push(await createListing(app, owner.cookie, { title: `Paged ${i}` }));
    const index = await get("/sitemap.xml");
    expect(index.headers["content-type"]).toContain("application/xml");
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    const listingFiles = files.filter((url) => url.includes("sitemap-listings.xml"));
    // 5 SFW listings, 2 a file.
    expect(listingFiles).toHaveLength(3);
    const urls: string[] = [];
    for (const file of listingFiles) {
      const body = (await get(file.replace(PUBLIC_URL, ""))).body;
      const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(2);
      urls.push(...locs);
    }
    const expected = [sfw, ...extra].map((listing) => listing.id);
    expect(urls).toHaveLength(expected.length);
    for (const id of expected) expect(urls.some((url) => url.startsWith(`${PUBLIC_URL}/chatbots/${id}/`))).toBe(true);
    expect(urls.join()).not.toContain(nsfw.id);
    expect(urls).toContain(`${PUBLIC_URL}/chatbots/${sfw.id}/cafe-knight-the-return`);
    const profiles = files.filter((url) => url.includes("sitemap-profiles.xml"));
    expect(profiles).toHaveLength(1);
    expect((await get(profiles[0]!.replace(PUBLIC_URL, ""))).body).toContain(`${PUBLIC_URL}/profile/${owner.user.id}`);
    expect((await get("/sitemap-listings.xml?from=bad")).statusCode).toBe(400);
    for (const listing of extra) {
      await app.inject({ method: "DELETE", url: `/api/chatbots/${listing.id}`, headers: { cookie: owner.cookie } });
    }
  });

  it("the index and its files come from a shared copy, alike for visitors and members, until a listing changes", async () => {
    const member = await signUp(app);
    const listingFiles = async () => {
      const index = (await get("/sitemap.xml")).body;
      return [...index.matchAll(/<loc>([^<]+)<\/loc>/g)]
        .map((m) => m[1]!.replaceAll("&amp;", "&").replace(PUBLIC_URL, ""))
        .filter((url) => url.includes("sitemap-listings.xml"));
    };
    const files = await listingFiles();
    for (const url of ["/sitemap.xml", ...files]) {
      const first = await get(url);
      // Asked again until a copy answers: a change notified late (an earlier test's write, on a busy machine)
      // may drop the first copy; one must be kept and answered from while nothing changes.
      await expect
        .poll(
          async () => {
            const again = await get(url);
            return [again.statusCode, again.headers.age !== undefined, again.body, again.headers["content-type"]];
          },
          { message: url },
        )
        .toEqual([200, true, first.body, "application/xml; charset=utf-8"]);
      expect((await get(url, member.cookie)).body, url).toBe(first.body);
    }
    // A new SFW listing is in the very next sitemap: every copy went with the change.
    const fresh = await createListing(app, owner.cookie, { title: "Sitemap Fresh" });
    const after = await Promise.all((await listingFiles()).map((url) => get(url)));
    expect(after.every((file) => file.headers.age === undefined)).toBe(true);
    expect(after.map((file) => file.body).join()).toContain(`${PUBLIC_URL}/chatbots/${fresh.id}/sitemap-fresh`);
    await app.inject({ method: "DELETE", url: `/api/chatbots/${fresh.id}`, headers: { cookie: owner.cookie } });
  });
});

describe("CORS: the public read API", () => {
  const origin = { origin: "https://tool.example" };
  const read = (url: string, method: "GET" | "POST" | "PUT" = "GET") => app.inject({ method, url, headers: origin });
  /** The public reads: the gallery, a listing, a profile and a creator's listings. */
  const publicReads = () => [
    "/api/chatbots?limit=1",
    `/api/chatbots/${sfw.id}`,
    `/api/users/${owner.user.id}`,
    `/api/users/${owner.user.id}/chatbots`,
  ];

  it("lets any origin read the gallery, a listing, a profile and a creator's listings, with the Link header", async () => {
    for (const url of publicReads()) {
      const response = await read(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(response.headers["access-control-expose-headers"]).toBe(
        "Link, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset",
      );
    }
  });

  it("lets any origin load an SFW image, never an NSFW one", async () => {
    const image = await read(sfw.thumbnailUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers["access-control-allow-origin"]).toBe("*");
    const hidden = await read(nsfw.thumbnailUrl!);
    expect(hidden.statusCode).toBe(401);
    expect(hidden.headers["access-control-allow-origin"]).toBeUndefined();
  });

  const preflight = (url: string, method: string) =>
    app.inject({
      method: "OPTIONS",
      url,
      headers: {
        ...origin,
        "access-control-request-method": method,
        "access-control-request-headers": "authorization,x-tool-version",
      },
    });

  it("answers a browser's preflight for those reads: any origin, GET, the headers asked for, no credentials", async () => {
    for (const url of [...publicReads(), sfw.thumbnailUrl!]) {
      const response = await preflight(url, "GET");
      expect(response.statusCode, url).toBe(204);
      expect(response.headers["access-control-allow-origin"], url).toBe("*");
      expect(String(response.headers["access-control-allow-methods"]).split(/,\s*/), url).toContain("GET");
      expect(response.headers["access-control-allow-headers"], url).toBe("authorization,x-tool-version");
      expect(Number(response.headers["access-control-max-age"]), url).toBeGreaterThan(0);
      expect(response.headers["access-control-allow-credentials"], url).toBeUndefined();
      expect(response.body, url).toBe("");
    }
  });

  it("allows no write through a preflight, and has none for other calls", async () => {
    for (const [url, method] of [
      [`/api/chatbots/${sfw.id}`, "PUT"],
      [`/api/chatbots/${sfw.id}`, "DELETE"],
      ["/api/chatbots", "POST"],
    ] as const) {
      const response = await preflight(url, method);
      expect(response.headers["access-control-allow-origin"], `${method} ${url}`).toBeUndefined();
      expect(response.headers["access-control-allow-methods"], `${method} ${url}`).toBeUndefined();
    }
    for (const url of ["/api/user/chatbots", "/api/auth/user", "/api/admin/stats", "/sitemap.xml"]) {
      const response = await preflight(url, "GET");
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["access-control-allow-origin"], url).toBeUndefined();
    }
    // tRPC's adapter takes every method on its path (and refuses an OPTIONS with 415), still without CORS.
    const trpc = await preflight("/trpc/chatbots.list", "GET");
    expect(trpc.statusCode).not.toBe(204);
    expect(trpc.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("sends no CORS headers anywhere else, and writes from other origins stay refused", async () => {
    for (const url of [
      "/api/auth/user",
      "/api/user/chatbots",
      "/api/admin/stats",
      "/trpc/chatbots.list",
      "/sitemap.xml",
    ]) {
      expect((await read(url)).headers["access-control-allow-origin"]).toBeUndefined();
    }
    const write = await read(`/api/chatbots/${sfw.id}`, "PUT");
    expect(write.statusCode).toBe(403);
    expect(write.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
