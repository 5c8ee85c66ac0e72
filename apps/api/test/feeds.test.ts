// Issue 24 item 5: the Atom feeds (plugins/app/feeds.ts), the gallery's newest listings and one creator's, as a
// feed reader and a shared cache get them, and the page heads that link them. Issue 39 §3: each entry's SFW picture
// (enclosure with type and length, media:thumbnail), the feed's icon and logo, and the RSS 2.0 version of each feed.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { moderate as moderateTarget } from "./support/moderation.js";
import { sendJson } from "./support/requests.js";
import { fakeWebDist } from "./support/web-dist.js";

const PUBLIC_URL = "https://gallery.example";
test.override("appEnv", { WEB_DIST: fakeWebDist(), PUBLIC_URL });

interface Link {
  "@_rel": string;
  "@_href": string;
  "@_type"?: string;
  "@_length"?: string;
}
interface Thumbnail {
  "@_url": string;
}
interface Entry {
  id: string;
  title: string;
  updated: string;
  link: Link[];
  author: { name: string; uri: string };
  summary: string;
  "media:thumbnail"?: Thumbnail;
}
interface Feed {
  id: string;
  title: string;
  updated: string;
  icon: string;
  logo: string;
  link: Link[];
  author?: { name: string; uri: string };
  entry?: Entry[];
  "@_xmlns:media": string;
}
interface RssItem {
  title: string;
  link: string;
  guid: { "#text": string; "@_isPermaLink": string };
  pubDate: string;
  "dc:creator": string;
  description: string;
  enclosure?: { "@_url": string; "@_length": string; "@_type": string };
  "media:thumbnail"?: Thumbnail;
}
interface RssChannel {
  title: string;
  link: string;
  description: string;
  lastBuildDate: string;
  "atom:link": Link;
  image: { url: string; title: string; link: string };
  item?: RssItem[];
}

const MEDIA_RSS = "http://search.yahoo.com/mrss/";

let app: TestApp;
let creator: Member;
let moderator: Member;
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  await sendJson(app, "PUT", "/api/user/nickname", { nickname: "Feed Maker" }, creator.cookie);
  moderator = await signUpAs(app, "admin");
});

/** A feed as a feed reader reads it: well-formed XML, with the elements `repeated` always lists. */
function parseXml(body: string, repeated: string[]) {
  expect(XMLValidator.validate(body)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => repeated.includes(name),
  }).parse(body);
}

/** The Atom feed: an Atom feed element. */
function parseFeed(body: string): Feed {
  const { feed } = parseXml(body, ["entry", "link"]);
  expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  return feed as Feed;
}

/** The RSS 2.0 version: `rss version="2.0"` with its one channel. */
function parseRss(body: string): RssChannel {
  const { rss } = parseXml(body, ["item", "category"]);
  expect(rss["@_version"]).toBe("2.0");
  expect(rss["@_xmlns:media"]).toBe(MEDIA_RSS);
  return rss.channel as RssChannel;
}

/** RSS 2.0's required channel elements (title, link, description) and each item's title or description, guid and date. */
function expectRss(channel: RssChannel, selfUrl: string, pageUrl: string) {
  expect(channel.title).toBeTruthy();
  expect(channel.link).toBe(pageUrl);
  expect(channel.description).toBeTruthy();
  expect(channel["atom:link"]).toMatchObject({ "@_rel": "self", "@_href": selfUrl, "@_type": "application/rss+xml" });
  expect(Number.isNaN(Date.parse(channel.lastBuildDate))).toBe(false);
  expect(channel.image).toEqual({ url: `${PUBLIC_URL}/feed-logo.png`, title: channel.title, link: pageUrl });
  for (const item of channel.item ?? []) {
    expect(item.title).toBeTruthy();
    expect(item.link).toMatch(new RegExp(`^${PUBLIC_URL}/chatbots/`));
    expect(item.guid).toMatchObject({ "#text": expect.stringMatching(/^urn:uuid:/), "@_isPermaLink": "false" });
    expect(new Date(item.pubDate).toUTCString()).toBe(item.pubDate);
    expect(item["dc:creator"]).toBeTruthy();
  }
}

