import type { Chatbot, Suggestion } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { galleryFacets } from "../src/domain/listings/queries.js";
import { prefixWords } from "../src/domain/listings/search.js";
import { mostPopularByTier, rebalanceSearchTiers } from "../src/domain/listings/search-tiers.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { getAs } from "./support/requests.js";

/**
 * The search's popularity tiers (issue 39 §1 at size, domain/listings/search-tiers.ts): cut into tiers, the gallery
 * answers a search and its suggestions exactly as before; the most popular matches read tier by tier are the most
 * popular of all the matches, for any number asked and after scores move; new listings and moved scores take their
 * tier from the cuts; the cuts follow the gallery's size. On both databases.
 */

const LISTINGS = 30;
/** Popularity with ties (several 0s and a pair of 7s), so the order by id is exercised too. */
const popularityOf = (i: number) => (i % 5 === 0 ? 0 : i % 7 === 0 ? 7 : i * 3);

async function seed(app: TestApp) {
  const creator = await signUp(app);
  const db = app.database.db;
  for (let i = 0; i < LISTINGS; i++) {
    const row = await db
      .insertInto("chatbots")
      .values({
        title: `Lantern ${i % 3 === 0 ? "Keeper" : "Witch"} ${i}`,
        tags: i % 2 === 0 ? ["ember", "lore"] : ["lore"],
        description: i % 4 === 0 ? "Walks the harbour at night." : null,
        nsfw: false,
        userId: creator.user.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("chatbots")
      .set({ popularScore: popularityOf(i) })
      .where("id", "=", row.id)
      .execute();
  }
}

/** Every page of a search over REST (Best match), following the Link header: the ids in order. */
async function searchIds(app: TestApp, term: string) {
  const items: Chatbot[] = [];
  let url: string | null = `/api/chatbots?search=${encodeURIComponent(term)}&limit=7`;
  while (url) {
    const response = await getAs(app, url);
    expect(response.statusCode, response.body).toBe(200);
    items.push(...(response.json() as Chatbot[]));
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ""));
    url = next ? (next[1] as string).replace(/^https?:\/\/[^/]+/, "") : null;
  }
  return items.map((item) => item.id);
}
const suggestionsOf = async (app: TestApp, q: string) =>
  (await getAs(app, `/api/chatbots/suggestions?q=${encodeURIComponent(q)}`)).json() as Suggestion[];

/** The `limit` most popular listings matching `query`, read tier by tier, as a visitor may see them. */
async function tierWalk(app: TestApp, query: string, limit: number) {
  const db = app.database.db;
  const tiered = query.replaceAll(/'([a-z]+)'/g, "'~T~$1'");
  const walk = mostPopularByTier(galleryFacets(db, null), tiered, limit);
  const { rows } = await sql<{ candidate: string }>`SELECT w.candidate FROM ${walk} AS w`.execute(db);
  return rows.map((row) => row.candidate);
}
/** The same by one sort of every match: what the walk must equal. */
async function sortedMatches(app: TestApp, query: string, limit: number) {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM listing_facets WHERE search_doc @@ ${query}::tsquery AND NOT withheld AND NOT nsfw
    ORDER BY popular_score DESC, id DESC LIMIT ${limit}`.execute(app.database.db);
  return rows.map((row) => row.id);
}
const tierCount = async (app: TestApp) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM search_tiers`.execute(app.database.db)).rows[0]?.n) + 1;

test.beforeAll(async ({ app }) => {
  await seed(app);
});

