import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, setRole, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs } from "./support/requests.js";

/**
 * Issue 23, items 8 and 9: members under 18 get no mature content (asked once, kept privately), members who
 * have not answered see NSFW pictures blurred, adults see what members always did; creators may keep their
 * e-mail from other members.
 */
let app: TestApp;
let creator: Member;
let nsfw: { id: string; imageUrl: string };
const listingOf = (bot: { id: string; imageUrl: string | null }) => ({ id: bot.id, imageUrl: bot.imageUrl ?? "" });

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  nsfw = listingOf(await createListing(app, creator.cookie, { title: "Mature Bot", nsfw: "true" }));
});

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};
const answer = (cookie: string, dateOfBirth: unknown) =>
  app.inject({ method: "PUT", url: "/api/user/age", headers: { cookie }, payload: { dateOfBirth } });
const settings = async (cookie: string) => (await getAs(app, "/api/user/settings", cookie)).json();
const nsfwListings = async (cookie: string) =>
  (await getAs(app, "/api/chatbots?nsfw=true&limit=100", cookie)).json() as Array<{
    id: string;
    imageUrl: string;
    revealImageUrl?: string | null;
  }>;

describe("the age question", () => {
  test("a member who has not answered sees NSFW pictures blurred until they answer as an adult", async () => {
    const member = await signUp(app, undefined, { age: "unanswered" });
    expect((await settings(member.cookie)).ageCheck).toBe("unanswered");
    const before = (await nsfwListings(member.cookie)).find((bot) => bot.id === nsfw.id)!;
    expect(before.imageUrl).toMatch(/^http:\/\/localhost:80\/images\/blurred\//);
    expect(before.revealImageUrl).toBe(nsfw.imageUrl);
    const answered = await answer(member.cookie, yearsAgo(30));
    expect(answered.statusCode).toBe(200);
    expect(answered.json().ageCheck).toBe("adult");
    const after = (await nsfwListings(member.cookie)).find((bot) => bot.id === nsfw.id)!;
    expect(after.imageUrl).toBe(nsfw.imageUrl);
    // The date itself is never returned.
    const me = (await getAs(app, "/api/auth/user", member.cookie)).body;
    expect(me).not.toContain(yearsAgo(30));
    expect(JSON.stringify(await settings(member.cookie))).not.toContain(yearsAgo(30));
  });

  test("bad answers get a clear 400 and change nothing", async () => {
    const member = await signUp(app, undefined, { age: "unanswered" });
    const cases: Array<[unknown, string]> = [
      ["2001-13-40", "Date must be in YYYY-MM-DD format"],
      ["1 May 2001", "Date must be in YYYY-MM-DD format"],
      [yearsAgo(-1), "Date of birth cannot be in the future"],
      [yearsAgo(10), "You must be 13 years or older to use Chatbot Gallery"],
    ];
    for (const [date, message] of cases) {
      const response = await answer(member.cookie, date);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    expect((await settings(member.cookie)).ageCheck).toBe("unanswered");
    expect((await answer("sid=nothing", yearsAgo(30))).statusCode).toBe(401);
  });

  test("under 18: no NSFW anywhere, no show once, no originals, and no way to turn it back on", async () => {
    const minor = await signUp(app, undefined, { age: yearsAgo(15) });
    const saved = await settings(minor.cookie);
    expect(saved).toMatchObject({ ageCheck: "minor", nsfwDisplay: "hide" });
    expect(await nsfwListings(minor.cookie)).toEqual([]);
    expect(
      ((await getAs(app, "/api/chatbots?limit=100", minor.cookie)).json() as Array<{ id: string }>).map((b) => b.id),
    ).not.toContain(nsfw.id);
    for (const url of [`/api/chatbots/${nsfw.id}`, `/api/chatbots/${nsfw.id}?showHidden=true`]) {
      const page = await getAs(app, url, minor.cookie);
      expect([page.statusCode, page.json().message]).toEqual([403, "This listing is for members 18 or older"]);
    }
    // The picture is refused as to anyone who may not see it (plugins/app/images.ts), and never kept by a cache.
    const image = await getAs(app, nsfw.imageUrl, minor.cookie);
    expect([image.statusCode, image.json().message, image.headers["cache-control"]]).toEqual([
      401,
      "Unauthorized",
      "no-store",
    ]);
    const turnOn = await app.inject({
      method: "PUT",
      url: "/api/user/settings",
      headers: { cookie: minor.cookie },
      payload: { blockedTags: [], nsfwDisplay: "show" },
    });
    expect([turnOn.statusCode, turnOn.json().message]).toEqual([403, "Members under 18 cannot turn on mature content"]);
    const reanswer = await answer(minor.cookie, yearsAgo(30));
    expect([reanswer.statusCode, reanswer.json().message]).toEqual([
      403,
      "Your date of birth can no longer be changed",
    ]);
    expect((await settings(minor.cookie)).ageCheck).toBe("minor");
    // Saving other settings with NSFW still hidden works.
    const keep = await app.inject({
      method: "PUT",
      url: "/api/user/settings",
      headers: { cookie: minor.cookie },
      payload: { blockedTags: ["gore"], nsfwDisplay: "hide" },
    });
    expect(keep.statusCode).toBe(200);
  });

  test("the settings say what takes effect: an unanswered age blurs what Show would show, under 18 only Hide is offered", async () => {
    const unanswered = await signUp(app, undefined, { age: "unanswered" });
    expect(await settings(unanswered.cookie)).toMatchObject({
      nsfwDisplay: "show",
      nsfwDisplayInEffect: "blur",
      nsfwDisplayChoices: ["blur", "hide"],
    });
    const minor = await signUp(app, undefined, { age: yearsAgo(15) });
    expect(await settings(minor.cookie)).toMatchObject({ nsfwDisplayInEffect: "hide", nsfwDisplayChoices: ["hide"] });
    const answered = await answer(unanswered.cookie, yearsAgo(30));
    expect(answered.json()).toMatchObject({
      nsfwDisplayInEffect: "show",
      nsfwDisplayChoices: ["show", "blur", "hide"],
    });
  });

  test("a creator sees their own NSFW pictures as they are; other members with an unanswered age see them blurred", async () => {
    const own = await signUp(app, undefined, { age: "unanswered" });
    const mine = await createListing(app, own.cookie, { title: "My Mature Bot", nsfw: "true" });
    const other = await signUp(app, undefined, { age: "unanswered" });
    const inList = async (cookie: string, id: string) => (await nsfwListings(cookie)).find((bot) => bot.id === id)!;

    // Their own listing, in a list and on its page (REST and tRPC): the pictures, nothing to reveal.
    const listed = await inList(own.cookie, mine.id);
    expect([listed.imageUrl, listed.revealImageUrl ?? null]).toEqual([mine.imageUrl, null]);
    const page = (await getAs(app, `/api/chatbots/${mine.id}`, own.cookie)).json();
    expect([page.imageUrl, page.thumbnailUrl, page.revealImageUrl ?? null]).toEqual([
      mine.imageUrl,
      mine.thumbnailUrl,
      null,
    ]);
    const overTrpc = await app.inject({
      method: "GET",
      url: `/trpc/chatbots.byId?input=${encodeURIComponent(JSON.stringify({ id: mine.id }))}`,
      headers: { cookie: own.cookie },
    });
    expect(overTrpc.json().result.data.imageUrl).toBe(mine.imageUrl);
    // Another creator's NSFW listing stays blurred for them.
    expect((await inList(own.cookie, nsfw.id)).imageUrl).toMatch(/\/images\/blurred\//);
    // So does one whose text names them (a link to their profile): only a listing of their own comes as it is.
    const naming = await createListing(app, creator.cookie, {
      title: "Mature Bot For A Friend",
      nsfw: "true",
      description: `Made for http://localhost/users/${own.user.id}`,
    });
    const named = await inList(own.cookie, naming.id);
    expect([named.imageUrl.includes("/images/blurred/"), named.revealImageUrl]).toEqual([true, naming.imageUrl]);

    // Another member who has not answered sees the creator's picture blurred, the original only to reveal.
    const seen = await inList(other.cookie, mine.id);
    expect(seen.imageUrl).toMatch(/\/images\/blurred\//);
    expect(seen.revealImageUrl).toBe(mine.imageUrl);
    const seenPage = (await getAs(app, `/api/chatbots/${mine.id}`, other.cookie)).json();
    expect([seenPage.imageUrl.includes("/images/blurred/"), seenPage.revealImageUrl]).toEqual([true, mine.imageUrl]);
  });

  test("an adult sees what members see; an adult may correct the date", async () => {
    const adult = await signUp(app);
    const listed = (await nsfwListings(adult.cookie)).find((bot) => bot.id === nsfw.id)!;
    expect(listed.imageUrl).toBe(nsfw.imageUrl);
    expect((await getAs(app, nsfw.imageUrl, adult.cookie)).statusCode).toBe(200);
    expect((await answer(adult.cookie, yearsAgo(40))).json().ageCheck).toBe("adult");
  });
});

describe("creators' e-mail", () => {
  test("off: no call returns it to other members; the creator and moderators still see it", async () => {
    const shy = await signUp(app);
    const listing = await createListing(app, shy.cookie, { title: "Shy Creator's Bot" });
    const member = await signUp(app);
    const moderator = await signUp(app);
    await setRole(app, moderator.user.id, "admin");
    const creatorEmail = async (cookie: string) =>
      ((await getAs(app, `/api/chatbots/${listing.id}`, cookie)).json() as { user: { email: string | null } }).user
        .email;
    const profileEmail = async (cookie: string) => (await getAs(app, `/api/users/${shy.user.id}`, cookie)).json().email;
    expect(await creatorEmail(member.cookie)).toBe(shy.user.email);

    const off = await app.inject({
      method: "PUT",
      url: "/api/user/email-visibility",
      headers: { cookie: shy.cookie },
      payload: { showEmail: false },
    });
    expect(off.json()).toMatchObject({ showEmail: false, email: shy.user.email });
    await expect.poll(() => creatorEmail(member.cookie)).toBeNull();
    expect(await profileEmail(member.cookie)).toBeNull();
    const gallery = (await getAs(app, "/api/chatbots?limit=100", member.cookie)).json() as Array<{
      id: string;
      user: { email: string | null };
    }>;
    expect(gallery.find((bot) => bot.id === listing.id)?.user.email).toBeNull();
    expect(await profileEmail(moderator.cookie)).toBe(shy.user.email);
    expect((await getAs(app, "/api/auth/user", shy.cookie)).json().email).toBe(shy.user.email);

    const bad = await app.inject({
      method: "PUT",
      url: "/api/user/email-visibility",
      headers: { cookie: shy.cookie },
      payload: { showEmail: "no" },
    });
    expect(bad.statusCode).toBe(400);
    await app.inject({
      method: "PUT",
      url: "/api/user/email-visibility",
      headers: { cookie: shy.cookie },
      payload: { showEmail: true },
    });
    await expect.poll(() => creatorEmail(member.cookie)).toBe(shy.user.email);
  });
});
