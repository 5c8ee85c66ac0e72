// Issue 26 item 1: the sitemap index of a gallery too big to number. Its files are ranges of the id space,
// as many as the gallery's measured size needs; together they list every visible listing exactly once, none
// over SITEMAP_URLS_PER_FILE, whatever the database's statistics say.
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";

const PUBLIC_URL = "https://gallery.example";
const PER_FILE = 100;
test.override("appEnv", { PUBLIC_URL, SITEMAP_URLS_PER_FILE: String(PER_FILE) });

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  owner = await signUp(app);
});

const get = (url: string) => app.inject({ method: "GET", url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

/** Listings in one statement, as a bulk load does: every 7th NSFW, every 11th hidden by a moderator. */
async function bulkLoad(count: number) {
  await sql`
    INSERT INTO chatbots (title, user_id, nsfw, hidden_at)
    SELECT 'Bulk ' || g, ${owner.user.id}::uuid, g % 7 = 0, CASE WHEN g % 11 = 0 THEN now() END
    FROM generate_series(1, ${count}) g`.execute(app.database.db);
}

const visibleIds = async () =>
  (
    await app.database.db
      .selectFrom("chatbots")
      .select("id")
      .where("nsfw", "=", false)
      .where("withheld", "=", false)
      .execute()
  ).map((row) => row.id);

/** Every listings file the index links, each read as a crawler would: the listing ids in each. */
async function crawlListingFiles() {
  const index = await get("/sitemap.xml");
  expect(index.statusCode).toBe(200);
  const files = locs(index.body).filter((url) => url.includes("/sitemap-listings.xml"));
  const perFile: string[][] = [];
  for (const url of files) {
    const file = await get(url.replace(PUBLIC_URL, ""));
    expect(file.statusCode, url).toBe(200);
    expect(file.body).toMatch(/<urlset [^>]*>[\s\S]*<\/urlset>\n$/);
    perFile.push(locs(file.body).map((loc) => /\/chatbots\/([^/]+)\//.exec(loc)![1]!));
  }
  return perFile;
}

it("splits a gallery loaded after its statistics were taken into files that list every visible listing once", async () => {
  // Statistics of an almost empty table, then a load far bigger: what the planner knows is stale.
  await bulkLoad(3);
  await sql`ANALYZE chatbots`.execute(app.database.db);
  await bulkLoad(1500);
  const files = await crawlListingFiles();
  const visible = await visibleIds();
  expect(files.length).toBeGreaterThanOrEqual(Math.ceil(visible.length / PER_FILE));
  for (const file of files) expect(file.length).toBeLessThanOrEqual(PER_FILE);
  const listed = files.flat();
  expect(listed).toHaveLength(visible.length);
  expect(new Set(listed)).toEqual(new Set(visible));
});

it("answers a link of the old form (from alone) with at most a file's entries from that id, and a bad range with 400", async () => {
  const visible = (await visibleIds()).sort();
  const from = visible[10]!;
  const body = (await get(`/sitemap-listings.xml?from=${from}`)).body;
  const ids = locs(body).map((loc) => /\/chatbots\/([^/]+)\//.exec(loc)![1]!);
  expect(ids).toEqual(visible.slice(10, 10 + PER_FILE));
  expect((await get(`/sitemap-listings.xml?from=${from}&to=bad`)).statusCode).toBe(400);
});
