import { type Chatbot, GALLERY_SORTS, type GallerySort, sortsFor, type TagCount } from "@gallery/schema";
import { describe, expect } from "vitest";
import { refreshScores } from "../src/domain/stats/scores.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";

/**
 * Gallery sorts (newest, popular, trending, A–Z) and tag facets (include, exclude, top tags), through
 * REST and tRPC: keyset pages without duplicates or gaps in every order, the NSFW rule in each.
 */

interface Seeded {
  id: string;
  title: string;
  tags: string[];
  nsfw: boolean;
  createdAt: string;
  /** Unique click-outs per day offset (0 = today). */
  clicks: Record<number, number>;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(today()) - n * 86_400_000).toISOString().slice(0, 10);

/** 23 listings (every fourth NSFW) with titles in mixed case, tag sets and click histories. */
async function seed(app: TestApp): Promise<Seeded[]> {
  const owner = await signUp(app);
  const seeded: Seeded[] = [];
  for (let i = 0; i < 23; i++) {
    const tags = [
      i % 2 === 0 ? "fantasy" : "scifi",
      ...(i % 3 === 0 ? ["romance"] : []),
      ...(i % 5 === 0 ? ["horror"] : []),
    ];
    const title = `${i % 2 ? "b" : "B"}ot ${String.fromCharCode(122 - i)}`;
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    // Ties on purpose (i % 4) so the id decides; trending: recent growth for some, decline for others.
    const clicks: Record<number, number> = { 1: (i % 4) * 3, 10: i % 3 === 0 ? 9 : 1, 20: 2 };
    const row = await app.database.db
      .insertInto("chatbots")
      .values({ title, tags, nsfw: i % 4 === 3, userId: owner.user.id, createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    seeded.push({ id: row.id, title, tags, nsfw: i % 4 === 3, createdAt, clicks });
    for (const [offset, count] of Object.entries(clicks)) {
      if (count === 0) continue;
      await app.database.db
        .insertInto("listingStatsDaily")
        .values({ chatbotId: row.id, day: daysAgo(Number(offset)), kind: "polybuzz", count })
        .execute();
    }
  }
  // Views never make a listing popular.
  await app.database.db
    .insertInto("listingStatsDaily")
    .values({ chatbotId: seeded[0]!.id, day: today(), kind: "view", count: 1000 })
    .execute();
  await refreshScores(app.database.db);
  return seeded;
}

const sum = (clicks: Record<number, number>, from: number, to: number) =>
  Object.entries(clicks)
    .filter(([offset]) => Number(offset) >= from && Number(offset) < to)
    .reduce((total, [, count]) => total + count, 0);

/** The orders as the documentation defines them, computed here independently. */
/** Every order of the registry (packages/schema sorts.ts) but Best match, which needs a search term (search.test.ts). */
const EXPECTED: Record<Exclude<GallerySort, "relevance">, (a: Seeded, b: Seeded) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  popular: (a, b) => sum(b.clicks, 0, 30) - sum(a.clicks, 0, 30) || b.id.localeCompare(a.id),
  trending: (a, b) => {
    const score = (s: Seeded) => (sum(s.clicks, 0, 7) - sum(s.clicks, 7, 14)) / Math.sqrt(sum(s.clicks, 7, 14) + 1);
    return score(b) - score(a) || b.id.localeCompare(a.id);
  },
  az: (a, b) => {
    const ta = a.title.toLowerCase();
    const tb = b.title.toLowerCase();
    return ta < tb ? -1 : ta > tb ? 1 : a.id.localeCompare(b.id);
  },
  // Nobody saved any of them: most saved is the id's order.
  saved: (a, b) => b.id.localeCompare(a.id),
  // Nobody reviewed any of them: every score is the prior's, so Top rated is the id's order (reviews.test.ts rates).
  rated: (a, b) => b.id.localeCompare(a.id),
};
/** The orders a gallery without a search term offers, from the registry: a new one without an EXPECTED order fails. */
const SORTS = sortsFor(undefined);

/** Every page of GET /api/chatbots, following the Link header. */
async function allPages(app: TestApp, query: string, cookie?: string) {
  const items: Chatbot[] = [];
  let url: string | null = `/api/chatbots?limit=5&${query}`;
  let pages = 0;
  while (url) {
    const response = await app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, response.body).toBe(200);
    items.push(...(response.json() as Chatbot[]));
    const link = response.headers.link as string | undefined;
    url = link ? (/<([^>]+)>/.exec(link)?.[1] ?? null) : null;
    pages++;
  }
  return { items, pages };
}

