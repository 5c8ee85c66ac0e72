import { sql } from "@gallery/db";
import { GALLERY_COUNT_CAP } from "@gallery/schema";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp, signUpAs } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { jpegImage, multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";
import { updateUser } from "./support/rows.js";

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  owner = await signUp(app);
  other = await signUp(app);
});

/** Stored objects and listing rows, to prove a refused request changed nothing. */
async function snapshot() {
  const rows = await app.database.db.selectFrom("chatbots").selectAll().orderBy("id").execute();
  return { keys: await storedKeys(app), rows };
}

const post = (cookie: string | undefined, body: ReturnType<typeof multipart>) =>
  app.inject({
    method: "POST",
    url: "/api/chatbots",
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });

/**
 * A create with these fields and a picture sent as a PNG (a real one unless `picture` says otherwise) that is refused
 * with `status`, leaving nothing stored behind (rows and objects as before): the answer's message.
 */
async function refusedCreate(
  cookie: string | undefined,
  fields: Record<string, string>,
  status: number,
  picture: { filename?: string; data?: Buffer } = {},
): Promise<string> {
  const before = await snapshot();
  const data = picture.data ?? (await pngImage());
  const response = await post(
    cookie,
    multipart(fields, { name: "image", filename: picture.filename ?? "a.png", type: "image/png", data }),
  );
  expect(response.statusCode).toBe(status);
  expect(await snapshot()).toEqual(before);
  return response.json().message;
}

