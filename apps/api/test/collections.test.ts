// Issue 38 §2: collections. A member's named lists of listings (title, description, public or private, hand order)
// on both transports; every change the owner's alone (another member's collection is 404, as an unknown one); the
// limits (500 listings, 100 collections) refused with 409 and nothing changed; concurrent adds and reorders never
// 5xx and keep positions 0..n-1; a private collection is its owner's alone (404 to anyone else); each viewer sees
// only the listings they may see, with an honest count of those their settings hide; the public page's served head
// (canonical slug, 301 from a wrong one), its mosaic share preview, and its place in the sitemap.
import {
  type Chatbot,
  COLLECTION_ITEMS_MAX,
  COLLECTION_TEXTS,
  COLLECTIONS_PER_MEMBER_MAX,
  type CollectionSummary,
  type CollectionView,
  type MyCollection,
  pageTitle,
} from "@gallery/schema";
import { sql } from "kysely";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpMany } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { trpcMutation, trpcQuery } from "./support/requests.js";
import { fakeWebDist } from "./support/web-dist.js";

const PUBLIC_URL = "https://gallery.example";
test.override("appEnv", { WEB_DIST: fakeWebDist(), PUBLIC_URL });

let app: TestApp;
let owner: Member;
let other: Member;
let creator: Member;
let sfw: Chatbot[];
let nsfw: Chatbot;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  [owner, other, creator] = await signUpMany(app, 3);
  sfw = [];
  for (const [i, colour] of ["#ef4444", "#22c55e", "#3b82f6", "#eab308", "#a855f7"].entries()) {
    sfw.push(await createListing(app, creator.cookie, { title: `Collected Bot ${i}` }, await pngImage(64, 96, colour)));
  }
  nsfw = await createListing(app, creator.cookie, { title: "Collected Spicy Bot", nsfw: "true" });
});

const json = (method: "POST" | "PUT" | "DELETE", url: string, body: unknown, cookie?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

async function create(cookie: string, body: Record<string, unknown>): Promise<CollectionSummary> {
  const response = await json("POST", "/api/user/collections", body, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const add = (id: string, chatbotId: string, cookie?: string) =>
  json("PUT", `/api/user/collections/${id}/items/${chatbotId}`, undefined, cookie);
const read = async (id: string, cookie?: string) => get(`/api/collections/${id}`, cookie);
/** The stored rows of a collection, in order: what every answer is made from. */
const rowsOf = (id: string) =>
  app.database.db
    .selectFrom("collectionItems")
    .select(["chatbotId", "position"])
    .where("collectionId", "=", id)
    .orderBy("position")
    .execute();
const expectPermutation = async (id: string) => {
  const rows = await rowsOf(id);
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, i) => i));
  expect(new Set(rows.map((row) => row.chatbotId)).size).toBe(rows.length);
  return rows.map((row) => row.chatbotId);
};

