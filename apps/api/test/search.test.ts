import type { Chatbot, Suggestion } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { editDistance, typoBudget } from "../src/domain/listings/typos.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { getAs, trpcQuery } from "./support/requests.js";

/**
 * The gallery's search (issue 39 §1) as a client sees it, on PostgreSQL and on the embedded database alike: every
 * word in any order, prefixes, near spellings, phrases, exclusions, words of taglines and descriptions, what the
 * substring search found, Best match's order and its pages, the search box's suggestions (SFW for visitors), and
 * bad terms answered 400 or an empty page, never 500.
 */

interface Listing {
  title: string;
  tags?: string[];
  tagline?: string;
  description?: string;
  nsfw?: boolean;
  popular?: number;
  creator?: "mira" | "drake";
}

const LISTINGS = {
  elfPrincess: { title: "Elf Princess Aria", tags: ["fantasy", "royalty"], popular: 5 },
  elfHunter: { title: "Elf Hunter", tags: ["fantasy"], description: "A princess in exile hunts at night.", popular: 9 },
  vampire: { title: "Vampire Lord Count Dusk", tags: ["gothic", "horror"], popular: 3 },
  nekoMaid: { title: "Neko Maid Cafe", tags: ["neko maid", "comedy"], popular: 2 },
  detective: {
    title: "Rain City",
    tags: ["noir"],
    tagline: "Solve the case before dawn",
    description: "A cyberpunk detective walks the neon streets.",
  },
  iceQueen: { title: "The Ice Queen", tags: ["winter"], popular: 1 },
  queenOfIce: { title: "Queen of Frost and Ice", tags: ["winter"], popular: 8 },
  darkKnight: { title: "Dark Knight Roland", tags: ["knight"], popular: 4 },
  brightKnight: { title: "Bright Knight Celia", tags: ["knight"], popular: 1 },
  percent: { title: "50% Off Merchant", tags: ["shop"] },
  scifi: { title: "Sci-Fi Pilot Rex", tags: ["space"] },
  // PostgreSQL's parser reads this as an HTML tag and would leave its words out of the document.
  markup: { title: '<img src=x onerror="alert(1)">Bot', tags: ["markup"] },
  // Identifiers a digit apart from each other: no typo tolerance for words holding digits.
  serialOne: { title: "Serial Holder One", tags: ["tag1764398123"] },
  serialTwo: { title: "Serial Holder Two", tags: ["tag1764398456"] },
  nsfwSuccubus: { title: "Succubus Queen Lilith", tags: ["succubus"], nsfw: true, popular: 50 },
  // Best match: "dragon" in each field once, and an exact title.
  dragonExact: { title: "Dragon", tags: ["beast"], popular: 0 },
  dragonTitle: { title: "Dragon Rider Kael", tags: ["beast"], popular: 0 },
  dragonTag: { title: "Sky Warden", tags: ["dragon"], popular: 0 },
  dragonCreator: { title: "Ember Keeper", tags: ["fire"], creator: "drake", popular: 0 },
  dragonTagline: { title: "Mountain Hermit", tagline: "Once rode a dragon", popular: 0 },
  dragonDescription: { title: "Old Sailor", description: "He tells stories about a dragon at sea.", popular: 0 },
  dragonPrefix: { title: "Dragonborn Sage", tags: ["sage"], popular: 0 },
  dragonPopularTwin: { title: "Dragon Rider Vel", tags: ["beast"], popular: 20 },
} satisfies Record<string, Listing>;
type Key = keyof typeof LISTINGS;

const ids = {} as Record<Key, string>;
let member: Awaited<ReturnType<typeof signUp>>;
let mira: Awaited<ReturnType<typeof signUp>>;