const enclosureOf = (entry: Entry) => entry.link.find((link) => link["@_rel"] === "enclosure");

/** The size in bytes of what GET answers for a picture's address (absolute, on PUBLIC_URL). */
async function servedSize(url: string) {
  const response = await get(url.slice(PUBLIC_URL.length));
  expect(response.statusCode).toBe(200);
  return response.rawPayload.length;
}

/** RFC 4287's required elements: feed id, title, updated, a self link; each entry's id, title, updated, link, author, summary. */
function expectAtom(feed: Feed, selfUrl: string) {
  expect(feed.id).toBeTruthy();
  expect(feed.title).toBeTruthy();
  expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
  expect(feed.link.find((link) => link["@_rel"] === "self")).toMatchObject({
    "@_href": selfUrl,
    "@_type": "application/atom+xml",
  });
  for (const entry of feed.entry ?? []) {
    expect(entry.id).toMatch(/^urn:uuid:/);
    expect(entry.title).toBeTruthy();
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    expect(entry.link[0]?.["@_href"]).toMatch(new RegExp(`^${PUBLIC_URL}/chatbots/`));
    expect(entry.author.name).toBeTruthy();
    expect(entry.summary).toBeTruthy();
  }
}

const titlesOf = (feed: Feed) => (feed.entry ?? []).map((entry) => entry.title);

const moderate = (kind: "listing" | "profile", id: string, action: "hide" | "suspend") =>
  moderateTarget(app, moderator.cookie, { kind, id }, action);

