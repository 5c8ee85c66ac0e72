// Issue 27 item 5: a listing's share preview. The page head's og:image and twitter:image name a 1200x630 JPEG
// of its picture on the brand background with its title, drawn on its first request and kept; a new title is a
// new preview; an NSFW listing keeps the neutral image and no preview is ever made of its picture; the orphan
// sweep keeps a preview a listing uses and removes the others. (apps/api/bench/preview.ts measures drawing one.)
import type { Chatbot } from "@gallery/schema";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { keyForRating, previewKeyOf } from "../src/domain/images/keys.js";
import { sweepOrphanImages } from "../src/domain/images/orphans.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";
import { fakeWebDist } from "./support/web-dist.js";

const PUBLIC_URL = "https://gallery.example";
test.override("appEnv", { WEB_DIST: fakeWebDist(), PUBLIC_URL });

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let colour = 0;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  owner = await signUp(app);
  member = await signUp(app);
});

/** A picture no other listing in this file has (keys are content hashes), portrait like creators' art. */
const uniqueImage = () => pngImage(256, 512, `#${(0x200000 + colour++ * 7919).toString(16).slice(-6)}`);

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The listing page's head as a link preview reads it (following the redirect to the slug). */
async function head(listing: Pick<Chatbot, "id">, cookie?: string) {
  const bare = await get(`/chatbots/${listing.id}`, cookie);
  const page = bare.statusCode === 301 ? await get(bare.headers.location as string, cookie) : bare;
  const html = page.body;
  return {
    status: page.statusCode,
    image: metaContent(html, "og:image"),
    twitterImage: metaContent(html, "twitter:image"),
    width: metaContent(html, "og:image:width"),
    height: metaContent(html, "og:image:height"),
    type: metaContent(html, "og:image:type"),
  };
}

