import type { Chatbot } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { galleryFacets } from "../src/domain/listings/queries.js";
import { prepareSearch, searchCondition, withListedStarts } from "../src/domain/listings/search.js";
import { mostPopularMatches } from "../src/domain/listings/search-walk.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { getAs } from "./support/requests.js";

/**
 * The search's bounded walk (search-walk.ts), on PostgreSQL and on the embedded database alike: the most popular
 * matches are the same listings whether the walk along popularity finds them or, past its bound, the document's
 * index does; a long document (no room in the walk's index) is read from its row; and a listing found by no walk,
 * the rare one beyond the most popular, is still found, and ranked first by its exact title.
 */

/** Many listings holding "lantern", all more popular than the one named only "Quillmoth". */
const COMMON = 30;
let ids: { rare: string; long: string; commons: string[] };

async function seed(app: TestApp) {
  const owner = await signUp(app);
  const db = app.database.db;
  const insert = async (title: string, popular: number, description: string | null = null) => {
    const row = await db
      .insertInto("chatbots")
      .values({ title, tags: ["lantern"], description, userId: owner.user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("chatbots").set({ popularScore: popular }).where("id", "=", row.id).execute();
    return row.id;
  };
  const commons: string[] = [];
  for (let i = 0; i < COMMON; i++) commons.push(await insert(`Lantern Keeper ${i}`, 100 + i));
  // 350 distinct words (of a description's DESCRIPTION_MAX characters): too long a document for a btree entry.
  const words = Array.from({ length: 350 }, (_, i) => `glimmer${i.toString(36)}`).join(" ");
  const long = await insert("Lantern Archive", 1000, `${words} ashwyrm`);
  const rare = await insert("Quillmoth", 0, "A moth that keeps a lantern.");
  ids = { rare, long, commons };
}

test.beforeAll(async ({ app }) => {
  await seed(app);
});

/** The `limit` most popular matches of `term` for a visitor, with the walk bounded at `walkMax` listings. */
async function matches(app: TestApp, term: string, limit: number, walkMax: number) {
  const db = app.database.db;
  const search = await prepareSearch(db, term);
  const found = await mostPopularMatches(
    db,
    () => galleryFacets(db, null),
    (at) => searchCondition(search, at),
    limit,
    walkMax,
  );
  return found.ids;
}

describe("the most popular matches", () => {
  test("are the same listings whether the walk finds them, stops at its bound, or is not taken", async ({ app }) => {
    for (const [term, limit] of [
      ["lantern", 5],
      ["lantern keeper", 40],
      ["quillmoth", 5],
      ["ashwyrm", 5],
      ["lantern -keeper", 3],
      ["nothingmatches", 5],
    ] as const) {
      // A walk of 0 listings finds none: the index reads every match, which is the reference.
      const everyMatch = await matches(app, term, limit, 0);
      for (const walkMax of [1, 4, 10, 1000]) {
        expect(await matches(app, term, limit, walkMax), `${term}, walk of ${walkMax}`).toEqual(everyMatch);
      }
    }
    expect(await matches(app, "lantern", 3, 1000)).toEqual([ids.long, ids.commons[29], ids.commons[28]]);
    expect(await matches(app, "quillmoth", 5, 4)).toEqual([ids.rare]);
  });

  test("a document too long for the walk's index is read from its row, and still found", async ({ app }) => {
    const { rows } = await sql<{ id: string; keyed: boolean }>`
      SELECT id, search_key IS NOT NULL AS keyed FROM listing_facets WHERE id IN (${ids.long}, ${ids.rare})`.execute(
      app.database.db,
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.keyed]))).toEqual({ [ids.long]: false, [ids.rare]: true });
    expect(await matches(app, "ashwyrm", 5, 2)).toEqual([ids.long]);
    expect(await matches(app, "glimmer1a", 5, 2)).toEqual([ids.long]);
  });

  test("past the walk, a word's prefix is the listed words it starts (titles, tags, names); others count whole", async ({
    app,
  }) => {
    const db = app.database.db;
    const read = async (term: string, listed: boolean) => {
      const search = await prepareSearch(db, term);
      const withStarts = await withListedStarts(db, search);
      const found = await mostPopularMatches(
        db,
        () => galleryFacets(db, null),
        (at) => searchCondition(search, at),
        50,
        0,
        listed ? async () => (at) => searchCondition(withStarts, at) : undefined,
      );
      return found.ids;
    };
    expect(await read("lant keeper", true)).toEqual(await read("lant keeper", false));
    expect(await read("lant keeper", true)).toHaveLength(COMMON);
    expect(await read("quillm", true)).toEqual([ids.rare]);
    expect(await read("ashwyrm", true)).toEqual([ids.long]);
    // "keeps" is a word of a description only: past the walk, "keep" finds it whole only.
    expect(await read("lant keep", false)).toContain(ids.rare);
    expect(await read("lant keep", true)).not.toContain(ids.rare);
  });

  test("a word excluded before another token needs no substring match: what it finds, the exclusion removes", async ({
    app,
  }) => {
    const db = app.database.db;
    expect((await prepareSearch(db, "lantern -keeper -archive")).substring).toBe(false);
    expect((await prepareSearch(db, "lantern -keeper")).substring).toBe(true);
    expect(await matches(app, "lantern -keeper -archive", 5, 1000)).toEqual([ids.rare]);
    expect(await matches(app, "lantern -keeper -archive", 5, 0)).toEqual([ids.rare]);
  });

  test("a listing beyond the most popular, named for the term, comes first in Best match", async ({ app }) => {
    const response = await getAs(app, "/api/chatbots?search=quillmoth");
    expect(response.statusCode).toBe(200);
    expect((response.json() as Chatbot[]).map((item) => item.id)).toEqual([ids.rare]);
    const lantern = await getAs(app, "/api/chatbots?search=lantern&limit=3");
    expect((lantern.json() as Chatbot[]).map((item) => item.title)).toEqual([
      "Lantern Archive",
      "Lantern Keeper 29",
      "Lantern Keeper 28",
    ]);
  });
});