describe("making and changing collections", () => {
  test("create (with its first listing in the same call), update, add, remove, move, reorder, delete", async () => {
    const made = await create(owner.cookie, {
      title: "  Cozy picks ",
      description: "Bots for a rainy day",
      chatbotId: sfw[0]!.id,
    });
    expect(made).toMatchObject({
      title: "Cozy picks",
      description: "Bots for a rainy day",
      public: false,
      ownerId: owner.user.id,
      itemCount: 1,
      path: `/collections/${made.id}/cozy-picks`,
    });
    // Adding makes it last; adding again changes nothing.
    const second = await add(made.id, sfw[1]!.id, owner.cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({
      collectionId: made.id,
      chatbotId: sfw[1]!.id,
      contains: true,
      position: 1,
      itemCount: 2,
    });
    expect((await add(made.id, sfw[1]!.id, owner.cookie)).json()).toMatchObject({ position: 1, itemCount: 2 });
    const third = await trpcMutation(app, "collections.add", { id: made.id, chatbotId: sfw[2]!.id }, owner.cookie);
    expect(third.json().result.data).toMatchObject({ position: 2, itemCount: 3 });
    expect(await expectPermutation(made.id)).toEqual([sfw[0]!.id, sfw[1]!.id, sfw[2]!.id]);

    // Move the last to the front, then set the whole order.
    const moved = await json(
      "PUT",
      `/api/user/collections/${made.id}/items/${sfw[2]!.id}/position`,
      { position: 0 },
      owner.cookie,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().chatbotIds).toEqual([sfw[2]!.id, sfw[0]!.id, sfw[1]!.id]);
    const order = [sfw[1]!.id, sfw[2]!.id, sfw[0]!.id];
    const reordered = await trpcMutation(app, "collections.reorder", { id: made.id, chatbotIds: order }, owner.cookie);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await expectPermutation(made.id)).toEqual(order);
    // An order that is not the collection's listings each once is 409, and nothing changes.
    const stale = await json(
      "PUT",
      `/api/user/collections/${made.id}/order`,
      { chatbotIds: order.slice(0, 2) },
      owner.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: COLLECTION_TEXTS.orderMismatch, code: "conflict" });
    const repeated = await json(
      "PUT",
      `/api/user/collections/${made.id}/order`,
      { chatbotIds: [order[0], order[0], order[1]] },
      owner.cookie,
    );
    expect(repeated.statusCode).toBe(409);
    expect(await expectPermutation(made.id)).toEqual(order);

    // Remove closes the gap.
    const removed = await json(
      "DELETE",
      `/api/user/collections/${made.id}/items/${sfw[2]!.id}`,
      undefined,
      owner.cookie,
    );
    expect(removed.json()).toMatchObject({ contains: false, position: null, itemCount: 2 });
    expect(await expectPermutation(made.id)).toEqual([sfw[1]!.id, sfw[0]!.id]);

    const updated = await json(
      "PUT",
      `/api/user/collections/${made.id}`,
      { title: "Rainy day", public: true },
      owner.cookie,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "Rainy day",
      description: "Bots for a rainy day",
      public: true,
      path: `/collections/${made.id}/rainy-day`,
    });

    const deleted = await trpcMutation(app, "collections.delete", { id: made.id }, owner.cookie);
    expect(deleted.json().result.data).toEqual({ id: made.id, deleted: true });
    expect(await rowsOf(made.id)).toEqual([]);
    expect((await read(made.id, owner.cookie)).statusCode).toBe(404);
    // The listings stay.
    expect((await get(`/api/chatbots/${sfw[0]!.id}`)).statusCode).toBe(200);
  });

  test("bad input gets a clear 4xx and changes nothing", async () => {
    expect((await json("POST", "/api/user/collections", { title: "Visitor's" })).statusCode).toBe(401);
    const tooLong = await json("POST", "/api/user/collections", { title: "x".repeat(81) }, owner.cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      message: COLLECTION_TEXTS.titleTooLong,
      code: "invalid_input",
      field: "title",
    });
    const blank = await trpcMutation(app, "collections.create", { title: "   " }, owner.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(COLLECTION_TEXTS.titleRequired);
    const description = await json(
      "POST",
      "/api/user/collections",
      { title: "Long", description: "y".repeat(501) },
      owner.cookie,
    );
    expect(description.json()).toMatchObject({ message: COLLECTION_TEXTS.descriptionTooLong });
    // An unknown listing as the first item: 404, and no empty collection is left behind.
    const unknown = await json(
      "POST",
      "/api/user/collections",
      { title: "Ghost", chatbotId: "00000000-0000-4000-8000-000000000000" },
      owner.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "Chatbot not found" });
    const mine = (await get("/api/user/collections", owner.cookie)).json() as MyCollection[];
    expect(mine.map((collection) => collection.title)).not.toContain("Ghost");
    expect(mine.map((collection) => collection.title)).not.toContain("Long");

    // Another member's collection: every change is 404, as an unknown one; nothing changes.
    const theirs = await create(other.cookie, { title: "Not yours", public: true, chatbotId: sfw[0]!.id });
    const attempts = [
      json("PUT", `/api/user/collections/${theirs.id}`, { title: "Mine now" }, owner.cookie),
      json("DELETE", `/api/user/collections/${theirs.id}`, undefined, owner.cookie),
      add(theirs.id, sfw[1]!.id, owner.cookie),
      json("DELETE", `/api/user/collections/${theirs.id}/items/${sfw[0]!.id}`, undefined, owner.cookie),
      json("PUT", `/api/user/collections/${theirs.id}/items/${sfw[0]!.id}/position`, { position: 0 }, owner.cookie),
      json("PUT", `/api/user/collections/${theirs.id}/order`, { chatbotIds: [sfw[0]!.id] }, owner.cookie),
      trpcMutation(app, "collections.add", { id: theirs.id, chatbotId: sfw[1]!.id }, owner.cookie),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      if (response.json().message) expect(response.json().message).toBe(COLLECTION_TEXTS.notFound);
    }
    expect((await read(theirs.id)).json()).toMatchObject({
      collection: { title: "Not yours", itemCount: 1 },
      items: [{ id: sfw[0]!.id }],
    });
    // An unknown listing added: 404; nothing to change: 400.
    expect((await add(theirs.id, "00000000-0000-4000-8000-000000000000", other.cookie)).statusCode).toBe(404);
    const nothing = await json("PUT", `/api/user/collections/${theirs.id}`, {}, other.cookie);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ message: COLLECTION_TEXTS.nothingToChange });
    expect(await expectPermutation(theirs.id)).toEqual([sfw[0]!.id]);
  });

  test("the limits: 10,000 items and the 501st listing are refused, so is the 101st collection", async () => {
    const full = await create(owner.cookie, { title: "Full" });
    // 10,000 ids in one order: refused at the edge.
    const ids = Array.from({ length: 10_000 }, () => sfw[0]!.id);
    const huge = await json("PUT", `/api/user/collections/${full.id}/order`, { chatbotIds: ids }, owner.cookie);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ message: COLLECTION_TEXTS.tooManyIds });
    // 500 listings (written straight into the tables), then the next add is 409 and nothing changes.
    await sql`
      WITH bulk AS (
        INSERT INTO chatbots (title, user_id) SELECT 'Bulk ' || g, ${creator.user.id}::uuid FROM generate_series(1, ${COLLECTION_ITEMS_MAX}) g
        RETURNING id)
      INSERT INTO collection_items (collection_id, chatbot_id, position)
      SELECT ${full.id}::uuid, id, (row_number() OVER ()) - 1 FROM bulk`.execute(app.database.db);
    const refused = await add(full.id, sfw[0]!.id, owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: COLLECTION_TEXTS.full, code: "conflict" });
    expect((await rowsOf(full.id)).length).toBe(COLLECTION_ITEMS_MAX);

    // 100 collections per member: the rest are written straight in, the 101st is refused.
    const member = await signUp(app);
    await sql`
      INSERT INTO collections (user_id, title)
      SELECT ${member.user.id}::uuid, 'Mine ' || g FROM generate_series(1, ${COLLECTIONS_PER_MEMBER_MAX - 1}) g`.execute(
      app.database.db,
    );
    await create(member.cookie, { title: "The hundredth" });
    const over = await json("POST", "/api/user/collections", { title: "One too many" }, member.cookie);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: COLLECTION_TEXTS.tooMany });
    expect(((await get("/api/user/collections", member.cookie)).json() as MyCollection[]).length).toBe(
      COLLECTIONS_PER_MEMBER_MAX,
    );
  });
});

