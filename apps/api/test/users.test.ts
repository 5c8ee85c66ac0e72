import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { jpegImage, multipart, pngImage } from "./support/images.js";
import { getAs, sendForm } from "./support/requests.js";
import { userRow } from "./support/rows.js";

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

const put = (url: string, cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: "PUT",
    url,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

const NO_LINKS = { instagramUrl: "", blueskyUrl: "", facebookUrl: "", twitterUrl: "", kofiUrl: "", patreonUrl: "" };

/** A new member's PUT refused with 400 and the message; the member, for what a test checks after. */
async function refusedPut(url: string, payload: unknown, message: string) {
  const member = await signUp(app);
  const response = await put(url, member.cookie, payload);
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(message);
  return member;
}

describe("PUT /api/user/nickname", () => {
  it("sets the nickname and answers the updated user", async () => {
    const { cookie } = await signUp(app);
    const response = await put("/api/user/nickname", cookie, { nickname: "  StarWeaver " });
    expect(response.statusCode).toBe(200);
    expect(response.json().nickname).toBe("StarWeaver");
    const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json().nickname).toBe("StarWeaver");
  });

  it.each([
    [{ nickname: "" }, "Nickname is required"],
    [{ nickname: "   " }, "Nickname is required"],
    [{}, "Nickname is required"],
    [{ nickname: "x".repeat(33) }, "Nickname must be 32 characters or less"],
  ])("rejects %j with '%s'", async (body, message) => {
    const { user } = await refusedPut("/api/user/nickname", body, message);
    const row = await userRow(app, user.id);
    expect(row.nickname).toBeNull();
  });

  it("accepts exactly 32 characters", async () => {
    const { cookie } = await signUp(app);
    expect((await put("/api/user/nickname", cookie, { nickname: "n".repeat(32) })).statusCode).toBe(200);
  });

  it("refuses a nickname someone else has, whatever its case, with 409", async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    expect((await put("/api/user/nickname", first.cookie, { nickname: "Moonbeam" })).statusCode).toBe(200);
    const response = await put("/api/user/nickname", second.cookie, { nickname: "MOONBEAM" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("This nickname is already taken");
    // Its owner may still change its case.
    const recased = await put("/api/user/nickname", first.cookie, { nickname: "moonBEAM" });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().nickname).toBe("moonBEAM");
  });

  it("is 401 for visitors", async () => {
    const response = await put("/api/user/nickname", undefined, { nickname: "Ghost" });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("Unauthorized");
  });
});

describe("PUT /api/user/about", () => {
  it("saves the about text, and an empty one clears it", async () => {
    const { cookie } = await signUp(app);
    expect((await put("/api/user/about", cookie, { about: "I write cozy mysteries." })).json().about).toBe(
      "I write cozy mysteries.",
    );
    expect((await put("/api/user/about", cookie, { about: "" })).json().about).toBeNull();
  });

  it.each([
    ["x".repeat(501), "About section must be 500 characters or less"],
    ["find me on example.com", "About section cannot contain web addresses or domains"],
    ["see http://x", "About section cannot contain web addresses or domains"],
    ["my site.io", "About section cannot contain web addresses or domains"],
    ["writer.net", "About section cannot contain web addresses or domains"],
    ["the.org", "About section cannot contain web addresses or domains"],
    ["brand.co", "About section cannot contain web addresses or domains"],
  ])("rejects %s", async (about, message) => {
    await refusedPut("/api/user/about", { about }, message);
  });

  it("accepts exactly 500 characters", async () => {
    const { cookie } = await signUp(app);
    expect((await put("/api/user/about", cookie, { about: "a".repeat(500) })).statusCode).toBe(200);
  });
});