describe("POST /api/chatbots", () => {
  it("creates a listing with parsed tags and a stored, re-encoded image plus a card-size variant", async () => {
    const image = await jpegImage(800, 1600);
    const created = await createListing(
      app,
      owner.cookie,
      {
        title: "  Dragon Knight ",
        tags: "fantasy, , epic ,",
        storySeries: "Ember",
        polybuzzCid: "pb-1",
        polybuzzUrl: "https://polybuzz.ai/c/pb-1",
        nsfw: "false",
      },
      image,
    );
    expect(created).toMatchObject({
      title: "Dragon Knight",
      tags: ["fantasy", "epic"],
      storySeries: "Ember",
      polybuzzCid: "pb-1",
      roleplayaCid: null,
      nsfw: false,
      userId: owner.user.id,
    });
    expect(created.imageUrl).toMatch(/^http:\/\/localhost:80\/images\/chatbots\/[a-f0-9]{64}\.webp$/);
    expect(created.thumbnailUrl).toMatch(/^http:\/\/localhost:80\/images\/thumbnails\/[a-f0-9]{64}\.webp$/);

    const original = await app.inject({ method: "GET", url: created.imageUrl! });
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/webp");
    expect(original.headers["cache-control"]).toBe("public, max-age=31536000, s-maxage=0, proxy-revalidate, immutable");
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(800);

    const thumbnail = await app.inject({ method: "GET", url: created.thumbnailUrl! });
    const thumbMeta = await sharp(thumbnail.rawPayload).metadata();
    expect(thumbMeta.width).toBeLessThanOrEqual(400);
    expect(thumbnail.rawPayload.length).toBeLessThan(original.rawPayload.length);
  });

  it("refuses visitors with 401 and stores nothing", async () => {
    expect(await refusedCreate(undefined, { title: "x" }, 401)).toBe("Unauthorized");
  });

  const bad: Array<[string, Record<string, string>, number, string]> = [
    ["a missing title", { tags: "a" }, 400, "Title is required"],
    ["a blank title", { title: "   " }, 400, "Title is required"],
    ["a URL field that is not a URL", { title: "x", polybuzzUrl: "not a url" }, 400, "Must be a valid URL"],
    ["a javascript: URL", { title: "x", roleplayaUrl: "javascript:alert(1)" }, 400, "Must be a valid URL"],
    ["nsfw that is not true or false", { title: "x", nsfw: "maybe" }, 400, "nsfw must be true or false"],
  ];
  for (const [what, fields, status, message] of bad) {
    it(`rejects ${what} with ${status} and changes nothing`, async () => {
      expect(await refusedCreate(owner.cookie, fields, status)).toBe(message);
    });
  }

  it("requires an image", async () => {
    const response = await post(owner.cookie, multipart({ title: "No image" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please select an image file.");
  });

  it("rejects a file that lies about its type (text named .png), leaving nothing behind", async () => {
    const data = Buffer.from("<script>alert(1)</script>");
    expect(await refusedCreate(owner.cookie, { title: "Liar" }, 400, { filename: "evil.png", data })).toMatch(
      /not a readable image/,
    );
  });

  it("rejects an image format other than JPG, PNG or WebP (a GIF named .png), leaving nothing behind", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(await refusedCreate(owner.cookie, { title: "Gif" }, 400, { data: gif })).toBe(
      "Please select a JPG, PNG or WebP image.",
    );
  });

  it("rejects a corrupt image (a PNG cut in half), leaving nothing behind", async () => {
    const png = await pngImage(200, 200);
    expect(
      await refusedCreate(owner.cookie, { title: "Broken" }, 400, { data: png.subarray(0, png.length / 2) }),
    ).toMatch(/image/i);
  });

  it("rejects an image over 5 MB with 413 and a clear message, storing nothing", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    expect(await refusedCreate(owner.cookie, { title: "Big" }, 413, { filename: "big.png", data: big })).toBe(
      "Image size must be less than 5MB.",
    );
  });

  it("refuses a pending user when approval is required", async () => {
    const strict = await createTestApp({ REQUIRE_APPROVAL: "true" });
    try {
      const pending = await signUp(strict.app);
      expect(pending.user.isApproved).toBe(false);
      const body = multipart(
        { title: "Pending" },
        { name: "image", filename: "a.png", type: "image/png", data: await pngImage() },
      );
      const response = await sendForm(strict.app, "POST", "/api/chatbots", body, pending.cookie);
      expect(response.statusCode).toBe(403);
    } finally {
      await strict.close();
    }
  });
});

describe("GET /api/chatbots", () => {
  let sfw: { id: string };
  let nsfw: { id: string; imageUrl: string | null; thumbnailUrl: string | null };
  beforeAll(async () => {
    await updateUser(app, other.user.id, { nickname: "ZephyrWriter" });
    sfw = await createListing(app, other.cookie, {
      title: "Moonlit Librarian",
      tags: "Cozy, mystery",
      roleplayaCid: "rp-9",
    });
    nsfw = await createListing(
      app,
      other.cookie,
      { title: "Velvet Vampire", tags: "romance", nsfw: "true" },
      await pngImage(64, 128, "#ff0000"),
    );
  });

  const list = (query: string, cookie?: string) =>
    app.inject({ method: "GET", url: `/api/chatbots${query}`, headers: cookie ? { cookie } : {} });
  const ids = (response: { json(): unknown }) => (response.json() as Array<{ id: string }>).map((c) => c.id);

  it("never gives a visitor an NSFW listing, even when asked", async () => {
    for (const query of ["", "?nsfw=true", "?nsfw=false", "?search=vampire"]) {
      const response = await list(query);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).not.toContain(nsfw.id);
    }
    expect(ids(await list(""))).toContain(sfw.id);
  });

  it("lets members and admins choose all, SFW only or NSFW only", async () => {
    const admin = await signUpAs(app, "admin");
    for (const cookie of [owner.cookie, admin.cookie]) {
      const all = ids(await list("", cookie));
      expect(all).toEqual(expect.arrayContaining([sfw.id, nsfw.id]));
      const safe = await list("?nsfw=false", cookie);
      expect(ids(safe)).toContain(sfw.id);
      expect((safe.json() as Array<{ nsfw: boolean }>).some((c) => c.nsfw)).toBe(false);
      const only = await list("?nsfw=true", cookie);
      expect(ids(only)).toContain(nsfw.id);
      expect((only.json() as Array<{ nsfw: boolean }>).every((c) => c.nsfw)).toBe(true);
    }
  });

  it("hides NSFW images from visitors but serves them to members", async () => {
    for (const url of [nsfw.imageUrl!, nsfw.thumbnailUrl!]) {
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
      const member = await app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
      expect(member.statusCode).toBe(200);
      expect(member.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    }
  });

  it("searches title, tags and creator name, case-insensitively", async () => {
    expect(ids(await list("?search=MOONLIT"))).toEqual([sfw.id]);
    expect(ids(await list("?search=cozy"))).toEqual([sfw.id]);
    expect(ids(await list("?search=zephyr"))).toContain(sfw.id);
    expect(ids(await list("?search=nothing-like-this"))).toEqual([]);
    // LIKE wildcards are taken literally.
    expect(ids(await list("?search=%25"))).toEqual([]);
    expect(ids(await list("?search=_"))).toEqual([]);
  });

  it("filters by platform", async () => {
    const roleplaya = await list("?platform=roleplaya", owner.cookie);
    expect(ids(roleplaya)).toContain(sfw.id);
    expect((roleplaya.json() as Array<{ roleplayaCid: string | null }>).every((c) => c.roleplayaCid)).toBe(true);
    expect(ids(await list("?platform=polybuzz", owner.cookie))).not.toContain(sfw.id);
    expect((await list("?platform=myspace")).statusCode).toBe(400);
  });

  it("embeds the creator, without the e-mail for visitors", async () => {
    const [bot] = (await list("?search=moonlit")).json() as Array<{ user: Record<string, unknown> }>;
    expect(bot!.user).toMatchObject({ id: other.user.id, nickname: "ZephyrWriter", email: null, isAdmin: false });
    const [member] = (await list("?search=moonlit", owner.cookie)).json() as Array<{ user: Record<string, unknown> }>;
    expect(member!.user.email).toBe(other.account.email);
  });

  it("pages newest first with a cursor and a Link header", async () => {
    const pager = await signUp(app);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createListing(app, pager.cookie, { title: `Pager ${i}` }));
    const seen: string[] = [];
    // Newest asked for: with a term the default is Best match (issue 39), where these five tie.
    let url: string | null = "/api/chatbots?search=pager&sort=newest&limit=2";
    let pages = 0;
    while (url) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      seen.push(...ids(response));
      const link = response.headers.link as string | undefined;
      url = link ? link.match(/^<([^>]+)>; rel="next"$/)![1]! : null;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((c) => c.id).reverse());
  });

  it("rejects a forged cursor and out-of-range limits with 400", async () => {
    expect((await list("?cursor=abc")).json().message).toBe("Invalid cursor");
    expect((await list("?limit=0")).statusCode).toBe(400);
    expect((await list("?limit=101")).statusCode).toBe(400);
    expect((await list("?limit=ten")).statusCode).toBe(400);
  });

  it("counts matches through tRPC with the same rules", async () => {
    const count = (cookie?: string) =>
      app.inject({
        method: "GET",
        url: `/trpc/chatbots.count?input=${encodeURIComponent(JSON.stringify({ search: "velvet" }))}`,
        headers: cookie ? { cookie } : {},
      });
    expect((await count()).json().result.data).toEqual({ count: 0, capped: false });
    expect((await count(owner.cookie)).json().result.data).toEqual({ count: 1, capped: false });
  });
});

