// The one listing read model (src/domain/listings/read-model.ts): what lists (JSON built by PostgreSQL)
// and single-row answers (create, update) return is parsed, not cast, with chatbotResponseSchema, and
// the two builds of the shape agree field for field, in the same order, for members and visitors. The
// public shape stored on the rows (stored-shape.ts) follows every write of a column it reads, only those, and
// is rewritten by the migration that installs it.
import type { UserRow } from "@gallery/db";
import { chatbotResponseSchema, creatorSchema } from "@gallery/schema";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { installedParts } from "../scripts/generated-migrations.js";
import type { Deps } from "../src/domain/deps.js";
import { createListing, updateListing } from "../src/domain/listings/commands.js";
import { listGallery } from "../src/domain/listings/queries.js";
import { pageFromJson, pageJsonOf, toChatbot } from "../src/domain/listings/read-model.js";
import type { Viewer } from "../src/domain/policy.js";
import { DATABASE_SERVER_URL, type TestApp } from "./support/app.js";
import { setRole, signUp, signUpAs } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { domainDeps, pngUpload, updateUser, userRow } from "./support/rows.js";

/** Strict: a field the schema does not know is an error too. */
const listedSchema = chatbotResponseSchema.extend({ user: creatorSchema.strict() }).strict();
const singleSchema = chatbotResponseSchema.strict();

let app: TestApp;
let deps: Deps;
let owner: UserRow;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  deps = domainDeps(app);
  const signedUp = await signUpAs(app, "admin");
  await updateUser(app, signedUp.user.id, { nickname: "Shaper" });
  owner = await userRow(app, signedUp.user.id);
});

describe("the listing read model", () => {
  it("create and update answer the schema's shape", async () => {
    const created = await createListing(deps, owner, {
      fields: { title: "Plain", tags: [], nsfw: false },
      image: await pngUpload("#102030"),
    });
    expect(singleSchema.parse(created)).toEqual(created);
    const full = await createListing(deps, owner, {
      fields: {
        title: "Full",
        tags: ["a", "b"],
        nsfw: true,
        storySeries: "Saga",
        polybuzzCid: "pb-1",
        polybuzzUrl: "https://polybuzz.ai/x",
        roleplayaCid: "rp-1",
        roleplayaUrl: "https://roleplaya.com/y",
      },
      image: await pngUpload("#203040"),
    });
    expect(singleSchema.parse(full)).toEqual(full);
    const updated = await updateListing(deps, owner, { id: full.id, fields: { storySeries: null, tags: ["c"] } });
    expect(singleSchema.parse(updated)).toEqual(updated);
    expect(updated).toMatchObject({ storySeries: null, tags: ["c"], title: "Full" });
  });

  it.each([
    ["a member", () => owner],
    ["a visitor", () => null],
  ] as Array<[string, () => Viewer]>)("lists built in SQL equal the row mapper's, for %s", async (_, viewerOf) => {
    const viewer = viewerOf();
    const page = await listGallery(deps, viewer, { limit: 100 });
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(listedSchema.parse(item)).toEqual(item);
      const row = await app.database.db
        .selectFrom("chatbots")
        .selectAll()
        .where("id", "=", item.id)
        .executeTakeFirstOrThrow();
      const mapped = toChatbot(row, { row: await userRow(app, row.userId), viewer });
      // Same fields, values and order.
      expect(JSON.stringify(item)).toBe(JSON.stringify(mapped));
    }
    // The policy's answers show through: e-mails for members only, moderators flagged.
    const creator = page.items[0]!.user;
    expect(creator.email).toBe(viewer ? owner.email : null);
    expect(creator.isAdmin).toBe(true);
  });
});