describe("PUT /api/user/social-media", () => {
  it("sets and clears the six links", async () => {
    const { cookie } = await signUp(app);
    const links = {
      instagramUrl: "https://instagram.com/me",
      blueskyUrl: "https://bsky.app/profile/me",
      facebookUrl: "https://facebook.com/me",
      twitterUrl: "https://x.com/me",
      kofiUrl: "https://ko-fi.com/me",
      patreonUrl: "https://patreon.com/me",
    };
    expect((await put("/api/user/social-media", cookie, links)).json()).toMatchObject(links);
    const cleared = (await put("/api/user/social-media", cookie, NO_LINKS)).json();
    expect(cleared).toMatchObject({ instagramUrl: null, patreonUrl: null });
  });

  it.each([
    ["instagramUrl", "Invalid Instagram URL"],
    ["blueskyUrl", "Invalid Bluesky URL"],
    ["facebookUrl", "Invalid Facebook URL"],
    ["twitterUrl", "Invalid Twitter/X URL"],
    ["kofiUrl", "Invalid Ko-Fi URL"],
    ["patreonUrl", "Invalid Patreon URL"],
  ])("rejects a bad %s with '%s'", async (field, message) => {
    const { cookie } = await refusedPut("/api/user/social-media", { ...NO_LINKS, [field]: "not a url" }, message);
    const script = await put("/api/user/social-media", cookie, { ...NO_LINKS, [field]: "javascript:alert(1)" });
    expect(script.statusCode).toBe(400);
  });
});