let seeded: Seeded[];
let member: Awaited<ReturnType<typeof signUp>>;
test.beforeAll(async ({ app }) => {
  seeded = await seed(app);
  member = await signUp(app);
});

describe("sorts", () => {
  for (const sort of SORTS) {
    const expected = EXPECTED[sort as keyof typeof EXPECTED];
    test(`${sort}: every page in order, no duplicates or gaps; visitors get SFW only, members everything`, async ({
      app,
    }) => {
      expect(expected, `the order ${sort} sorts by, computed here`).toBeDefined();
      const visitor = await allPages(app, `sort=${sort}`);
      const sfw = seeded.filter((s) => !s.nsfw).sort(expected);
      expect(visitor.items.map((c) => c.id)).toEqual(sfw.map((s) => s.id));
      expect(visitor.pages).toBe(Math.ceil(sfw.length / 5));
      const all = await allPages(app, `sort=${sort}`, member.cookie);
      expect(all.items.map((c) => c.id)).toEqual([...seeded].sort(expected).map((s) => s.id));
    });
  }

  test("tRPC takes the same sort; a cursor of another order or a bad sort is refused with a clear message", async ({
    app,
  }) => {
    const input = encodeURIComponent(JSON.stringify({ sort: "az", limit: 3 }));
    const trpc = await app.inject({ method: "GET", url: `/trpc/chatbots.list?input=${input}` });
    const page = trpc.json().result.data as { items: Chatbot[]; nextCursor: string };
    const firstThree = seeded
      .filter((s) => !s.nsfw)
      .sort(EXPECTED.az)
      .slice(0, 3);
    expect(page.items.map((c) => c.id)).toEqual(firstThree.map((s) => s.id));
    const wrong = await app.inject({ method: "GET", url: `/api/chatbots?sort=popular&cursor=${page.nextCursor}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "Invalid cursor" });
    const bad = await app.inject({ method: "GET", url: "/api/chatbots?sort=random" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: `sort must be one of ${GALLERY_SORTS.join(", ")}` });
  });
});

describe("tags", () => {
  test("include means all chosen tags, exclude none of them; in every order, with cursors", async ({ app }) => {
    const both = await allPages(app, "tags=fantasy,romance&sort=popular", member.cookie);
    const expected = seeded
      .filter((s) => s.tags.includes("fantasy") && s.tags.includes("romance"))
      .sort(EXPECTED.popular)
      .map((s) => s.id);
    expect(both.items.map((c) => c.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(1);

    const repeated = await allPages(app, "excludeTags=horror&excludeTags=romance&sort=az");
    expect(repeated.items.map((c) => c.id)).toEqual(
      seeded
        .filter((s) => !s.nsfw && !s.tags.includes("horror") && !s.tags.includes("romance"))
        .sort(EXPECTED.az)
        .map((s) => s.id),
    );

    const count = await app.inject({
      method: "GET",
      url: `/trpc/chatbots.count?input=${encodeURIComponent(JSON.stringify({ tags: ["scifi"], excludeTags: ["horror"] }))}`,
    });
    expect(count.json().result.data).toEqual({
      count: seeded.filter((s) => !s.nsfw && s.tags.includes("scifi") && !s.tags.includes("horror")).length,
      capped: false,
    });
  });

  test("top tags count the listings matching the current filters, for each audience", async ({ app }) => {
    const counted = (listings: Seeded[]) => {
      const counts = new Map<string, number>();
      for (const s of listings) for (const tag of s.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return [...counts]
        .map(([tag, count]) => ({ tag, count }))
        .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
    };
    const visitor = await app.inject({ method: "GET", url: "/api/chatbots/tags" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json() as TagCount[]).toEqual(counted(seeded.filter((s) => !s.nsfw)));

    const filtered = await app.inject({
      method: "GET",
      url: "/api/chatbots/tags?excludeTags=romance&limit=2",
      headers: { cookie: member.cookie },
    });
    expect(filtered.json()).toEqual(counted(seeded.filter((s) => !s.tags.includes("romance"))).slice(0, 2));

    const input = encodeURIComponent(JSON.stringify({ tags: ["horror"], nsfw: true }));
    const trpc = await app.inject({
      method: "GET",
      url: `/trpc/chatbots.tags?input=${input}`,
      headers: { cookie: member.cookie },
    });
    expect(trpc.json().result.data).toEqual(counted(seeded.filter((s) => s.nsfw && s.tags.includes("horror"))));

    const tooMany = await app.inject({ method: "GET", url: `/api/chatbots?tags=${"a,".repeat(11)}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: "At most 10 tags" });
  });
});