describe("the public shape stored on the rows", () => {
  /** The visitor's gallery (read from the stored copies) against the row mapper, field for field. */
  async function expectVisitorPageToMatchRows() {
    const page = await listGallery(deps, null, { limit: 100 });
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      const row = await app.database.db
        .selectFrom("chatbots")
        .selectAll()
        .where("id", "=", item.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(item)).toBe(
        JSON.stringify(toChatbot(row, { row: await userRow(app, row.userId), viewer: null })),
      );
    }
    return page.items;
  }

  it("is kept on every row and follows each kind of write: the listing, its favourites, its creator", async () => {
    const listing = await createListing(deps, owner, {
      fields: { title: "Stored", tags: ["kept"], nsfw: false },
      image: await pngUpload("#304050"),
    });
    const { rows } = await sql<{ listing: string | null; creator: string | null }>`
      SELECT c.listing_json AS listing, u.creator_json AS creator
      FROM chatbots c JOIN users u ON u.id = c.user_id WHERE c.id = ${listing.id}`.execute(app.database.db);
    // Stored, so the page below reads the copies, not the shape built on the spot.
    expect(rows[0]?.listing).toContain('"title":"Stored"');
    expect(rows[0]?.creator).toContain('"nickname":"Shaper"');

    await updateListing(deps, owner, { id: listing.id, fields: { title: "Stored again", tagline: "A line" } });
    const fan = await signUp(app);
    await app.database.db.insertInto("favorites").values({ userId: fan.user.id, chatbotId: listing.id }).execute();
    await updateUser(app, owner.id, { nickname: "Reshaped" });
    await setRole(app, owner.id, "user");

    const items = await expectVisitorPageToMatchRows();
    expect(items.find((item) => item.id === listing.id)).toMatchObject({
      title: "Stored again",
      tagline: "A line",
      favoriteCount: 1,
      user: { nickname: "Reshaped", isAdmin: false, email: null },
    });
  });

  // Two transactions at once need two sessions: the embedded database is one session (its connections queue).
  it.skipIf(!DATABASE_SERVER_URL)(
    "of a listing added while its creator's change commits, carries the change",
    async () => {
      const clients = [0, 1].map(() => new pg.Client({ connectionString: app.database.connectionString }));
      const [creator, adder] = clients as [pg.Client, pg.Client];
      await Promise.all(clients.map((client) => client.connect()));
      try {
        await creator.query("BEGIN");
        await creator.query("UPDATE users SET nickname = 'Renamed meanwhile' WHERE id = $1", [owner.id]);
        // The rename's rewrite of the creator's listings cannot see a row added meanwhile: the insert waits for it.
        const adding = adder.query<{ listing_json: string }>(
          "INSERT INTO chatbots (title, user_id, image_url) VALUES ('Added meanwhile', $1, '/images/x.webp') RETURNING listing_json",
          [owner.id],
        );
        await vi.waitFor(async () => {
          const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO chatbots%'`.execute(app.database.db);
          expect(rows[0]?.waiting).toBe(1);
        });
        await creator.query("COMMIT");
        expect((await adding).rows[0]?.listing_json).toContain('"nickname":"Renamed meanwhile"');
        await expectVisitorPageToMatchRows();
      } finally {
        await Promise.all(clients.map((client) => client.end()));
      }
    },
  );

  it("is rewritten by the migration that installs the read model", async () => {
    const db = app.database.db;
    // A copy written by an older read model: the trigger is off while the row changes.
    await sql`ALTER TABLE chatbots DISABLE TRIGGER chatbots_listing_json`.execute(db);
    await db.updateTable("chatbots").set({ title: "Changed behind the copy" }).where("userId", "=", owner.id).execute();
    await sql`ALTER TABLE chatbots ENABLE TRIGGER chatbots_listing_json`.execute(db);

    // What the newest migration holding the read shape runs (scripts/generated-migrations.ts).
    const { steps } = (await installedParts()).get("STORED_READ_SHAPE")!;
    for (const step of steps) await sql.raw(step).execute(db);

    const items = await expectVisitorPageToMatchRows();
    expect(items.every((item) => item.title === "Changed behind the copy")).toBe(true);
  });

  it("is rewritten by a change of a column it reads, and left alone by a change of any other", async () => {
    const db = app.database.db;
    const [listing] = await db.selectFrom("chatbots").select("id").where("userId", "=", owner.id).execute();
    const copies = async () =>
      (
        await sql<{ listing: string; creator: string }>`
          SELECT c.listing_json AS listing, u.creator_json AS creator
          FROM chatbots c JOIN users u ON u.id = c.user_id WHERE c.id = ${listing!.id}`.execute(db)
      ).rows[0]!;
    /** Stale copies, written with the triggers off: a trigger that runs afterwards replaces them. */
    const STALE = '{"stale":true}';
    async function makeStale(table: "chatbots" | "users") {
      const [trigger, column, id] =
        table === "chatbots"
          ? ["chatbots_listing_json", "listing_json", listing!.id]
          : ["users_creator_json", "creator_json", owner.id];
      await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(trigger)}`.execute(db);
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${STALE} WHERE id = ${id}`.execute(db);
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(trigger)}`.execute(db);
    }
    await makeStale("chatbots");
    await makeStale("users");

    // Outside the shape: the listing's trending score, the member's settings and their row's time stamp.
    await db.updateTable("chatbots").set({ trendingScore: 3 }).where("id", "=", listing!.id).execute();
    await db
      .updateTable("users")
      .set({ blockedTags: ["unseen"], nsfwDisplay: "hide", updatedAt: new Date() })
      .where("id", "=", owner.id)
      .execute();
    expect(await copies()).toEqual({ listing: STALE, creator: STALE });

    // Inside: the listing's title rewrites its copy (with the creator as they are); the creator's nickname
    // rewrites theirs and, through it, their listings'.
    await db.updateTable("chatbots").set({ title: "Seen again" }).where("id", "=", listing!.id).execute();
    expect(await copies()).toEqual({ listing: expect.stringContaining('"title":"Seen again"'), creator: STALE });
    await makeStale("chatbots");
    await db.updateTable("users").set({ nickname: "Renamed once more" }).where("id", "=", owner.id).execute();
    const after = await copies();
    expect(after.creator).toContain('"nickname":"Renamed once more"');
    expect(after.listing).toContain('"nickname":"Renamed once more"');
    await expectVisitorPageToMatchRows();
  });
});

describe("a page of listings from PostgreSQL's JSON texts", () => {
  const texts = ['{"id":"a","title":"One"}', '{"id":"b","title":"Two"}'];

  it("is a plain page to every reader, and its text is at hand only while nobody read its items", () => {
    const page = pageFromJson(texts, "next");
    expect(pageJsonOf(page)).toBe('[{"id":"a","title":"One"},{"id":"b","title":"Two"}]');
    expect(JSON.stringify(page)).toBe(
      '{"nextCursor":"next","items":[{"id":"a","title":"One"},{"id":"b","title":"Two"}]}',
    );
    expect({ ...page }).toEqual({
      items: [
        { id: "a", title: "One" },
        { id: "b", title: "Two" },
      ],
      nextCursor: "next",
    });
    // Read items may have been changed: the text no longer tells what the page holds.
    expect(pageJsonOf(page)).toBeUndefined();
  });
});