const pathOf = (absolute: string) => absolute.replace(PUBLIC_URL, "");
const keyOf = (url: string) => pathOf(url).replace(/^(http:\/\/localhost:80)?\/images\//, "");

async function update(listing: Pick<Chatbot, "id">, fields: Record<string, string>) {
  const form = multipart(fields);
  const response = await sendForm(app, "PUT", `/api/chatbots/${listing.id}`, form, owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Chatbot;
}

async function expectPreviewImage(url: string) {
  const response = await get(pathOf(url));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("image/jpeg");
  const { format, width, height } = await sharp(response.rawPayload).metadata();
  expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
  return response;
}

describe("a listing page's share preview", () => {
  test("og:image and twitter:image are a 1200x630 JPEG of the listing, with its size and type in the head", async () => {
    const picture = "#10b981";
    const listing = await createListing(
      app,
      owner.cookie,
      { title: "Harbour Witch" },
      await pngImage(256, 512, picture),
    );
    const shown = await head(listing);
    expect(shown.status).toBe(200);
    expect(shown.image).toMatch(new RegExp(`^${PUBLIC_URL}/images/previews/[a-f0-9]{64}-[a-f0-9]{16}\\.jpg$`));
    expect(shown.twitterImage).toBe(shown.image);
    expect(shown).toMatchObject({ width: "1200", height: "630", type: "image/jpeg" });
    const response = await expectPreviewImage(shown.image!);
    // Public like the listing's own picture: link-preview crawlers fetch it without a session.
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, s-maxage=0, proxy-revalidate, immutable");
    // Its picture is drawn whole at the left, over the brand background.
    const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [red, green, blue] = at(248, 315);
    expect(Math.abs(red! - 0x10) + Math.abs(green! - 0xb9) + Math.abs(blue! - 0x81)).toBeLessThan(24);
    expect(at(20, 315)).not.toEqual(at(248, 315));
  });

  test("is drawn on its first request and then served as stored, not drawn again", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Lighthouse Keeper" }, await uniqueImage());
    const url = (await head(listing)).image!;
    expect(await app.storage.exists(keyOf(url))).toBe(false);
    const first = await expectPreviewImage(url);
    expect(await app.storage.exists(keyOf(url))).toBe(true);
    // Whatever is stored under the key is what the next request gets: it is not drawn again.
    const stored = await sharp(first.rawPayload).jpeg({ quality: 10 }).toBuffer();
    await app.storage.put(keyOf(url), stored, "image/jpeg");
    const second = await get(pathOf(url));
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(stored)).toBe(true);
    // A browser's or shared cache's revalidation costs no bytes.
    const revalidated = await app.inject({
      method: "GET",
      url: pathOf(url),
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  test("a new title is a new preview URL with the new title drawn; the old URL is no longer served", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Night Ferry" }, await uniqueImage());
    const before = (await head(listing)).image!;
    const old = await expectPreviewImage(before);
    await update(listing, { title: "Night Ferry: Last Crossing" });
    const after = (await head(listing)).image!;
    expect(after).not.toBe(before);
    const renamed = await expectPreviewImage(after);
    expect(renamed.rawPayload.equals(old.rawPayload)).toBe(false);
    expect((await get(pathOf(before))).statusCode).toBe(404);
  });

  test("titles in any script, with markup characters, or at the longest allowed, are drawn", async () => {
    for (const title of [
      `月の騎士 🌙 مرحبا Ελένη — e\u0301 <b>&amp; </text><script>"x"</script> \u202e`,
      "W".repeat(200),
      `${"A very long title that has to wrap over several lines ".repeat(4)}`.slice(0, 200),
    ]) {
      const listing = await createListing(app, owner.cookie, { title }, await uniqueImage());
      await expectPreviewImage((await head(listing)).image!);
    }
  });
});

describe("NSFW listings", () => {
  test("keep the neutral image, for a member too, and no preview of their picture is ever made", async () => {
    const listing = await createListing(
      app,
      owner.cookie,
      { title: "Velvet Night", nsfw: "true" },
      await uniqueImage(),
    );
    const neutral = { image: `${PUBLIC_URL}/og-image.png`, width: "1200", height: "630", type: "image/png" };
    expect(await head(listing)).toMatchObject({ status: 401, ...neutral });
    expect(await head(listing, member.cookie)).toMatchObject({ status: 200, ...neutral, twitterImage: neutral.image });
    // The preview a public copy of its picture would have: never drawn, for anyone.
    const original = keyOf(listing.imageUrl!);
    const guessed = previewKeyOf(keyForRating(original, false), listing.title)!;
    for (const cookie of [undefined, member.cookie, owner.cookie]) {
      expect((await get(`/images/${guessed}`, cookie)).statusCode).toBe(404);
    }
    expect(previewKeyOf(original, listing.title)).toBeUndefined();
    expect(await app.storage.exists(guessed)).toBe(false);
  });

  test("a listing marked NSFW loses its preview: the old URL answers 404 to everyone", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Turning Tide" }, await uniqueImage());
    const url = (await head(listing)).image!;
    await expectPreviewImage(url);
    await update(listing, { nsfw: "true" });
    expect((await head(listing, member.cookie)).image).toBe(`${PUBLIC_URL}/og-image.png`);
    for (const cookie of [undefined, member.cookie, owner.cookie]) {
      expect((await get(pathOf(url), cookie)).statusCode).toBe(404);
    }
  });
});

describe("withheld listings", () => {
  test("a listing hidden by a moderator: its preview is for its creator only, never a shared copy", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Quiet Harbour" }, await uniqueImage());
    const url = pathOf((await head(listing)).image!);
    await app.database.db.updateTable("chatbots").set({ hiddenAt: new Date() }).where("id", "=", listing.id).execute();
    for (const cookie of [undefined, member.cookie]) expect((await get(url, cookie)).statusCode).toBe(401);
    const creator = await get(url, owner.cookie);
    expect(creator.statusCode).toBe(200);
    expect(creator.headers["cache-control"]).toMatch(/^private/);
  });
});

describe("the orphan sweep", () => {
  test("keeps a preview a listing uses and removes one no listing uses", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Old Name" }, await uniqueImage());
    const unused = keyOf((await head(listing)).image!);
    await expectPreviewImage(`/images/${unused}`);
    const renamed = await update(listing, { title: "New Name" });
    const used = keyOf((await head(listing)).image!);
    await expectPreviewImage(`/images/${used}`);

    await sweepOrphanImages(app.database.db, app.storage, 0);
    expect(await app.storage.exists(used)).toBe(true);
    expect(await app.storage.exists(unused)).toBe(false);
    for (const url of [renamed.imageUrl!, renamed.thumbnailUrl!])
      expect(await app.storage.exists(keyOf(url))).toBe(true);
    // The kept one is still served as stored.
    await expectPreviewImage(`/images/${used}`);
  });
});