describe("PUT /api/user/avatar", () => {
  const upload = (cookie: string | undefined, data: Buffer, filename = "me.png", type = "image/png") => {
    const body = multipart({}, { name: "avatar", filename, type, data });
    return app.inject({
      method: "PUT",
      url: "/api/user/avatar",
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  };

  it("stores a re-encoded square avatar and releases the previous one", async () => {
    const { cookie } = await signUp(app);
    const first = (await upload(cookie, await jpegImage(300, 200), "me.jpg", "image/jpeg")).json();
    expect(first.avatarUrl).toMatch(/^http:\/\/localhost:80\/images\/avatars\/[a-f0-9]{64}\.webp$/);
    const image = await app.inject({ method: "GET", url: first.avatarUrl });
    expect(image.statusCode).toBe(200);
    const second = (await upload(cookie, await pngImage(90, 90, "#00ff00"))).json();
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(await storedKeys(app)).not.toContain(first.avatarUrl.split("/images/")[1]!);
  });

  it("re-encodes to a 256 px WebP without the upload's metadata, whatever the accepted format", async () => {
    const { cookie } = await signUp(app);
    const webp = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer();
    for (const [data, filename, type] of [
      [await jpegImage(300, 200), "me.jpg", "image/jpeg"],
      [webp, "me.webp", "image/webp"],
    ] as const) {
      const response = await upload(cookie, data, filename, type);
      expect(response.statusCode).toBe(200);
      const stored = await app.inject({ method: "GET", url: response.json().avatarUrl });
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(stored.rawPayload.includes("secret-camera-owner")).toBe(false);
    }
  });

  it("rejects a file that is not a JPEG, PNG or WebP image, and more than 5 MB, keeping the current avatar", async () => {
    const { cookie, user } = await signUp(app);
    const current = (await upload(cookie, await pngImage(40, 40, "#ff0000"))).json().avatarUrl as string;
    const keysBefore = await storedKeys(app);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    // A form without the file field.
    const noFile = multipart({ note: "no file here" });
    const cases = [
      [await upload(cookie, Buffer.from("GIF89a not really"), "me.png"), 400, "The file is not a readable image"],
      [await upload(cookie, gif, "me.png", "image/png"), 400, "Please select a JPG, PNG or WebP image."],
      [await upload(cookie, Buffer.alloc(5 * 1024 * 1024 + 1, 1)), 413, "Image size must be less than 5MB."],
      [
        await sendForm(app, "PUT", "/api/user/avatar", noFile, cookie),
        400,
        "Please select a JPEG, PNG, or WebP image.",
      ],
    ] as const;
    for (const [response, status, message] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(message);
    }
    const row = await userRow(app, user.id);
    expect(row.avatarUrl).toBe(new URL(current).pathname);
    expect(await storedKeys(app)).toEqual(keysBefore);
  });

  it("is 401 for visitors", async () => {
    expect((await upload(undefined, await pngImage())).statusCode).toBe(401);
  });
});

describe("public profiles", () => {
  it("GET /api/users/{id} shows the profile, the e-mail only to members, never private fields", async () => {
    const creator = await signUp(app);
    await put("/api/user/about", creator.cookie, { about: "Hello" });
    const visitor = (await getAs(app, `/api/users/${creator.user.id}`)).json();
    expect(visitor).toMatchObject({ id: creator.user.id, about: "Hello", email: null });
    expect(visitor).not.toHaveProperty("dateOfBirth");
    const viewer = await signUp(app);
    const member = (await getAs(app, `/api/users/${creator.user.id}`, viewer.cookie)).json();
    expect(member.email).toBe(creator.account.email);
  });

  it("GET /api/users/{id}/chatbots lists the creator's listings with the gallery's NSFW rules", async () => {
    const creator = await signUp(app);
    const sfw = await createListing(app, creator.cookie, { title: "Open" });
    const nsfw = await createListing(app, creator.cookie, { title: "Closed", nsfw: "true" });
    const visitor = (await getAs(app, `/api/users/${creator.user.id}/chatbots`)).json();
    expect(visitor.map((c: { id: string }) => c.id)).toEqual([sfw.id]);
    const viewer = await signUp(app);
    const member = (await getAs(app, `/api/users/${creator.user.id}/chatbots`, viewer.cookie)).json();
    expect(member.map((c: { id: string }) => c.id)).toEqual([nsfw.id, sfw.id]);
    expect(member[0].user.id).toBe(creator.user.id);
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    expect((await getAs(app, "/api/users/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await getAs(app, "/api/users/not-a-uuid/chatbots")).statusCode).toBe(400);
  });

  it("hides a pending user's profile from others until approved", async () => {
    const strict = await createTestApp({ REQUIRE_APPROVAL: "true" });
    try {
      const pending = await signUp(strict.app);
      const url = `/api/users/${pending.user.id}`;
      expect((await getAs(strict.app, url)).statusCode).toBe(404);
      expect((await getAs(strict.app, url, pending.cookie)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("nobody changes another's profile", () => {
  it("has no call that takes another user's id for a change", async () => {
    const victim = await signUp(app);
    const attacker = await signUp(app);
    await put("/api/user/nickname", attacker.cookie, {
      nickname: "Attacker",
      id: victim.user.id,
      userId: victim.user.id,
    });
    await put("/api/user/about", attacker.cookie, { about: "pwned", userId: victim.user.id });
    const victimRow = await userRow(app, victim.user.id);
    expect(victimRow.nickname).toBeNull();
    expect(victimRow.about).toBeNull();
    // The links and the avatar: a smuggled id is refused or ignored, the victim keeps theirs.
    const links = await put("/api/user/social-media", attacker.cookie, {
      ...NO_LINKS,
      instagramUrl: "https://example.com/pwned",
      userId: victim.user.id,
    });
    expect(links.statusCode).toBe(400);
    const body = multipart(
      { userId: victim.user.id, id: victim.user.id },
      { name: "avatar", filename: "a.png", type: "image/png", data: await pngImage(32, 32) },
    );
    const avatar = await sendForm(app, "PUT", "/api/user/avatar", body, attacker.cookie);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.json().id).toBe(attacker.user.id);
    // Nor through the tRPC procedures with extra input.
    const trpc = await app.inject({
      method: "POST",
      url: "/trpc/users.updateNickname",
      headers: { "content-type": "application/json", cookie: attacker.cookie },
      payload: JSON.stringify({ nickname: "AttackerToo", userId: victim.user.id }),
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data.id).toBe(attacker.user.id);
    const victimAfter = await userRow(app, victim.user.id);
    expect(victimAfter).toMatchObject({ nickname: null, about: null, instagramUrl: null, avatarUrl: null });
    for (const method of ["PUT", "POST", "DELETE"] as const) {
      const response = await app.inject({
        method,
        url: `/api/users/${victim.user.id}`,
        headers: { cookie: attacker.cookie },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