describe("the gallery's feed of newest listings", () => {
  test("is an Atom feed of the SFW listings a visitor sees: never NSFW, hidden or a suspended creator's", async () => {
    const shown = await createListing(app, creator.cookie, {
      title: "Tom & Jerry <3",
      tagline: 'A "cat" & mouse\u0007 story',
    });
    await createListing(app, creator.cookie, { title: "Feed NSFW Bot", nsfw: "true" });
    const hidden = await createListing(app, creator.cookie, { title: "Feed Hidden Bot" });
    await moderate("listing", hidden.id, "hide");
    const suspended = await signUp(app);
    await createListing(app, suspended.cookie, { title: "Feed Suspended Bot" });
    await moderate("profile", suspended.user.id, "suspend");

    const response = await get("/feeds/newest.atom");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const feed = parseFeed(response.body);
    expectAtom(feed, `${PUBLIC_URL}/feeds/newest.atom`);
    expect(titlesOf(feed)).toEqual(["Tom & Jerry <3"]);
    const [entry] = feed.entry!;
    expect(entry).toMatchObject({
      id: `urn:uuid:${shown.id}`,
      summary: 'A "cat" & mouse story',
      author: { name: "Feed Maker", uri: `${PUBLIC_URL}/profile/${creator.user.id}` },
    });
    expect(entry!.link[0]!["@_href"]).toBe(`${PUBLIC_URL}/chatbots/${shown.id}/tom-jerry-3`);
    expect(feed.updated).toBe(new Date(shown.updatedAt).toISOString());
  });

  test("each entry carries its picture: an enclosure with type and length, a media:thumbnail; the feed an icon and a logo", async () => {
    const listing = await createListing(app, creator.cookie, { title: "Feed Picture Bot" });
    const feed = parseFeed((await get("/feeds/newest.atom")).body);
    expect(feed["@_xmlns:media"]).toBe(MEDIA_RSS);
    expect([feed.icon, feed.logo]).toEqual([`${PUBLIC_URL}/feed-icon.png`, `${PUBLIC_URL}/feed-logo.png`]);
    expect(feed.link.find((link) => link["@_type"] === "application/rss+xml")).toMatchObject({
      "@_rel": "alternate",
      "@_href": `${PUBLIC_URL}/feeds/newest.rss`,
    });
    const entry = feed.entry!.find((candidate) => candidate.id === `urn:uuid:${listing.id}`)!;
    expect(entry.link[0]!["@_rel"]).toBe("alternate");
    const enclosure = enclosureOf(entry)!;
    // The listing's own addresses are absolute already (on PUBLIC_URL).
    expect(enclosure).toMatchObject({ "@_href": listing.imageUrl, "@_type": "image/webp" });
    expect(Number(enclosure["@_length"])).toBe(await servedSize(enclosure["@_href"]));
    expect(entry["media:thumbnail"]).toEqual({ "@_url": listing.thumbnailUrl });
    expect(await servedSize(entry["media:thumbnail"]!["@_url"])).toBeGreaterThan(0);
  });

  test("no NSFW picture ever: not to visitors, nor to a member who shows NSFW (a feed is everyone's)", async () => {
    // A picture of its own (keys are content hashes: the same bytes as an SFW listing's would share the hash).
    const picture = await pngImage(64, 128, "#0f766e");
    const nsfw = await createListing(app, creator.cookie, { title: "Feed NSFW Picture Bot", nsfw: "true" }, picture);
    const nsfwKeys = [nsfw.imageUrl, nsfw.thumbnailUrl].map((url) => /[a-f0-9]{64}/.exec(String(url))![0]);
    for (const cookie of [undefined, creator.cookie, moderator.cookie]) {
      for (const url of ["/feeds/newest.atom", "/feeds/newest.rss", `/feeds/creators/${creator.user.id}.rss`]) {
        const body = (await get(url, cookie ? { cookie } : {})).body;
        expect(body).not.toContain("Feed NSFW Picture Bot");
        expect(body).not.toMatch(/nsfw-|blurred\//);
        for (const hash of nsfwKeys) expect(body).not.toContain(hash);
      }
    }
  });

  test("is shared-cacheable: validators, 304 on If-None-Match from the shared copy", async () => {
    const first = await get("/feeds/newest.atom");
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(Date.parse(String(first.headers["last-modified"]))).not.toBeNaN();
    await expect.poll(async () => (await get("/feeds/newest.atom")).headers.age).toBeDefined();
    const fromCopy = await get("/feeds/newest.atom", { "if-none-match": etag });
    expect([fromCopy.statusCode, fromCopy.body, fromCopy.headers.age]).toEqual([304, "", expect.any(String)]);
    expect(fromCopy.headers.etag).toBe(etag);
    const other = await get("/feeds/newest.atom", { "if-none-match": 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  test("a new listing drops the shared copy at once", async () => {
    await expect.poll(async () => (await get("/feeds/newest.atom")).headers.age).toBeDefined();
    const before = await get("/feeds/newest.atom");
    await createListing(app, creator.cookie, { title: "Feed Fresh Bot" });
    const after = await get("/feeds/newest.atom");
    expect(after.headers.age).toBeUndefined();
    expect(titlesOf(parseFeed(after.body))[0]).toBe("Feed Fresh Bot");
    const stale = await get("/feeds/newest.atom", { "if-none-match": String(before.headers.etag) });
    expect(stale.statusCode).toBe(200);
  });
});

describe("a creator's feed", () => {
  test("holds their SFW visible listings with them as author, 304 while unchanged; an unknown or suspended creator is 404", async () => {
    const other = await signUp(app);
    await createListing(app, other.cookie, { title: "Someone Else's Bot" });
    const url = `/feeds/creators/${creator.user.id}.atom`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const feed = parseFeed(response.body);
    expectAtom(feed, PUBLIC_URL + url);
    expect(feed.author).toEqual({ name: "Feed Maker", uri: `${PUBLIC_URL}/profile/${creator.user.id}` });
    expect(feed.title).toBe("Chatbots by Feed Maker — Chatbot Gallery");
    expect(titlesOf(feed).sort()).toEqual(["Feed Fresh Bot", "Feed Picture Bot", "Tom & Jerry <3"]);
    expect((feed.entry ?? []).every((entry) => entry.author.name === "Feed Maker")).toBe(true);
    // Another creator's listing drops every copy but leaves this feed as it was: the route itself answers 304.
    await createListing(app, other.cookie, { title: "Another Bot" });
    const unchanged = await get(url, { "if-none-match": String(response.headers.etag) });
    expect([unchanged.statusCode, unchanged.headers.age]).toEqual([304, undefined]);

    for (const unknown of ["7d0f5c1e-8a53-4c59-9a4f-3f4f9d1f0c11", "not-an-id"]) {
      const missing = await get(`/feeds/creators/${unknown}.atom`);
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: "User not found" }]);
    }
    const suspended = await signUp(app);
    await moderate("profile", suspended.user.id, "suspend");
    expect((await get(`/feeds/creators/${suspended.user.id}.atom`)).statusCode).toBe(404);
  });
});

describe("the RSS 2.0 version of each feed", () => {
  test("the gallery's: valid RSS with the same items, their enclosures and thumbnails; shared-cacheable with its own ETag", async () => {
    const response = await get("/feeds/newest.rss");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const channel = parseRss(response.body);
    expectRss(channel, `${PUBLIC_URL}/feeds/newest.rss`, `${PUBLIC_URL}/`);
    const atom = parseFeed((await get("/feeds/newest.atom")).body);
    expect(channel.item!.map((item) => item.title)).toEqual(titlesOf(atom));
    expect(channel.item!.map((item) => item.guid["#text"])).toEqual(atom.entry!.map((entry) => entry.id));
    const atomEntry = atom.entry!.find((entry) => entry.title === "Feed Picture Bot")!;
    const item = channel.item!.find((candidate) => candidate.title === "Feed Picture Bot")!;
    expect(item.enclosure).toEqual({
      "@_url": enclosureOf(atomEntry)!["@_href"],
      "@_length": enclosureOf(atomEntry)!["@_length"],
      "@_type": "image/webp",
    });
    expect(item["media:thumbnail"]).toEqual(atomEntry["media:thumbnail"]);
    expect(item["dc:creator"]).toBe("Feed Maker");
    const tom = channel.item!.find((candidate) => candidate.title === "Tom & Jerry <3")!;
    expect(tom.description).toBe('A "cat" & mouse story');

    const etag = String(response.headers.etag);
    expect(etag).not.toBe(String((await get("/feeds/newest.atom")).headers.etag));
    expect((await get("/feeds/newest.rss", { "if-none-match": etag })).statusCode).toBe(304);
  });

  test("a creator's: their items; an unknown creator is 404", async () => {
    const url = `/feeds/creators/${creator.user.id}.rss`;
    const channel = parseRss((await get(url)).body);
    expectRss(channel, PUBLIC_URL + url, `${PUBLIC_URL}/profile/${creator.user.id}`);
    expect(channel.title).toBe("Chatbots by Feed Maker — Chatbot Gallery");
    expect(channel.item!.every((item) => item["dc:creator"] === "Feed Maker")).toBe(true);
    const missing = await get("/feeds/creators/7d0f5c1e-8a53-4c59-9a4f-3f4f9d1f0c11.rss");
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: "User not found" }]);
  });
});