async function seed(app: TestApp) {
  mira = await signUp(app);
  const drake = await signUp(app);
  member = await signUp(app);
  const db = app.database.db;
  await db.updateTable("users").set({ nickname: "Mira" }).where("id", "=", mira.user.id).execute();
  await db.updateTable("users").set({ nickname: "Drake Dragonheart" }).where("id", "=", drake.user.id).execute();
  for (const [key, listing] of Object.entries(LISTINGS) as [Key, Listing][]) {
    const row = await db
      .insertInto("chatbots")
      .values({
        title: listing.title,
        tags: listing.tags ?? [],
        tagline: listing.tagline ?? null,
        description: listing.description ?? null,
        nsfw: listing.nsfw ?? false,
        userId: listing.creator === "drake" ? drake.user.id : mira.user.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
    if (listing.popular) {
      await db.updateTable("chatbots").set({ popularScore: listing.popular }).where("id", "=", row.id).execute();
    }
  }
}

/** Every page of a search over REST, following the Link header. */
async function search(app: TestApp, term: string, options: { cookie?: string; query?: string } = {}) {
  const items: Chatbot[] = [];
  let url: string | null =
    `/api/chatbots?search=${encodeURIComponent(term)}${options.query ? `&${options.query}` : ""}`;
  while (url) {
    const response = await getAs(app, url, options.cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    items.push(...(response.json() as Chatbot[]));
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ""));
    url = next ? (next[1] as string).replace(/^https?:\/\/[^/]+/, "") : null;
  }
  return items;
}
const keysOf = (items: Chatbot[]) =>
  items.map((item) => (Object.keys(ids) as Key[]).find((key) => ids[key] === item.id) ?? item.title);

test.beforeAll(async ({ app }) => {
  await seed(app);
});

describe("what a search finds", () => {
  test("every word, in any order, anywhere (title, tags, creator, tagline, description)", async ({ app }) => {
    expect(keysOf(await search(app, "princess elf"))).toEqual(["elfPrincess", "elfHunter"]);
    expect(keysOf(await search(app, "cyberpunk detective"))).toEqual(["detective"]);
    expect(keysOf(await search(app, "dawn case"))).toEqual(["detective"]);
    expect(keysOf(await search(app, "royalty aria"))).toEqual(["elfPrincess"]);
    // A creator's name with a title word.
    expect(keysOf(await search(app, "mira elf"))).toEqual(["elfHunter", "elfPrincess"]);
    // One word missing: nothing.
    expect(await search(app, "elf vampire")).toEqual([]);
  });

  test("words match by their start, and a misspelt word finds its listing first", async ({ app }) => {
    expect(keysOf(await search(app, "vamp"))).toEqual(["vampire"]);
    expect(keysOf(await search(app, "vampre"))[0]).toBe("vampire");
    expect(keysOf(await search(app, "vampire lorf"))[0]).toBe("vampire");
    expect(keysOf(await search(app, "nekomimi maid"))[0]).toBe("nekoMaid");
    expect(keysOf(await search(app, "princss"))).toContain("elfPrincess");
    // Two neighbours swapped are one typo.
    expect(keysOf(await search(app, "vampier"))[0]).toBe("vampire");
  });

  test("a near spelling stands in only within the word's typo budget, and never for a word holding a digit", async ({
    app,
  }) => {
    // Two typos in seven letters (trigrams find "vampire" as a candidate; the budget is one).
    expect(await search(app, "vampyrr")).toEqual([]);
    expect(keysOf(await search(app, "tag1764398123"))).toEqual(["serialOne"]);
    expect(keysOf(await search(app, "tag1764398"))).toEqual(expect.arrayContaining(["serialOne", "serialTwo"]));
    expect(editDistance("vampire", "vampier", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 5)).toBe(3);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
    expect(typoBudget("lorf")).toBe(1);
    expect(typoBudget("princss")).toBe(1);
    expect(typoBudget("princesss")).toBe(2);
    expect(typoBudget("elf")).toBe(0);
    expect(typoBudget("neko2")).toBe(0);
  });

  test('"quoted words" match as a phrase; -word and -"a phrase" exclude', async ({ app }) => {
    expect(keysOf(await search(app, '"ice queen"'))).toEqual(["iceQueen"]);
    expect(keysOf(await search(app, "ice queen"))).toEqual(expect.arrayContaining(["iceQueen", "queenOfIce"]));
    expect(keysOf(await search(app, "knight -dark"))).toEqual(["brightKnight"]);
    expect(keysOf(await search(app, 'queen -"ice queen"'))).toEqual(["queenOfIce"]);
    expect(keysOf(await search(app, "queen -ice"))).toEqual([]);
  });

  test("what the substring search found is still found", async ({ app }) => {
    expect(keysOf(await search(app, "ampir"))).toEqual(["vampire"]);
    expect(keysOf(await search(app, "50%"))).toEqual(["percent"]);
    expect(keysOf(await search(app, "sci-fi"))).toEqual(["scifi"]);
    expect(keysOf(await search(app, "i-fi pil"))).toEqual(["scifi"]);
    expect(keysOf(await search(app, "ELF PRINCESS"))).toEqual(["elfPrincess", "elfHunter"]);
    expect(keysOf(await search(app, "onerror"))).toEqual(["markup"]);
  });

  test("visitors never get an NSFW listing from a search; members do", async ({ app }) => {
    expect(await search(app, "succubus")).toEqual([]);
    expect(keysOf(await search(app, "succubus", { cookie: member.cookie }))).toEqual(["nsfwSuccubus"]);
  });

  test("a renamed creator's listings are found by the new name, not the old", async ({ app }) => {
    const db = app.database.db;
    await db.updateTable("users").set({ nickname: "Moonweaver" }).where("id", "=", mira.user.id).execute();
    expect(keysOf(await search(app, "moonweaver elf"))).toEqual(["elfHunter", "elfPrincess"]);
    expect(await search(app, "mira elf")).toEqual([]);
    await db.updateTable("users").set({ nickname: "Mira" }).where("id", "=", mira.user.id).execute();
    expect(keysOf(await search(app, "mira elf"))).toEqual(["elfHunter", "elfPrincess"]);
  });

  test("the count and the tag facets follow the same search", async ({ app }) => {
    const count = await trpcQuery(app, "chatbots.count", { search: "knight" });
    expect(count.json().result.data).toEqual({ count: 2, capped: false });
    const tags = await getAs(app, `/api/chatbots/tags?search=${encodeURIComponent("vampre")}`);
    expect(tags.json()).toEqual([
      { tag: "gothic", count: 1 },
      { tag: "horror", count: 1 },
    ]);
  });
});

describe("Best match", () => {
  const DRAGON_ORDER: Key[] = [
    "dragonExact",
    "dragonPopularTwin",
    "dragonTitle",
    "dragonPrefix",
    "dragonTag",
    "dragonCreator",
    "dragonTagline",
    "dragonDescription",
  ];

  test("is the default with a term: title over tags over creator over tagline over description, exact over prefix, popularity breaks ties", async ({
    app,
  }) => {
    expect(keysOf(await search(app, "dragon"))).toEqual(DRAGON_ORDER);
    expect(keysOf(await search(app, "dragon", { query: "sort=relevance" }))).toEqual(DRAGON_ORDER);
    // An exact title beats a more popular partial match.
    expect(keysOf(await search(app, "elf hunter"))[0]).toBe("elfHunter");
    expect(keysOf(await search(app, "elf princess"))[0]).toBe("elfPrincess");
  });

  test("pages with its cursor, without duplicates or gaps; over tRPC too", async ({ app }) => {
    expect(keysOf(await search(app, "dragon", { query: "limit=3" }))).toEqual(DRAGON_ORDER);
    const first = await trpcQuery(app, "chatbots.list", { search: "dragon", limit: 5 });
    const page = first.json().result.data as { items: Chatbot[]; nextCursor: string };
    const second = await trpcQuery(app, "chatbots.list", { search: "dragon", limit: 5, cursor: page.nextCursor });
    expect(keysOf([...page.items, ...(second.json().result.data.items as Chatbot[])])).toEqual(DRAGON_ORDER);
    // A Best match cursor is not another order's.
    const wrong = await getAs(app, `/api/chatbots?search=dragon&sort=newest&cursor=${page.nextCursor}`);
    expect(wrong.statusCode).toBe(400);
  });

  test("other sorts still apply on request", async ({ app }) => {
    const az = keysOf(await search(app, "dragon", { query: "sort=az" }));
    expect(az).toEqual([...DRAGON_ORDER].sort((a, b) => LISTINGS[a].title.localeCompare(LISTINGS[b].title)));
    const newest = keysOf(await search(app, "dragon", { query: "sort=newest" }));
    expect(newest).toEqual(
      [...DRAGON_ORDER].sort((a, b) => Object.keys(LISTINGS).indexOf(b) - Object.keys(LISTINGS).indexOf(a)),
    );
  });

  test("without a term it is by popularity; without a sort and a term, newest", async ({ app }) => {
    const all = await getAs(app, "/api/chatbots?sort=relevance&limit=3");
    expect(keysOf(all.json())).toEqual(["dragonPopularTwin", "elfHunter", "queenOfIce"]);
    const plain = await getAs(app, "/api/chatbots?limit=1");
    expect(keysOf(plain.json())).toEqual(["dragonPopularTwin"]);
  });
});

describe("suggestions", () => {
  const suggestAs = async (app: TestApp, q: string, cookie?: string) => {
    const response = await getAs(app, `/api/chatbots/suggestions?q=${encodeURIComponent(q)}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Suggestion[];
  };

  test("titles, tags and creators whose words start with what is typed, at most 8", async ({ app }) => {
    const suggest = (q: string) => suggestAs(app, q);
    const dragon = await suggest("drag");
    expect(dragon.length).toBeLessThanOrEqual(8);
    // The most popular first.
    const titles = dragon.filter((s) => s.kind === "title").map((s) => s.text);
    expect(titles[0]).toBe("Dragon Rider Vel");
    expect(titles.sort()).toEqual(["Dragon", "Dragon Rider Kael", "Dragon Rider Vel", "Dragonborn Sage"]);
    expect(dragon).toContainEqual({ kind: "tag", text: "dragon", id: null });
    expect(dragon.find((s) => s.kind === "creator")?.text).toBe("Drake Dragonheart");
    expect(dragon.find((s) => s.text === "Dragon")?.id).toBe(ids.dragonExact);
    expect(await suggest("elf pri")).toEqual([{ kind: "title", text: "Elf Princess Aria", id: ids.elfPrincess }]);
    expect(await suggest("e")).toEqual([]);
    expect(await suggest("   ")).toEqual([]);
  });

  test("visitors are offered SFW titles only; a member sees theirs; tRPC alike", async ({ app }) => {
    expect(await suggestAs(app, "succ")).toEqual([]);
    expect((await suggestAs(app, "succ", member.cookie)).map((s) => s.text)).toEqual([
      "Succubus Queen Lilith",
      "succubus",
    ]);
    const trpc = await trpcQuery(app, "chatbots.suggestions", { q: "succ" }, member.cookie);
    expect(trpc.json().result.data.map((s: Suggestion) => s.text)).toEqual(["Succubus Queen Lilith", "succubus"]);
    const visitor = await trpcQuery(app, "chatbots.suggestions", { q: "succ" });
    expect(visitor.json().result.data).toEqual([]);
  });
});

describe("bad terms", () => {
  test("a term over 200 characters is a 400 that names it; odd terms are empty pages, never 500", async ({ app }) => {
    const long = "a".repeat(1000);
    for (const url of [`/api/chatbots?search=${long}`, `/api/chatbots/suggestions?q=${long}`]) {
      const response = await getAs(app, url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Search must be 200 characters or less/);
    }
    for (const term of [
      "-",
      '"',
      '""',
      '-""',
      "- -",
      "'",
      "\\",
      "%",
      "_",
      "!",
      "&|",
      ":*",
      "-elf",
      '"unclosed phrase',
      "a -",
    ]) {
      const page = await getAs(app, `/api/chatbots?search=${encodeURIComponent(term)}`);
      expect(page.statusCode, `${term}: ${page.body}`).toBe(200);
      const count = await trpcQuery(app, "chatbots.count", { search: term });
      expect(count.statusCode, term).toBe(200);
      const suggestions = await getAs(app, `/api/chatbots/suggestions?q=${encodeURIComponent(term)}`);
      expect(suggestions.statusCode, term).toBe(200);
    }
    // Only an exclusion: what the substring search found ("-elf" in no title), so nothing.
    expect(await search(app, "-elf")).toEqual([]);
    expect(await search(app, '"unclosed phrase')).toEqual([]);
  });

  test("the database holds a weighted document per listing", async ({ app }) => {
    const row = await sql<{
      doc: string;
    }>`SELECT search_doc::text AS doc FROM chatbots WHERE id = ${ids.detective}`.execute(app.database.db);
    expect(row.rows[0]?.doc).toMatch(/'rain':1A/);
    expect(row.rows[0]?.doc).toMatch(/'noir':\d+B/);
    // D is the weight tsvector's text leaves unwritten.
    expect(row.rows[0]?.doc).toMatch(/'cyberpunk':\d+( |$)/);
  });
});
