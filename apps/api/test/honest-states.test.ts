// Issue 27 item 3: a dead /go link and a refused picture opened in a browser are the app's page (with the
// refusal's status), API clients keep the JSON error; the Saved page learns how many saves the member's own
// settings hide (and may show them); the Following view gets its own tag facets and creators to follow.
import type { Chatbot, SuggestedCreator, TagCount } from "@gallery/schema";
import { UNKNOWN_PLATFORM_TEXTS } from "@gallery/schema/platforms";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpMany } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs, trpcMutation, trpcQuery } from "./support/requests.js";
import { fakeWebDist } from "./support/web-dist.js";

test.override("appEnv", { WEB_DIST: fakeWebDist() });

/** What Chromium sends for a navigation, and for an <img>. */
const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const IMAGE = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const open = (app: TestApp, url: string, accept?: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: { ...(accept ? { accept } : {}), ...(cookie ? { cookie } : {}) } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const data = async <T>(response: Promise<{ json: () => { result: { data: T } } }>) =>
  (await response).json().result.data;

describe("error pages a browser reaches", () => {
  let creator: Member;
  let sfw: Chatbot;
  let nsfw: Chatbot;
  test.beforeAll(async ({ app }) => {
    creator = await signUp(app);
    sfw = await createListing(app, creator.cookie, {
      title: "Only Polybuzz",
      polybuzzCid: "pb",
      polybuzzUrl: "https://polybuzz.ai/c/x",
    });
    nsfw = await createListing(app, creator.cookie, {
      title: "Members only",
      nsfw: "true",
      polybuzzCid: "pb",
      polybuzzUrl: "https://polybuzz.ai/c/y",
    });
  });

  test("a dead /go link is the app's page with its status for a browser, JSON for an API client", async ({ app }) => {
    for (const url of [`/go/${UNKNOWN_ID}/polybuzz`, `/go/${sfw.id}/roleplaya`]) {
      const page = await open(app, url, NAVIGATION);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.body).toContain('<div id="root">');
      expect(titleOf(page.body)).toBe("This link no longer works — Chatbot Gallery");
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.headers.vary).toMatch(/accept(?!-)/i);
      for (const accept of ["application/json", "*/*", undefined]) {
        const api = await open(app, url, accept);
        expect(api.statusCode).toBe(404);
        expect(api.json()).toMatchObject({ message: "Chatbot not found" });
      }
    }
    // A malformed id: the page with the refusal's 400; JSON for clients.
    const malformed = await open(app, "/go/not-an-id/polybuzz", NAVIGATION);
    expect(malformed.statusCode).toBe(400);
    expect(titleOf(malformed.body)).toBe("This link no longer works — Chatbot Gallery");
    expect((await open(app, "/go/not-an-id/polybuzz", "application/json")).statusCode).toBe(400);
  });

  test("a made-up platform in a /go address is a wrong address (404 saying so), not a dead link", async ({ app }) => {
    // Issue 40 §5: it said "no longer on the platform". Whatever the listing, known or not, nothing is counted.
    for (const url of [`/go/${sfw.id}/notaplatform`, `/go/${UNKNOWN_ID}/elsewhere`, `/go/${sfw.id}/constructor`]) {
      const page = await open(app, url, NAVIGATION);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(titleOf(page.body)).toBe(`${UNKNOWN_PLATFORM_TEXTS.title} — Chatbot Gallery`);
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      for (const accept of ["application/json", undefined]) {
        const api = await open(app, url, accept);
        expect(api.statusCode, url).toBe(404);
        expect(api.json()).toMatchObject({ message: UNKNOWN_PLATFORM_TEXTS.refusal });
      }
    }
  });

  test("a refused /go (an NSFW listing for a visitor) is the sign-in page; a working one still redirects", async ({
    app,
  }) => {
    const refused = await open(app, `/go/${nsfw.id}/polybuzz`, NAVIGATION);
    expect(refused.statusCode).toBe(401);
    expect(titleOf(refused.body)).toBe("Sign in to view — Chatbot Gallery");
    expect((await open(app, `/go/${nsfw.id}/polybuzz`, "application/json")).json()).toMatchObject({
      message: "Unauthorized",
    });
    for (const accept of [NAVIGATION, "application/json"]) {
      const working = await open(app, `/go/${sfw.id}/polybuzz`, accept);
      expect(working.statusCode).toBe(302);
      expect(working.headers.location).toBe("https://polybuzz.ai/c/x");
    }
    expect((await open(app, `/go/${nsfw.id}/polybuzz`, NAVIGATION, creator.cookie)).statusCode).toBe(302);
  });

  test("a picture that is gone or for members only is a page when opened, JSON to an <img> or a client", async ({
    app,
  }) => {
    const gone = await open(app, "/images/chatbots/nothing-here.webp", NAVIGATION);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers["cache-control"]).toBe("no-store");
    expect(titleOf(gone.body)).toBe("Picture not available — Chatbot Gallery");
    const locked = await open(app, nsfw.imageUrl!, NAVIGATION);
    expect(locked.statusCode).toBe(401);
    expect(titleOf(locked.body)).toBe("Sign in to view — Chatbot Gallery");
    expect((await open(app, nsfw.imageUrl!, IMAGE)).json()).toMatchObject({ message: "Unauthorized" });
    expect((await open(app, "/images/chatbots/nothing-here.webp", "application/json")).json()).toMatchObject({
      message: "Not Found",
    });
    // A picture that is there is the picture, whoever asks.
    const shown = await open(app, sfw.imageUrl!, NAVIGATION);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/webp");
  });
});

