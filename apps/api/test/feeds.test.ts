// Issue 24 item 5: the Atom feeds (plugins/app/feeds.ts), the gallery's newest listings and one creator's, as a
// feed reader and a shared cache get them, and the page heads that link them.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { setRole, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { moderate as moderateTarget } from "./support/moderation.js";
import { fakeWebDist } from "./support/web-dist.js";

const PUBLIC_URL = "https://gallery.example";
test.override("appEnv", { WEB_DIST: fakeWebDist(), PUBLIC_URL });

type Member = Awaited<ReturnType<typeof signUp>>;
interface Link {
  "@_rel": string;
  "@_href": string;
  "@_type"?: string;
}
interface Entry {
  id: string;
  title: string;
  updated: string;
  link: Link[];
  author: { name: string; uri: string };
  summary: string;
}
interface Feed {
  id: string;
  title: string;
  updated: string;
  link: Link[];
  author?: { name: string; uri: string };
  entry?: Entry[];
}

let app: TestApp;
let creator: Member;
let moderator: Member;
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  await app.inject({
    method: "PUT",
    url: "/api/user/nickname",
    headers: { cookie: creator.cookie },
    payload: { nickname: "Feed Maker" },
  });
  moderator = await signUp(app);
  await setRole(app, moderator.user.id, "admin");
});

/** The feed as a feed reader reads it: well-formed XML, an Atom feed element. */
function parseFeed(body: string): Feed {
  expect(XMLValidator.validate(body)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => ["entry", "link"].includes(name),
  }).parse(body);
  expect(parsed.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  return parsed.feed as Feed;
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
    expect(titlesOf(feed).sort()).toEqual(["Feed Fresh Bot", "Tom & Jerry <3"]);
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

describe("the page heads", () => {
  const alternate = (html: string) =>
    /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)" \/>/.exec(html)?.slice(1);

  test("link the gallery's feed from / and the creator's from their profile", async () => {
    expect(alternate((await get("/")).body)).toEqual([
      "Newest chatbots — Chatbot Gallery",
      `${PUBLIC_URL}/feeds/newest.atom`,
    ]);
    expect(alternate((await get(`/profile/${creator.user.id}`)).body)).toEqual([
      "Chatbots by Feed Maker — Chatbot Gallery",
      `${PUBLIC_URL}/feeds/creators/${creator.user.id}.atom`,
    ]);
  });
});
