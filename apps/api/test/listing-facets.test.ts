// The tag facets count over listing_facets (declared in domain/listings/facets-copy.ts, installed by the migrations
// generated from it), a narrow copy of the columns the gallery's filters
// read, kept by a trigger on chatbots. Every write that changes what a filter sees reaches the facets at once:
// creating, editing, renaming the creator, moderating and deleting, each seen through GET /api/chatbots/tags; and
// after all of them the copy is exactly the rows' own columns.
import type { TagCount } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { FACETS_COPY_COLUMNS } from "../src/domain/listings/facets-copy.js";
import type { TestApp } from "./support/app.js";
import { type Member, signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart } from "./support/images.js";
import { moderate as moderateTarget } from "./support/moderation.js";
import { sendForm, sendJson } from "./support/requests.js";

let app: TestApp;
let creator: Member;
let moderator: Member;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  moderator = await signUpAs(app, "admin");
});

/** The facets a visitor gets for a search (each test's own word, so the counts are exact). */
async function facets(search: string, extra = ""): Promise<TagCount[]> {
  const response = await app.inject({ method: "GET", url: `/api/chatbots/tags?search=${search}${extra}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function edit(id: string, fields: Record<string, string>) {
  const body = multipart(fields);
  const response = await sendForm(app, "PUT", `/api/chatbots/${id}`, body, creator.cookie);
  expect(response.statusCode).toBe(200);
}

const moderate = (kind: "listing" | "profile", id: string, action: "hide" | "suspend") =>
  moderateTarget(app, moderator.cookie, { kind, id }, action);

describe("the tag facets follow every write", () => {
  test("create, edit, a creator's new name, moderation and delete", async () => {
    const first = await createListing(app, creator.cookie, { title: "Facetword One", tags: "Knight, Castle" });
    const second = await createListing(app, creator.cookie, { title: "Facetword Two", tags: "Knight" });
    expect(await facets("facetword")).toEqual([
      { tag: "Knight", count: 2 },
      { tag: "Castle", count: 1 },
    ]);

    // New tags and title: the old word no longer finds it, the new one does.
    await edit(first.id, { title: "Othername One", tags: "Dragon" });
    expect(await facets("facetword")).toEqual([{ tag: "Knight", count: 1 }]);
    expect(await facets("othername")).toEqual([{ tag: "Dragon", count: 1 }]);
    // A platform identifier: the platform filter sees it.
    await edit(second.id, { roleplayaCid: "facet-rp-1", roleplayaUrl: "https://roleplaya.com/facet-rp-1" });
    expect(await facets("facetword", "&platform=roleplaya")).toEqual([{ tag: "Knight", count: 1 }]);
    expect(await facets("facetword", "&platform=polybuzz")).toEqual([]);

    // The creator's new nickname is searchable text of every listing of theirs.
    const renamed = await sendJson(app, "PUT", "/api/user/nickname", { nickname: "Facetsmith" }, creator.cookie);
    expect(renamed.statusCode).toBe(200);
    expect(await facets("facetsmith")).toEqual([
      { tag: "Dragon", count: 1 },
      { tag: "Knight", count: 1 },
    ]);

    // Marked NSFW: gone from a visitor's facets.
    await edit(first.id, { nsfw: "true" });
    expect(await facets("facetsmith")).toEqual([{ tag: "Knight", count: 1 }]);

    // Hidden by a moderator, then its creator suspended: withheld, so counted nowhere.
    await moderate("listing", second.id, "hide");
    expect(await facets("facetsmith")).toEqual([]);
    await edit(first.id, { nsfw: "false" });
    expect(await facets("facetsmith")).toEqual([{ tag: "Dragon", count: 1 }]);
    await moderate("profile", creator.user.id, "suspend");
    expect(await facets("facetsmith")).toEqual([]);

    await expectCopyExact();
  });

  test("a deleted listing leaves the facets", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Goneword", tags: "Ephemeral" });
    expect(await facets("goneword")).toEqual([{ tag: "Ephemeral", count: 1 }]);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${listing.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await facets("goneword")).toEqual([]);
    await expectCopyExact();
  });
});

test("the app's connections start a big table's scan at its first page (the facets read the same pages each time)", async () => {
  const { rows } = await sql<{ setting: string }>`SELECT current_setting('synchronize_seqscans') AS setting`.execute(
    app.database.db,
  );
  expect(rows[0]!.setting).toBe("off");
});

/** Every listing has its copy, with exactly its own columns, and no copy outlives its listing. */
async function expectCopyExact() {
  const columns = sql.raw(["id", ...FACETS_COPY_COLUMNS.map(({ name }) => name)].join(", "));
  // What each copied column is made of on the listing (its declared value, else the column of the same name).
  const fromListing = sql.raw(
    ["c.id", ...FACETS_COPY_COLUMNS.map((column) => column.value?.("c") ?? `c.${column.name}`)].join(", "),
  );
  const differing = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      (SELECT ${fromListing} FROM chatbots c EXCEPT ALL SELECT ${columns} FROM listing_facets)
      UNION ALL
      (SELECT ${columns} FROM listing_facets EXCEPT ALL SELECT ${fromListing} FROM chatbots c)
    ) AS d`.execute(app.database.db);
  expect(differing.rows[0]!.n).toBe(0);
}