describe("Saved: the saves a member's own settings hide", () => {
  test("are counted by the server, left out, and shown on asking; the age rule is not a setting", async ({ app }) => {
    const creator = await signUp(app);
    const member = await signUp(app);
    const gory = await createListing(app, creator.cookie, { title: "Gory", tags: "Gore, horror" });
    const spicy = await createListing(app, creator.cookie, { title: "Spicy", nsfw: "true", tags: "romance" });
    const plain = await createListing(app, creator.cookie, { title: "Plain", tags: "cozy" });
    for (const listing of [gory, spicy, plain]) {
      expect((await trpcMutation(app, "favorites.save", { chatbotId: listing.id }, member.cookie)).statusCode).toBe(
        200,
      );
    }
    const hidden = () => data<{ count: number }>(trpcQuery(app, "favorites.hiddenCount", undefined, member.cookie));
    const saved = async (input: object = {}) =>
      (await data<{ items: Chatbot[] }>(trpcQuery(app, "favorites.list", input, member.cookie))).items.map(
        (b) => b.title,
      );
    expect(await hidden()).toEqual({ count: 0 });
    expect(await saved()).toEqual(["Plain", "Spicy", "Gory"]);

    const settings = await trpcMutation(
      app,
      "settings.updateSafety",
      { blockedTags: ["gore"], nsfwDisplay: "hide" },
      member.cookie,
    );
    expect(settings.statusCode).toBe(200);
    expect(await hidden()).toEqual({ count: 2 });
    expect(await saved()).toEqual(["Plain"]);
    expect(await saved({ showHidden: true })).toEqual(["Plain", "Spicy", "Gory"]);
    const rest = await getAs(app, "/api/user/favorites?showHidden=true", member.cookie);
    expect((rest.json() as Chatbot[]).map((b) => b.title)).toEqual(["Plain", "Spicy", "Gory"]);
    expect(((await getAs(app, "/api/user/favorites", member.cookie)).json() as Chatbot[]).length).toBe(1);

    // Blur hides nothing: only the blocklist's listing is hidden then.
    await trpcMutation(app, "settings.updateSafety", { blockedTags: ["gore"], nsfwDisplay: "blur" }, member.cookie);
    expect(await hidden()).toEqual({ count: 1 });

    // Under 18 (their own answer), NSFW is kept away by age, not by a setting: neither counted nor shown on asking.
    await trpcMutation(app, "settings.updateSafety", { blockedTags: [], nsfwDisplay: "hide" }, member.cookie);
    await app.database.db
      .updateTable("users")
      .set({ birthDate: "2015-01-01" })
      .where("id", "=", member.user.id)
      .execute();
    expect(await hidden()).toEqual({ count: 0 });
    expect(await saved({ showHidden: true })).toEqual(["Plain", "Gory"]);
  });
});

describe("Following: its own tag facets and creators to follow", () => {
  test("the facets are the followed creators' listings' tags, none for an empty view", async ({ app }) => {
    const [followed, stranger, fan, loner] = await signUpMany(app, 4);
    await createListing(app, followed.cookie, { title: "Followed one", tags: "alpha, shared" });
    await createListing(app, stranger.cookie, { title: "Not followed", tags: "beta, shared" });
    await app.inject({ method: "PUT", url: `/api/user/follows/${followed.user.id}`, headers: { cookie: fan.cookie } });
    const tags = (cookie: string, input: object = {}) =>
      data<TagCount[]>(trpcQuery(app, "follows.feedTags", input, cookie));
    expect(await tags(fan.cookie)).toEqual([
      { tag: "alpha", count: 1 },
      { tag: "shared", count: 1 },
    ]);
    expect(await tags(fan.cookie, { tags: ["beta"] })).toEqual([]);
    expect(await tags(loner.cookie)).toEqual([]);
  });

  test("suggestions: creators of the most popular listings the member may see, not themself nor anyone followed", async ({
    app,
  }) => {
    const [member, star, rising, followed, blocked] = await signUpMany(app, 5);
    const listings = {
      own: await createListing(app, member.cookie, { title: "Mine" }),
      star: await createListing(app, star.cookie, { title: "Star" }),
      rising: await createListing(app, rising.cookie, { title: "Rising" }),
      followed: await createListing(app, followed.cookie, { title: "Followed" }),
      blocked: await createListing(app, blocked.cookie, { title: "Blocked only", tags: "gore" }),
    };
    const scores = { own: 100, star: 90, rising: 50, followed: 95, blocked: 99 };
    for (const [key, score] of Object.entries(scores)) {
      await app.database.db
        .updateTable("chatbots")
        .set({ popularScore: score })
        .where("id", "=", listings[key as keyof typeof listings].id)
        .execute();
    }
    await app.inject({
      method: "PUT",
      url: `/api/user/follows/${followed.user.id}`,
      headers: { cookie: member.cookie },
    });
    await app.inject({ method: "PUT", url: `/api/user/follows/${star.user.id}`, headers: { cookie: rising.cookie } });
    await trpcMutation(app, "settings.updateSafety", { blockedTags: ["gore"], nsfwDisplay: "show" }, member.cookie);

    const suggestions = await data<SuggestedCreator[]>(trpcQuery(app, "follows.suggestions", undefined, member.cookie));
    const ids = suggestions.map((creator) => creator.id);
    // Most popular first; the blocked creator's only listing never reaches the member, so neither do they.
    expect(ids.indexOf(star.user.id)).toBeLessThan(ids.indexOf(rising.user.id));
    expect(ids).not.toContain(member.user.id);
    expect(ids).not.toContain(followed.user.id);
    expect(ids).not.toContain(blocked.user.id);
    expect(suggestions.find((creator) => creator.id === star.user.id)).toMatchObject({
      followerCount: 1,
      isVerified: false,
    });
  });
});