describe("popularity tiers", () => {
  test("cut into tiers, a search, its pages and the suggestions answer as before", async ({ app }) => {
    const terms = ["lantern", "witch ember", "lantrn", "harbour", "keeper -ember", '"lantern witch"'];
    const before = await Promise.all(terms.map((term) => searchIds(app, term)));
    const suggestedBefore = await suggestionsOf(app, "lant");
    expect(before[0]).toHaveLength(LISTINGS);

    // Tiers of 4 listings: 8 of them, the last of 2 (a small gallery has one).
    expect(await tierCount(app)).toBe(1);
    expect(await rebalanceSearchTiers(app.database.db, 4)).toBe(true);
    expect(await tierCount(app)).toBe(8);
    // Already cut: nothing to do.
    expect(await rebalanceSearchTiers(app.database.db, 4)).toBe(false);

    expect(await Promise.all(terms.map((term) => searchIds(app, term)))).toEqual(before);
    expect(await suggestionsOf(app, "lant")).toEqual(suggestedBefore);
  });

  test("the most popular matches read tier by tier are those of one sort of every match, for any number", async ({
    app,
  }) => {
    await rebalanceSearchTiers(app.database.db, 4);
    for (const query of ["'lantern'", "'ember'", "'witch' & 'ember'", "'harbour'", "'nothing'"]) {
      for (const limit of [1, 3, 4, 5, 9, 40]) {
        expect(await tierWalk(app, query, limit), `${query} ${limit}`).toEqual(await sortedMatches(app, query, limit));
      }
    }
  });

  test("a listing whose score moves, and a new one, take their tier from the cuts", async ({ app }) => {
    const db = app.database.db;
    await rebalanceSearchTiers(db, 4);
    // The least popular listing becomes the most popular: read first.
    const last = (await sortedMatches(app, "'lantern'", LISTINGS)).at(-1) as string;
    await db.updateTable("chatbots").set({ popularScore: 1000 }).where("id", "=", last).execute();
    expect(await tierWalk(app, "'lantern'", 1)).toEqual([last]);
    const creator = await signUp(app);
    const fresh = await db
      .insertInto("chatbots")
      .values({ title: "Lantern Newcomer", tags: [], nsfw: false, userId: creator.user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const limit of [1, 6, 31, 40]) {
      expect(await tierWalk(app, "'lantern'", limit)).toEqual(await sortedMatches(app, "'lantern'", limit));
    }
    // Each listing's copy carries its tier, and its tier is where the cuts put it.
    const { rows } = await sql<{ misplaced: string }>`
      SELECT count(*) AS misplaced FROM listing_facets
      WHERE search_tier <> search_tier_of(popular_score, id) OR search_tiered <> search_tiered(search_doc, search_tier)`.execute(
      db,
    );
    expect(Number(rows[0]?.misplaced)).toBe(0);
    expect(await searchIds(app, "newcomer")).toEqual([fresh.id]);
  });

  test("the cuts follow the gallery's size: one tier again when it is small for their size", async ({ app }) => {
    const db = app.database.db;
    await rebalanceSearchTiers(db, 4);
    expect(await tierCount(app)).toBeGreaterThan(1);
    expect(await rebalanceSearchTiers(db, 100)).toBe(true);
    expect(await tierCount(app)).toBe(1);
    const { rows } = await sql<{
      tiers: string;
    }>`SELECT count(DISTINCT search_tier) AS tiers FROM listing_facets`.execute(db);
    expect(Number(rows[0]?.tiers)).toBe(1);
    expect(await tierWalk(app, "'lantern'", 5)).toEqual(await sortedMatches(app, "'lantern'", 5));
  });

  test("a typed word is asked for as the listed words it starts, a new listing's words included", async ({ app }) => {
    const db = app.database.db;
    await rebalanceSearchTiers(db, 4);
    expect(await prefixWords(db, ["lant", "harb", "zzz"])).toEqual({ lant: ["lantern"], harb: ["harbour"] });
    const creator = await signUp(app);
    await db
      .insertInto("chatbots")
      .values({ title: "Harbinger", tags: [], nsfw: false, userId: creator.user.id })
      .execute();
    expect((await prefixWords(db, ["harb"])).harb).toEqual(["harbinger", "harbour"]);
    // A word only in descriptions, typed in part: every listing holding it, and the new one by its title.
    const found = await searchIds(app, "harb");
    expect(found).toHaveLength(9);
  });
});