describe("the page heads", () => {
  const alternate = (html: string, type = "application\\/atom\\+xml") =>
    new RegExp(`<link rel="alternate" type="${type}" title="([^"]*)" href="([^"]*)" \\/>`).exec(html)?.slice(1);

  test("link the gallery's feed from / and the creator's from their profile, Atom and RSS", async () => {
    const home = (await get("/")).body;
    expect(alternate(home)).toEqual(["Newest chatbots — Chatbot Gallery", `${PUBLIC_URL}/feeds/newest.atom`]);
    expect(alternate(home, "application\\/rss\\+xml")).toEqual([
      "Newest chatbots — Chatbot Gallery (RSS)",
      `${PUBLIC_URL}/feeds/newest.rss`,
    ]);
    const profile = (await get(`/profile/${creator.user.id}`)).body;
    expect(alternate(profile)).toEqual([
      "Chatbots by Feed Maker — Chatbot Gallery",
      `${PUBLIC_URL}/feeds/creators/${creator.user.id}.atom`,
    ]);
    expect(alternate(profile, "application\\/rss\\+xml")).toEqual([
      "Chatbots by Feed Maker — Chatbot Gallery (RSS)",
      `${PUBLIC_URL}/feeds/creators/${creator.user.id}.rss`,
    ]);
  });
});

