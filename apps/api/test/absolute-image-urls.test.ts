// Issue 24 item 3: every answer names its images by absolute URL (plugins/app/absolute-image-urls.ts), on
// PUBLIC_URL when set, else the origin the request came to, over REST and tRPC, from shared copies too.
import { afterAll, beforeAll, describe, expect } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";

/** Text a creator wrote that looks like an image field: it is theirs, and stays as they wrote it. */
const LOOKALIKE = 'Not a picture: "imageUrl":"/images/chatbots/x.webp"';

/** A member with an avatar and one SFW listing; its id and the creator's. */
async function creatorWithListing(app: TestApp) {
  const creator = await signUp(app);
  const avatar = multipart({}, { name: "avatar", filename: "me.png", type: "image/png", data: await pngImage(64, 64) });
  const uploaded = await sendForm(app, "PUT", "/api/user/avatar", avatar, creator.cookie);
  expect(uploaded.statusCode).toBe(200);
  const listing = await createListing(app, creator.cookie, { title: "Absolute Bot", description: LOOKALIKE });
  return { creator, listingId: listing.id, userId: creator.user.id };
}

/** Every `…Url` value in an answer that names a stored image, wherever it sits. */
function imageUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imageUrls);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([name, field]) =>
    name.endsWith("Url") && typeof field === "string" && field.includes("/images/") ? [field] : imageUrls(field),
  );
}

/** The answers of the REST and tRPC reads that carry pictures: listings, their creators, a profile, the caller. */
async function answers(app: TestApp, ids: { listingId: string; userId: string }, host: string, cookie: string) {
  const get = (url: string, withCookie = false) =>
    app.inject({ method: "GET", url, headers: { host, ...(withCookie ? { cookie } : {}) } });
  const trpc = (path: string, input: unknown, withCookie = false) =>
    get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, withCookie);
  const responses = {
    "GET /api/chatbots": await get("/api/chatbots?limit=5"),
    "GET /api/chatbots/{id}": await get(`/api/chatbots/${ids.listingId}`),
    "GET /api/users/{userId}": await get(`/api/users/${ids.userId}`),
    "GET /api/users/{userId}/chatbots": await get(`/api/users/${ids.userId}/chatbots`),
    "GET /api/user/chatbots": await get("/api/user/chatbots", true),
    "GET /api/auth/user": await get("/api/auth/user", true),
    "chatbots.list": await trpc("chatbots.list", { limit: 5 }),
    "chatbots.byId": await trpc("chatbots.byId", { id: ids.listingId }),
    "users.byId": await trpc("users.byId", { userId: ids.userId }),
    "auth.user": await trpc("auth.user", undefined, true),
  };
  return Object.entries(responses).map(([call, response]) => {
    expect(response.statusCode, `${call}: ${response.body}`).toBe(200);
    return { call, body: response.body, urls: imageUrls(response.json()) };
  });
}

/** Each answer names its pictures on the origin, and those URLs serve the pictures. */
async function expectAbsolute(app: TestApp, each: Awaited<ReturnType<typeof answers>>, origin: string) {
  for (const { call, body, urls } of each) {
    expect(urls.length, call).toBeGreaterThan(0);
    for (const url of urls) expect(url, call).toMatch(new RegExp(`^${origin}/images/[a-z]+/[a-f0-9]{64}\\.webp$`));
    expect(body, call).not.toMatch(/"\w*Url":"\/images\//);
  }
  const listing = each.find(({ call }) => call === "GET /api/chatbots/{id}")!;
  expect(listing.body).toContain(JSON.stringify(LOOKALIKE).slice(1, -1));
  const picture = await app.inject({ method: "GET", url: new URL(listing.urls[0]!).pathname });
  expect(picture.statusCode).toBe(200);
  expect(picture.headers["content-type"]).toBe("image/webp");
}

let app: TestApp;
// The apps are built in hooks (their time limit): an embedded database can take long to start on a busy machine.
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
}, 120_000);

describe("without PUBLIC_URL", () => {
  test("every answer names its pictures on the origin the request came to, REST and tRPC alike", async () => {
    const ids = await creatorWithListing(app);
    await expectAbsolute(
      app,
      await answers(app, ids, "gallery.test:8080", ids.creator.cookie),
      "http://gallery.test:8080",
    );
  });

  test("a shared copy made for one origin never answers another", async () => {
    await creatorWithListing(app);
    const gallery = (host: string) =>
      app.inject({ method: "GET", url: "/api/chatbots?limit=5", headers: { host } }).then((response) => ({
        age: response.headers.age,
        urls: imageUrls(response.json()),
      }));
    const list = (host: string) =>
      app
        .inject({
          method: "GET",
          url: `/trpc/chatbots.list?input=${encodeURIComponent('{"limit":5}')}`,
          headers: { host },
        })
        .then((response) => ({ age: response.headers.age, urls: imageUrls(response.json()) }));
    for (const read of [gallery, list]) {
      // The listing's own change may reach the change feed after the first read (PostgreSQL's NOTIFY is
      // asynchronous) and drop its copy: read pairs until the repeat is a shared copy.
      let first = await read("one.test");
      let again = await read("one.test");
      await expect
        .poll(
          async () => {
            if (again.age === undefined) [first, again] = [again, await read("one.test")];
            return again.age;
          },
          { message: "the repeat is a shared copy" },
        )
        .toBeDefined();
      const other = await read("two.test");
      expect(again.urls).toEqual(first.urls);
      expect(first.urls.length).toBeGreaterThan(0);
      for (const url of first.urls) expect(url).toMatch(/^http:\/\/one\.test\/images\//);
      expect(other.urls.length).toBe(first.urls.length);
      for (const url of other.urls) expect(url).toMatch(/^http:\/\/two\.test\/images\//);
    }
  });
});

describe("with PUBLIC_URL", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    harness = await createTestApp({ PUBLIC_URL: "https://gallery.example/" });
  }, 120_000);
  afterAll(async () => harness?.close());

  test("every answer names its pictures on PUBLIC_URL, whatever host was asked", async () => {
    const app = harness!.app;
    const ids = await creatorWithListing(app);
    await expectAbsolute(
      app,
      await answers(app, ids, "internal.test:3000", ids.creator.cookie),
      "https://gallery.example",
    );
  });
});