describe("PUT and DELETE /api/chatbots/{id}", () => {
  const put = (id: string, cookie: string, body: ReturnType<typeof multipart>) =>
    sendForm(app, "PUT", `/api/chatbots/${id}`, body, cookie);

  it("changes only the fields sent", async () => {
    const bot = await createListing(app, owner.cookie, {
      title: "Before",
      tags: "a, b",
      nsfw: "true",
      storySeries: "S1",
    });
    const response = await put(bot.id, owner.cookie, multipart({ title: "After", storySeries: "" }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: "After",
      tags: ["a", "b"],
      nsfw: true,
      storySeries: null,
      imageUrl: bot.imageUrl,
    });
  });

  const refusedEdits: Array<[string, Record<string, string>, { data: Buffer } | null, string]> = [
    ["a blank title", { title: " " }, null, "Title is required"],
    ["a URL field that is not a URL", { polybuzzUrl: "polybuzz dot ai" }, null, "Must be a valid URL"],
    ["nsfw that is not true or false", { nsfw: "yes" }, null, "nsfw must be true or false"],
    ["a text file named .png", { title: "New" }, { data: Buffer.from("not an image") }, "not a readable image"],
  ];
  for (const [what, fields, file, message] of refusedEdits) {
    it(`refuses an edit with ${what}, keeping the listing and its image`, async () => {
      const bot = await createListing(app, owner.cookie, { title: "Kept", polybuzzUrl: "https://polybuzz.ai/k" });
      const before = await snapshot();
      const body = multipart(
        fields,
        file ? { name: "image", filename: "new.png", type: "image/png", data: file.data } : undefined,
      );
      const response = await put(bot.id, owner.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("replaces the image and removes the old objects", async () => {
    const bot = await createListing(app, owner.cookie, { title: "Swap" }, await pngImage(70, 140, "#123456"));
    const body = multipart(
      {},
      { name: "image", filename: "new.png", type: "image/png", data: await pngImage(70, 140, "#abcdef") },
    );
    const updated = (await put(bot.id, owner.cookie, body)).json();
    expect(updated.imageUrl).not.toBe(bot.imageUrl);
    const keys = await storedKeys(app);
    expect(keys).not.toContain(bot.imageUrl!.split("/images/")[1]!);
    expect(keys).not.toContain(bot.thumbnailUrl!.split("/images/")[1]!);
    expect(keys).toContain(updated.imageUrl.split("/images/")[1]!);
  });

  it("keeps an image that another listing shares", async () => {
    const shared = await pngImage(33, 66, "#0f0f0f");
    const first = await createListing(app, owner.cookie, { title: "Twin 1" }, shared);
    const second = await createListing(app, owner.cookie, { title: "Twin 2" }, shared);
    expect(second.imageUrl).toBe(first.imageUrl);
    await app.inject({ method: "DELETE", url: `/api/chatbots/${first.id}`, headers: { cookie: owner.cookie } });
    expect((await app.inject({ method: "GET", url: second.imageUrl! })).statusCode).toBe(200);
  });

  it("does not let another user edit or delete a listing", async () => {
    const bot = await createListing(app, owner.cookie, { title: "Mine" });
    const edit = await put(bot.id, other.cookie, multipart({ title: "Stolen" }));
    expect(edit.statusCode).toBe(403);
    const del = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${bot.id}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(403);
    const row = await app.database.db
      .selectFrom("chatbots")
      .select("title")
      .where("id", "=", bot.id)
      .executeTakeFirst();
    expect(row?.title).toBe("Mine");
  });

  it("answers 404 for an unknown id, 400 for a malformed one, 401 for visitors", async () => {
    expect(
      (await put("00000000-0000-4000-8000-000000000000", owner.cookie, multipart({ title: "x" }))).statusCode,
    ).toBe(404);
    expect((await put("..%2F..%2Fetc", owner.cookie, multipart({ title: "x" }))).statusCode).toBe(400);
    const visitor = await app.inject({ method: "DELETE", url: "/api/chatbots/00000000-0000-4000-8000-000000000000" });
    expect(visitor.statusCode).toBe(401);
  });

  it("deletes a listing and its stored images", async () => {
    const bot = await createListing(app, owner.cookie, { title: "Doomed" }, await pngImage(71, 142, "#654321"));
    const response = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${bot.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    const keys = await storedKeys(app);
    expect(keys).not.toContain(bot.imageUrl!.split("/images/")[1]!);
    expect(keys).not.toContain(bot.thumbnailUrl!.split("/images/")[1]!);
    expect((await app.inject({ method: "GET", url: bot.imageUrl! })).statusCode).toBe(404);
  });
});

describe("own and series lists", () => {
  it("GET /api/user/chatbots returns only the caller's listings, NSFW included", async () => {
    const me = await signUp(app);
    const a = await createListing(app, me.cookie, { title: "Own SFW" });
    const b = await createListing(app, me.cookie, { title: "Own NSFW", nsfw: "true" });
    const response = await app.inject({ method: "GET", url: "/api/user/chatbots", headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Array<{ id: string }>).map((c) => c.id)).toEqual([b.id, a.id]);
    expect((await app.inject({ method: "GET", url: "/api/user/chatbots" })).statusCode).toBe(401);
    // Paged like the gallery: a page of 1 and a Link to the next one.
    const first = await app.inject({
      method: "GET",
      url: "/api/user/chatbots?limit=1",
      headers: { cookie: me.cookie },
    });
    expect((first.json() as Array<{ id: string }>).map((c) => c.id)).toEqual([b.id]);
    const next = (first.headers.link as string).match(/^<([^>]+)>; rel="next"$/)![1]!;
    const second = await app.inject({ method: "GET", url: next, headers: { cookie: me.cookie } });
    expect((second.json() as Array<{ id: string }>).map((c) => c.id)).toEqual([a.id]);
    expect(second.headers.link).toBeUndefined();
    expect(
      (await app.inject({ method: "GET", url: "/api/user/chatbots?limit=1001", headers: { cookie: me.cookie } }))
        .statusCode,
    ).toBe(400);
  });

  it("GET /api/series/{name}/{creator} is for members and matches the series exactly", async () => {
    const creator = await signUp(app);
    const inSeries = await createListing(app, creator.cookie, {
      title: "Chapter 1",
      storySeries: "Neon Nights / Part 2",
    });
    await createListing(app, creator.cookie, { title: "Elsewhere", storySeries: "Other" });
    const url = `/api/series/${encodeURIComponent("Neon Nights / Part 2")}/${creator.user.id}`;
    const visitor = await app.inject({ method: "GET", url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toContain("Unauthorized");
    const member = await app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
    expect(member.statusCode).toBe(200);
    const bots = member.json() as Array<{ id: string; user: { id: string } }>;
    expect(bots.map((c) => c.id)).toEqual([inSeries.id]);
    expect(bots[0]!.user.id).toBe(creator.user.id);
    expect(member.headers.link).toBeUndefined();

    const more = await createListing(app, creator.cookie, { title: "Chapter 2", storySeries: "Neon Nights / Part 2" });
    const page = await app.inject({ method: "GET", url: `${url}?limit=1`, headers: { cookie: owner.cookie } });
    expect((page.json() as Array<{ id: string }>).map((c) => c.id)).toEqual([more.id]);
    const next = (page.headers.link as string).match(/^<([^>]+)>; rel="next"$/)![1]!;
    const rest = await app.inject({ method: "GET", url: next, headers: { cookie: owner.cookie } });
    expect((rest.json() as Array<{ id: string }>).map((c) => c.id)).toEqual([inSeries.id]);
  });
});

describe("the gallery count", () => {
  it("is exact up to the cap and says when it stopped counting", async () => {
    const creator = await signUp(app);
    // Straight SQL: a thousand listings through the api would take minutes.
    await sql`
      INSERT INTO chatbots (title, user_id)
      SELECT 'Capzq ' || g, ${creator.user.id}::uuid FROM generate_series(1, ${GALLERY_COUNT_CAP + 1}) g`.execute(
      app.database.db,
    );
    try {
      const count = async (search: string) =>
        (
          await app.inject({
            method: "GET",
            url: `/trpc/chatbots.count?input=${encodeURIComponent(JSON.stringify({ search }))}`,
          })
        ).json().result.data;
      expect(await count("capzq")).toEqual({ count: GALLERY_COUNT_CAP, capped: true });
      // 'capzq 1', 'capzq 10'-'19', 'capzq 100'-'199', 'capzq 1000' and 'capzq 1001'.
      expect(await count("capzq 1")).toEqual({ count: 113, capped: false });
    } finally {
      await app.database.db.deleteFrom("chatbots").where("userId", "=", creator.user.id).execute();
    }
  });
});