describe("a public collection's feed (issue 39 §3 with issue 38 §2)", () => {
  test("holds its SFW listings, newest added first, with its owner as author, Atom and RSS; linked from its page's head", async () => {
    const owner = await signUp(app);
    await sendJson(app, "PUT", "/api/user/nickname", { nickname: "Collector" }, owner.cookie);
    const maker = await signUp(app);
    const first = await createListing(app, maker.cookie, { title: "Collected First" });
    const nsfw = await createListing(app, maker.cookie, { title: "Collected NSFW", nsfw: "true" });
    const second = await createListing(app, maker.cookie, { title: "Collected Second" });
    const made = await sendJson(
      app,
      "POST",
      "/api/user/collections",
      { title: "Best Bots", public: true, chatbotId: first.id },
      owner.cookie,
    );
    expect(made.statusCode).toBe(201);
    const { id } = made.json() as { id: string };
    for (const listing of [nsfw, second]) {
      expect(
        (await sendJson(app, "PUT", `/api/user/collections/${id}/items/${listing.id}`, {}, owner.cookie)).statusCode,
      ).toBe(200);
    }

    const url = `/feeds/collections/${id}.atom`;
    const pageUrl = `${PUBLIC_URL}/collections/${id}/best-bots`;
    // A feed is a visitor's view whoever asks: never the NSFW listing, not even for its owner.
    for (const cookie of [undefined, owner.cookie]) {
      const response = await get(url, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      const feed = parseFeed(response.body);
      expectAtom(feed, PUBLIC_URL + url);
      expect(feed.title).toBe("Best Bots, a collection by Collector — Chatbot Gallery");
      expect(feed.author).toEqual({ name: "Collector", uri: `${PUBLIC_URL}/profile/${owner.user.id}` });
      expect(feed.link.find((link) => link["@_type"] === "text/html")?.["@_href"]).toBe(pageUrl);
      expect(titlesOf(feed)).toEqual(["Collected Second", "Collected First"]);
      expect(enclosureOf(feed.entry![0]!)).toMatchObject({ "@_href": second.imageUrl, "@_type": "image/webp" });
      expect(response.body).not.toContain("Collected NSFW");
    }
    const rss = await get(`/feeds/collections/${id}.rss`);
    expect(rss.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const channel = parseRss(rss.body);
    expectRss(channel, `${PUBLIC_URL}/feeds/collections/${id}.rss`, pageUrl);
    expect(channel.item!.map((item) => item.title)).toEqual(["Collected Second", "Collected First"]);

    const alternate = (html: string, type: string) =>
      new RegExp(`<link rel="alternate" type="${type}" title="([^"]*)" href="([^"]*)" \\/>`).exec(html)?.slice(1);
    const head = (await get(`/collections/${id}/best-bots`)).body;
    expect(alternate(head, "application\\/atom\\+xml")).toEqual([
      "Best Bots, a collection by Collector — Chatbot Gallery",
      PUBLIC_URL + url,
    ]);
    expect(alternate(head, "application\\/rss\\+xml")?.[1]).toBe(`${PUBLIC_URL}/feeds/collections/${id}.rss`);

    // Made private: its feed is gone at once (the change drops the shared copy), and its owner's page links none.
    expect(
      (await sendJson(app, "PUT", `/api/user/collections/${id}`, { public: false }, owner.cookie)).statusCode,
    ).toBe(200);
    for (const cookie of [undefined, owner.cookie]) {
      const gone = await get(url, cookie ? { cookie } : {});
      expect([gone.statusCode, gone.json()]).toEqual([404, { message: "Collection not found" }]);
    }
    const ownersHead = await get(`/collections/${id}/best-bots`, { cookie: owner.cookie });
    expect(ownersHead.statusCode).toBe(200);
    expect(ownersHead.body).not.toContain("/feeds/collections/");
  });

  test("an unknown collection, or no id, is 404 in both formats", async () => {
    for (const unknown of ["7d0f5c1e-8a53-4c59-9a4f-3f4f9d1f0c11", "not-an-id"]) {
      for (const format of ["atom", "rss"]) {
        const missing = await get(`/feeds/collections/${unknown}.${format}`);
        expect([missing.statusCode, missing.json()]).toEqual([404, { message: "Collection not found" }]);
      }
    }
  });
});
