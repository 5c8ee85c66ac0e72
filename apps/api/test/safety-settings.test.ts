import type { Chatbot, SafetySettings, TagCount } from "@gallery/schema";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, setRole, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { askUntilCopy } from "./support/requests.js";
import { fakeWebDist } from "./support/web-dist.js";

/**
 * Issue 13: a member's saved safety settings, enforced by the server. The tag blocklist across every list
 * call (gallery, search, count, tag facets, series, profile list) and the listing page (hidden, show once);
 * Hide forcing SFW; Blur never sending the original where it should not; shared copies kept apart.
 */

// A stand-in for the built index.html, so the served listing page (its head) can be checked.
const webDist = fakeWebDist();
test.override("appEnv", { WEB_DIST: webDist });

let app: TestApp;
let creator: Member;
const ids: Record<string, string> = {};

/** Black and white stripes: a picture with detail, which a blur flattens. */
function stripes(width = 96, height = 192): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      pixels.fill(Math.floor(x / 4) % 2 ? 255 : 0, (y * width + x) * 3, (y * width + x + 1) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  const image = await stripes();
  const listings: Array<[string, Record<string, string>]> = [
    ["Clean Bot", { tags: "fantasy, adventure", storySeries: "Saga" }],
    ["Gory Bot", { tags: "Gore, fantasy", storySeries: "Saga" }],
    ["Spicy Bot", { tags: "romance", nsfw: "true" }],
    ["Spicy Gore", { tags: "GORE, romance", nsfw: "true" }],
  ];
  for (const [title, fields] of listings)
    ids[title] = (await createListing(app, creator.cookie, { title, ...fields }, image)).id;
});

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const titles = (response: { json(): unknown }) => (response.json() as Chatbot[]).map((bot) => bot.title).sort();
const trpc = async (path: string, input: unknown, cookie?: string) => {
  const response = await get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie);
  return { status: response.statusCode, body: response.json(), age: response.headers.age };
};
const putSettings = (cookie: string, body: unknown) =>
  app.inject({ method: "PUT", url: "/api/user/settings", headers: { cookie }, payload: body as object });

async function memberWith(settings: Pick<SafetySettings, "blockedTags" | "nsfwDisplay"> | null): Promise<Member> {
  const member = await signUp(app);
  if (settings) expect((await putSettings(member.cookie, settings)).statusCode).toBe(200);
  return member;
}

/** Asks until the answer comes from a shared copy. */
const fromCopy = (url: string, cookie?: string) => askUntilCopy(() => get(url, cookie));