describe("concurrent changes", () => {
  test("the same listing added at once is one item; creates at once keep the per-member limit", async () => {
    const collection = await create(owner.cookie, { title: "Race" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(collection.id, sfw[3]!.id, owner.cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(await expectPermutation(collection.id)).toEqual([sfw[3]!.id]);
  });

  test("reorders and adds at once answer 2xx or 4xx, never 5xx, and positions stay a permutation", async () => {
    const collection = await create(owner.cookie, { title: "Shuffle", chatbotId: sfw[0]!.id });
    await add(collection.id, sfw[1]!.id, owner.cookie);
    await add(collection.id, sfw[2]!.id, owner.cookie);
    const order = [sfw[2]!.id, sfw[1]!.id, sfw[0]!.id];
    const answers = await Promise.all([
      json("PUT", `/api/user/collections/${collection.id}/order`, { chatbotIds: order }, owner.cookie),
      add(collection.id, sfw[3]!.id, owner.cookie),
      json("PUT", `/api/user/collections/${collection.id}/items/${sfw[0]!.id}/position`, { position: 1 }, owner.cookie),
      add(collection.id, sfw[4]!.id, owner.cookie),
      json("PUT", `/api/user/collections/${collection.id}/order`, { chatbotIds: [...order].reverse() }, owner.cookie),
      json("DELETE", `/api/user/collections/${collection.id}/items/${sfw[1]!.id}`, undefined, owner.cookie),
    ]);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const final = await expectPermutation(collection.id);
    expect(new Set(final)).toEqual(new Set([sfw[0]!.id, sfw[2]!.id, sfw[3]!.id, sfw[4]!.id]));
  });
});

describe("shared copies", () => {
  test("a change of a collection's items keeps the gallery's copies; a change the sitemap shows drops them", async () => {
    const collection = await create(owner.cookie, { title: "Copies", public: true });
    const galleryAge = async () => (await get("/api/chatbots")).headers.age;
    await galleryAge();
    expect(await galleryAge()).toBeDefined();
    await add(collection.id, sfw[0]!.id, owner.cookie);
    await json(
      "PUT",
      `/api/user/collections/${collection.id}/items/${sfw[0]!.id}/position`,
      { position: 0 },
      owner.cookie,
    );
    await json("DELETE", `/api/user/collections/${collection.id}/items/${sfw[0]!.id}`, undefined, owner.cookie);
    expect(await galleryAge()).toBeDefined();
    // Made private: the sitemap's copy (and every other) is dropped at once.
    await json("PUT", `/api/user/collections/${collection.id}`, { public: false }, owner.cookie);
    expect(await galleryAge()).toBeUndefined();
  });

  test("the owner's own list (kept for their session alone) says at once what an add or a removal changed", async () => {
    const collection = await create(owner.cookie, { title: "Own copy" });
    const url = `/api/user/collections?chatbotId=${sfw[1]!.id}`;
    const holds = async () => {
      const response = await get(url, owner.cookie);
      const found = (response.json() as MyCollection[]).find((mine) => mine.id === collection.id)!;
      return { contains: found.contains, itemCount: found.itemCount, copy: response.headers.age !== undefined };
    };
    await holds();
    expect(await holds()).toEqual({ contains: false, itemCount: 0, copy: true });
    await add(collection.id, sfw[1]!.id, owner.cookie);
    expect(await holds()).toEqual({ contains: true, itemCount: 1, copy: false });
    await holds();
    await json("DELETE", `/api/user/collections/${collection.id}/items/${sfw[1]!.id}`, undefined, owner.cookie);
    expect(await holds()).toEqual({ contains: false, itemCount: 0, copy: false });
  });
});

describe("who sees what", () => {
  test("a private collection is its owner's alone: 404 to members and visitors, on both transports", async () => {
    const hidden = await create(owner.cookie, { title: "Secret list", chatbotId: sfw[0]!.id });
    expect((await read(hidden.id, owner.cookie)).json()).toMatchObject({ mine: true, collection: { public: false } });
    for (const cookie of [other.cookie, undefined]) {
      const rest = await read(hidden.id, cookie);
      expect(rest.statusCode).toBe(404);
      expect(rest.json()).toMatchObject({ message: COLLECTION_TEXTS.notFound, code: "not_found" });
      expect((await trpcQuery(app, "collections.byId", { id: hidden.id }, cookie)).statusCode).toBe(404);
    }
    // The owner's profile lists their public collections only.
    const listed = (await get(`/api/users/${owner.user.id}/collections`)).json() as CollectionSummary[];
    expect(listed.map((collection) => collection.id)).not.toContain(hidden.id);
    // Personal answers are never shared: private, no-store.
    const mine = await get("/api/user/collections", owner.cookie);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect((await read(hidden.id, owner.cookie)).headers["cache-control"]).toBe("private, no-store");
  });

  test("each viewer sees only what they may, with an honest count of what their settings hide", async () => {
    const mixed = await create(owner.cookie, { title: "Mixed", public: true, chatbotId: sfw[0]!.id });
    await add(mixed.id, nsfw.id, owner.cookie);
    await add(mixed.id, sfw[1]!.id, owner.cookie);

    const visitor = (await read(mixed.id)).json() as CollectionView;
    expect(visitor.items.map((item) => item.id)).toEqual([sfw[0]!.id, sfw[1]!.id]);
    expect(visitor.hiddenCount).toBe(1);
    expect(visitor.collection.itemCount).toBe(3);
    expect(visitor.mine).toBe(false);

    const adult = (await read(mixed.id, other.cookie)).json() as CollectionView;
    expect(adult.items.map((item) => item.id)).toEqual([sfw[0]!.id, nsfw.id, sfw[1]!.id]);
    expect(adult.hiddenCount).toBe(0);

    // A member's own blocklist hides a listing too, and is counted.
    const blocking = await signUp(app);
    await json("PUT", "/api/user/settings", { blockedTags: ["fantasy"], nsfwDisplay: "show" }, blocking.cookie);
    const blocked = (await read(mixed.id, blocking.cookie)).json() as CollectionView;
    expect(blocked.items).toEqual([]);
    expect(blocked.hiddenCount).toBe(3);

    // Pages in hand order.
    const first = (await get(`/api/collections/${mixed.id}?limit=1`, other.cookie)).json() as CollectionView;
    expect(first.items.map((item) => item.id)).toEqual([sfw[0]!.id]);
    const next = (
      await get(`/api/collections/${mixed.id}?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`, other.cookie)
    ).json() as CollectionView;
    expect(next.items.map((item) => item.id)).toEqual([nsfw.id, sfw[1]!.id]);

    // The menu: which of my collections hold a listing.
    const menu = (await get(`/api/user/collections?chatbotId=${nsfw.id}`, owner.cookie)).json() as MyCollection[];
    expect(menu.find((collection) => collection.id === mixed.id)?.contains).toBe(true);
    expect(menu.filter((collection) => collection.id !== mixed.id).every((collection) => !collection.contains)).toBe(
      true,
    );
    // A visitor cannot add, and a listing a member may not see cannot be added.
    expect((await add(mixed.id, sfw[2]!.id)).statusCode).toBe(401);
  });
});

describe("the public page", () => {
  const metaContent = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

  test("its served head, the slug redirect, and 404 for a private one", async () => {
    const shown = await create(owner.cookie, {
      title: "Café Favourites!",
      description: "The <best> ones",
      public: true,
      chatbotId: sfw[0]!.id,
    });
    const path = `/collections/${shown.id}/cafe-favourites`;
    expect(shown.path).toBe(path);
    for (const wrong of [`/collections/${shown.id}`, `/collections/${shown.id}/old-name?ref=x`]) {
      const redirect = await get(wrong);
      expect(redirect.statusCode).toBe(301);
      expect(redirect.headers.location).toBe(wrong.includes("?") ? `${path}?ref=x` : path);
    }
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(`<title>${pageTitle("Café Favourites!")}</title>`);
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}" />`);
    expect(metaContent(page.body, "description")).toBe("The &lt;best&gt; ones");
    expect(page.body).not.toContain("<best>");

    const secret = await create(owner.cookie, { title: "Hidden away", chatbotId: sfw[0]!.id });
    const refused = await get(`/collections/${secret.id}/hidden-away`, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain("Hidden away");
    const own = await get(`/collections/${secret.id}/hidden-away`, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.body).toContain('<meta name="robots" content="noindex" />');
    expect((await get("/collections/not-an-id")).statusCode).toBe(404);
  });

  test("its share preview is a mosaic of its first four SFW pictures, keyed by them", async () => {
    const shared = await create(owner.cookie, { title: "Mosaic", public: true, chatbotId: nsfw.id });
    for (const listing of sfw.slice(0, 4)) await add(shared.id, listing.id, owner.cookie);
    const page = await get(shared.path);
    const image = metaContent(page.body, "og:image")!;
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/images/mosaics/${shared.id}-[a-f0-9]{16}\\.jpg$`));
    expect(metaContent(page.body, "og:image:width")).toBe("1200");
    const url = image.replace(PUBLIC_URL, "");
    const picture = await get(url);
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/jpeg");
    const { width, height } = await sharp(picture.rawPayload).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
    // Four columns, the first listing's colour (red) at the left: the NSFW listing's picture is not in it.
    const { data } = await sharp(picture.rawPayload)
      .resize(4, 1, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(120);

    // A change of the first four is a new key; the old one is gone. Made private, there is none.
    await add(shared.id, sfw[4]!.id, owner.cookie);
    expect(metaContent((await get(shared.path)).body, "og:image")).toBe(image);
    await json("PUT", `/api/user/collections/${shared.id}/items/${sfw[4]!.id}/position`, { position: 0 }, owner.cookie);
    const changed = metaContent((await get(shared.path)).body, "og:image")!;
    expect(changed).not.toBe(image);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(changed.replace(PUBLIC_URL, ""))).statusCode).toBe(200);
    await json("PUT", `/api/user/collections/${shared.id}`, { public: false }, owner.cookie);
    expect((await get(changed.replace(PUBLIC_URL, ""))).statusCode).toBe(404);
  });

  test("the sitemap lists public collections, not private ones", async () => {
    const listed = await create(owner.cookie, { title: "Listed in sitemap", public: true, chatbotId: sfw[0]!.id });
    const unlisted = await create(owner.cookie, { title: "Not in sitemap", chatbotId: sfw[0]!.id });
    const index = (await get("/sitemap.xml")).body;
    const files = [...index.matchAll(/<loc>([^<]*sitemap-collections\.xml[^<]*)<\/loc>/g)].map((match) =>
      match[1]!.replace(PUBLIC_URL, "").replaceAll("&amp;", "&"),
    );
    expect(files.length).toBeGreaterThan(0);
    const bodies = (await Promise.all(files.map((file) => get(file)))).map((answer) => answer.body).join("");
    expect(bodies).toContain(`${PUBLIC_URL}/collections/${listed.id}/listed-in-sitemap`);
    expect(bodies).not.toContain(unlisted.id);
  });
});