describe("settings calls", () => {
  test("default, saved lower-cased without duplicates, over REST and tRPC alike", async () => {
    const member = await signUp(app);
    expect((await get("/api/user/settings", member.cookie)).json()).toEqual({
      blockedTags: [],
      nsfwDisplay: "show",
      nsfwDisplayInEffect: "show",
      nsfwDisplayChoices: ["show", "blur", "hide"],
      ageCheck: "adult",
    });
    const saved = await putSettings(member.cookie, { blockedTags: [" Gore ", "gore", "Horror"], nsfwDisplay: "blur" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      blockedTags: ["gore", "horror"],
      nsfwDisplay: "blur",
      nsfwDisplayInEffect: "blur",
      nsfwDisplayChoices: ["show", "blur", "hide"],
      ageCheck: "adult",
    });
    expect((await trpc("settings.safety", undefined, member.cookie)).body.result.data).toEqual(saved.json());
    expect((await get("/api/user/settings")).statusCode).toBe(401);
  });

  test("refuses more than 100 tags or an unknown display with a clear message, changing nothing", async () => {
    const member = await memberWith({ blockedTags: ["gore"], nsfwDisplay: "blur" });
    const hundred = Array.from({ length: 100 }, (_, i) => `tag-${i}`);
    const tooMany = await putSettings(member.cookie, { blockedTags: [...hundred, "one-more"], nsfwDisplay: "show" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("At most 100 blocked tags are allowed");
    const badDisplay = await putSettings(member.cookie, { blockedTags: [], nsfwDisplay: "fade" });
    expect(badDisplay.statusCode).toBe(400);
    expect(badDisplay.json().message).toBe("NSFW display must be one of show, blur, hide");
    const overTrpc = await app.inject({
      method: "POST",
      url: "/trpc/settings.updateSafety",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      payload: { blockedTags: [...hundred, "x"], nsfwDisplay: "show" },
    });
    expect(overTrpc.statusCode).toBe(400);
    expect(overTrpc.json().error.message).toBe("At most 100 blocked tags are allowed");
    expect((await get("/api/user/settings", member.cookie)).json()).toEqual({
      blockedTags: ["gore"],
      nsfwDisplay: "blur",
      nsfwDisplayInEffect: "blur",
      nsfwDisplayChoices: ["show", "blur", "hide"],
      ageCheck: "adult",
    });
    // 100 tags (101 spellings of them: case duplicates count once) are fine.
    const exactly = await putSettings(member.cookie, { blockedTags: [...hundred, "TAG-0"], nsfwDisplay: "show" });
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json().blockedTags).toHaveLength(100);
  });
});

describe("the tag blocklist", () => {
  test("keeps listings carrying a blocked tag (in any case) out of every list, the count and the facets", async () => {
    const member = await memberWith({ blockedTags: ["GoRe"], nsfwDisplay: "show" });
    const c = member.cookie;
    expect(titles(await get("/api/chatbots", c))).toEqual(["Clean Bot", "Spicy Bot"]);
    expect(titles(await get("/api/chatbots?search=bot", c))).toEqual(["Clean Bot", "Spicy Bot"]);
    expect(titles(await get("/api/chatbots?nsfw=true", c))).toEqual(["Spicy Bot"]);
    expect(titles(await get(`/api/series/Saga/${creator.user.id}`, c))).toEqual(["Clean Bot"]);
    expect(titles(await get(`/api/users/${creator.user.id}/chatbots`, c))).toEqual(["Clean Bot", "Spicy Bot"]);
    const list = await trpc("chatbots.list", { limit: 10 }, c);
    expect((list.body.result.data.items as Chatbot[]).map((bot) => bot.title).sort()).toEqual([
      "Clean Bot",
      "Spicy Bot",
    ]);
    expect((await trpc("chatbots.count", {}, c)).body.result.data).toEqual({ count: 2, capped: false });
    const series = await trpc("chatbots.series", { creatorId: creator.user.id, seriesName: "Saga" }, c);
    expect((series.body.result.data.items as Chatbot[]).map((bot) => bot.title)).toEqual(["Clean Bot"]);
    const byUser = await trpc("chatbots.byUser", { userId: creator.user.id, limit: 10 }, c);
    expect(byUser.body.result.data.items).toHaveLength(2);

    const facets = (await get("/api/chatbots/tags", c)).json() as TagCount[];
    expect(facets.map((facet) => facet.tag.toLowerCase())).not.toContain("gore");
    expect(facets).toEqual(
      expect.arrayContaining([
        { tag: "romance", count: 1 },
        { tag: "fantasy", count: 1 },
      ]),
    );
    const trpcFacets = (await trpc("chatbots.tags", {}, c)).body.result.data as TagCount[];
    expect(trpcFacets).toEqual(facets);

    // Everyone else still gets them.
    const other = await signUp(app);
    expect(titles(await get("/api/chatbots", other.cookie))).toEqual([
      "Clean Bot",
      "Gory Bot",
      "Spicy Bot",
      "Spicy Gore",
    ]);
    expect(titles(await get("/api/chatbots"))).toEqual(["Clean Bot", "Gory Bot"]);
  });

  test("a listing page reached directly says it is hidden by the blocklist and shows it once when asked", async () => {
    const member = await memberWith({ blockedTags: ["gore"], nsfwDisplay: "show" });
    const hidden = await get(`/api/chatbots/${ids["Gory Bot"]}`, member.cookie);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toMatchObject({ message: "This listing is hidden by your blocklist" });
    const once = await get(`/api/chatbots/${ids["Gory Bot"]}?showHidden=true`, member.cookie);
    expect(once.statusCode).toBe(200);
    expect(once.json().title).toBe("Gory Bot");
    // Still hidden the next time.
    expect((await get(`/api/chatbots/${ids["Gory Bot"]}`, member.cookie)).statusCode).toBe(403);

    const overTrpc = await trpc("chatbots.byId", { id: ids["Gory Bot"] }, member.cookie);
    expect(overTrpc.status).toBe(403);
    expect(overTrpc.body.error.message).toBe("This listing is hidden by your blocklist");
    const onceTrpc = await trpc("chatbots.byId", { id: ids["Gory Bot"], showHidden: true }, member.cookie);
    expect(onceTrpc.body.result.data.title).toBe("Gory Bot");
    expect((await get(`/api/chatbots/${ids["Clean Bot"]}`, member.cookie)).statusCode).toBe(200);

    // The served page itself is there, with a neutral head: the web app says why.
    const page = await get(`/chatbots/${ids["Gory Bot"]}`, member.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Hidden listing");
    expect(page.body).not.toContain("Gory Bot");
  });
});

describe("what a member owns or moderates", () => {
  test("their own listings (dashboard) and the moderation table ignore their safety settings", async () => {
    expect(
      (await putSettings(creator.cookie, { blockedTags: ["gore", "romance"], nsfwDisplay: "hide" })).statusCode,
    ).toBe(200);
    try {
      const own = (await get("/api/user/chatbots", creator.cookie)).json() as Chatbot[];
      expect(own.map((bot) => bot.title)).toEqual(expect.arrayContaining(["Gory Bot", "Spicy Bot", "Spicy Gore"]));
      // Elsewhere their settings apply as to anyone.
      expect(titles(await get("/api/chatbots", creator.cookie))).toEqual(["Clean Bot"]);
    } finally {
      await putSettings(creator.cookie, { blockedTags: [], nsfwDisplay: "show" });
    }
    const moderator = await memberWith({ blockedTags: ["gore"], nsfwDisplay: "blur" });
    await setRole(app, moderator.user.id, "admin");
    const table = (await trpc("admin.chatbots", { limit: 100 }, moderator.cookie)).body.result.data.items as Chatbot[];
    expect(table.map((bot) => bot.title)).toEqual(expect.arrayContaining(["Gory Bot", "Spicy Gore"]));
    expect(JSON.stringify(table)).not.toContain("/images/blurred/");
  });
});

describe("NSFW display", () => {
  test("Hide: no NSFW listing whatever the content filter says, and an NSFW page is hidden", async () => {
    const member = await memberWith({ blockedTags: [], nsfwDisplay: "hide" });
    const c = member.cookie;
    for (const filter of ["", "?nsfw=true", "?nsfw=false"]) {
      expect(titles(await get(`/api/chatbots${filter}`, c))).toEqual(["Clean Bot", "Gory Bot"]);
    }
    expect((await trpc("chatbots.count", { nsfw: true }, c)).body.result.data.count).toBe(2);
    expect((await get(`/api/users/${creator.user.id}/chatbots`, c)).json()).toHaveLength(2);
    const page = await get(`/api/chatbots/${ids["Spicy Bot"]}`, c);
    expect(page.statusCode).toBe(403);
    expect(page.json().message).toBe("This listing is hidden by your NSFW setting (Hide)");
  });

  test("Blur: blurred images made by the server, the originals only in the reveal fields", async () => {
    const member = await memberWith({ blockedTags: [], nsfwDisplay: "blur" });
    const plain = ((await get("/api/chatbots?nsfw=true", creator.cookie)).json() as Chatbot[]).find(
      (bot) => bot.title === "Spicy Bot",
    )!;
    const originals = [plain.imageUrl!, plain.thumbnailUrl!];
    expect(originals.every((url) => url.includes("/nsfw-"))).toBe(true);

    // The gallery's NSFW filter leaves the SFW listings out; the creator's page lists them too.
    for (const [response, listsSfw] of [
      [await get("/api/chatbots?nsfw=true", member.cookie), false],
      [await get(`/api/users/${creator.user.id}/chatbots`, member.cookie), true],
    ] as const) {
      const bots = response.json() as Chatbot[];
      const spicy = bots.find((bot) => bot.title === "Spicy Bot")!;
      expect(spicy.imageUrl).toMatch(/^http:\/\/localhost:80\/images\/blurred\/nsfw-[a-f0-9]{64}\.webp$/);
      expect(spicy.thumbnailUrl).toBe(spicy.imageUrl);
      expect(spicy.revealImageUrl).toBe(plain.imageUrl);
      expect(spicy.revealThumbnailUrl).toBe(plain.thumbnailUrl);
      // The original keys appear nowhere but in the reveal fields.
      const withoutReveal = JSON.stringify(bots.map(({ revealImageUrl, revealThumbnailUrl, ...rest }) => rest));
      for (const url of originals) expect(withoutReveal).not.toContain(url.split("/images/")[1]!);
      // SFW listings are shown as they are.
      const clean = bots.find((bot) => bot.title === "Clean Bot");
      expect(clean !== undefined).toBe(listsSfw);
      if (listsSfw) expect(clean?.imageUrl).toMatch(/^http:\/\/localhost:80\/images\/(?!blurred\/)/);
    }
    const page = (await get(`/api/chatbots/${ids["Spicy Bot"]}`, member.cookie)).json() as Chatbot;
    expect(page.imageUrl).toMatch(/^http:\/\/localhost:80\/images\/blurred\//);
    const served = await get(`/chatbots/${ids["Spicy Bot"]}`, member.cookie);
    for (const url of originals) expect(served.body).not.toContain(url.split("/images/")[1]!);

    // The blurred bytes: made on the server, for members only, and not the original's.
    const blurredUrl = page.imageUrl!;
    expect((await get(blurredUrl)).statusCode).toBe(401);
    const blurred = await get(blurredUrl, member.cookie);
    expect(blurred.statusCode).toBe(200);
    expect(blurred.headers["content-type"]).toBe("image/webp");
    expect(blurred.headers["cache-control"]).toMatch(/^private/);
    const original = await get(plain.thumbnailUrl!, member.cookie);
    expect(original.statusCode).toBe(200);
    expect(blurred.rawPayload.equals(original.rawPayload)).toBe(false);
    const detail = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0]!.stdev;
    expect(await detail(blurred.rawPayload)).toBeLessThan((await detail(original.rawPayload)) / 4);
    // Made once, then served from storage.
    expect((await get(blurredUrl, member.cookie)).rawPayload.equals(blurred.rawPayload)).toBe(true);
  });

  test("a blurred copy goes with its listing", async () => {
    const member = await memberWith({ blockedTags: [], nsfwDisplay: "blur" });
    const doomed = await createListing(app, creator.cookie, { title: "Doomed", nsfw: "true" }, await stripes(80, 160));
    const page = (await get(`/api/chatbots/${doomed.id}`, member.cookie)).json() as Chatbot;
    expect((await get(page.imageUrl!, member.cookie)).statusCode).toBe(200);
    const key = page.imageUrl!.split("/images/")[1]!;
    expect(await app.storage.exists(key)).toBe(true);
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${doomed.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await expect.poll(() => app.storage.exists(key)).toBe(false);
    expect((await get(page.imageUrl!, member.cookie)).statusCode).toBe(404);
  });
});

describe("shared copies", () => {
  test("a member with default settings still gets the members' shared copies", async () => {
    const member = await memberWith(null);
    await get("/api/chatbots?limit=11", member.cookie);
    const copy = await fromCopy("/api/chatbots?limit=11", member.cookie);
    expect(titles(copy)).toContain("Gory Bot");
  });

  test("a personal answer is never shared, and a personal member is never handed a shared copy", async () => {
    const url = "/api/chatbots?limit=12";
    const blocker = await memberWith({ blockedTags: ["gore"], nsfwDisplay: "show" });
    const blurrer = await memberWith({ blockedTags: [], nsfwDisplay: "blur" });
    // Each gets their own answer, kept for their session alone (a copy of their own, with an Age header).
    const blockerCopy = await fromCopy(url, blocker.cookie);
    expect(titles(blockerCopy)).not.toContain("Gory Bot");
    const blurrerCopy = await fromCopy(url, blurrer.cookie);
    expect(blurrerCopy.body).toContain("/images/blurred/");

    // Nothing of theirs reaches anyone else: a default member and a visitor compute their own.
    const plain = await memberWith(null);
    const first = await get(url, plain.cookie);
    expect(first.headers.age).toBeUndefined();
    expect(titles(first)).toContain("Gory Bot");
    expect(first.body).not.toContain("/images/blurred/");
    const copy = await fromCopy(url, plain.cookie);
    expect(copy.body).toBe(first.body);
    const visitor = await get(url);
    expect(visitor.body).not.toContain("/images/blurred/");
    expect(titles(visitor)).toContain("Gory Bot");

    // With the members' copy in place, the personal members still get their own answers.
    for (let i = 0; i < 2; i++) {
      expect(titles(await get(url, blocker.cookie))).not.toContain("Gory Bot");
      expect((await get(url, blurrer.cookie)).body).toContain("/images/blurred/");
    }
    const batch = `/trpc/chatbots.list,chatbots.count?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 12 }, 1: {} }))}`;
    await fromCopy(batch, plain.cookie);
    for (let i = 0; i < 2; i++) expect((await get(batch, blocker.cookie)).body).not.toContain("Gory Bot");
    // A personal copy is its session's: another member with the very same settings gets their own.
    const twin = await memberWith({ blockedTags: ["gore"], nsfwDisplay: "show" });
    const twinFirst = await get(url, twin.cookie);
    expect(twinFirst.headers.age).toBeUndefined();
    expect(titles(twinFirst)).not.toContain("Gory Bot");
  });

  test("a member who saves settings stops getting shared copies at once, and gets them again after a reset", async () => {
    const url = "/api/chatbots?limit=13";
    const member = await memberWith(null);
    await fromCopy(url, member.cookie);
    expect((await putSettings(member.cookie, { blockedTags: ["gore"], nsfwDisplay: "show" })).statusCode).toBe(200);
    const after = await get(url, member.cookie);
    expect(after.headers.age).toBeUndefined();
    expect(titles(after)).not.toContain("Gory Bot");
    // Another default member keeps the shared copy working.
    const other = await memberWith(null);
    await fromCopy(url, other.cookie);
    expect(titles(await get(url, member.cookie))).not.toContain("Gory Bot");

    expect((await putSettings(member.cookie, { blockedTags: [], nsfwDisplay: "show" })).statusCode).toBe(200);
    expect(titles(await get(url, member.cookie))).toContain("Gory Bot");
    await fromCopy(url, member.cookie);
  });
});
