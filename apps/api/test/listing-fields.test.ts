// A filterable listing field declared once (packages/schema listing-fields.ts) reaches everything from its entry:
// the form and read schemas, the gallery filter on both transports and its REST description, the column with its
// default and check, the read model, the filter's SQL, the facets copy. The spec declares no such field, so this
// file declares one (packages/schema testing/listing-field.ts, as "testLanguage", column test_language; in place of any real one) for itself, installs what `pnpm gen` would write for it (the changed parts of the
// generated migrations) on its own fresh database, and then only talks to the api as a client would.
import type { Chatbot } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect, vi } from "vitest";
import { changedParts } from "../scripts/generated-migrations.js";
import { takeMismatches } from "./support/answer-check.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart } from "./support/images.js";
import { sendForm } from "./support/requests.js";

vi.mock("../../../packages/schema/src/listing-fields.ts", async (importOriginal) =>
  (await import("@gallery/schema/testing/listing-field")).withDeclaredField(
    await importOriginal<typeof import("../../../packages/schema/src/listing-fields.js")>(),
    "testLanguage",
  ),
);

type Listed = Chatbot & { testLanguage?: string | null };

describe("a declared listing field", () => {
  test("from its declaration: column, default, form, read shape, filters on both transports, facets", async ({
    app,
  }) => {
    const creator = await signUp(app);
    // A listing from before the field: the column's default reaches it when the column is added.
    const before = await createListing(app, creator.cookie, { title: "Langword Before", tags: "Old" });
    // Its answer lacks the field (its column is not there yet, a state a migrated database never has): the one
    // mismatch with the document, taken here so the rest of the file is checked as usual.
    expect(takeMismatches()).toEqual([
      "POST /api/chatbots 201 does not match its document: / must have required property 'testLanguage'",
    ]);

    // What `pnpm gen` writes for the declaration: the column, the facets copy and the stored read shape.
    const changed = await changedParts();
    expect(changed.map(({ part }) => part.key)).toEqual(["PLATFORM_COLUMNS", "LISTING_FACETS", "STORED_READ_SHAPE"]);
    for (const { steps } of changed) for (const step of steps) await sql.raw(step).execute(app.database.db);

    const japanese = await createListing(app, creator.cookie, {
      title: "Langword Japanese",
      tags: "Kanji, Both",
      testLanguage: "ja",
    });
    const english = await createListing(app, creator.cookie, { title: "Langword English", tags: "Both" });
    expect((japanese as Listed).testLanguage).toBe("ja");
    expect((english as Listed).testLanguage).toBe("en");

    // A value that is none of the choices: a 400 naming the field, nothing written.
    const refused = multipart({ title: "Langword Refused", testLanguage: "fr" });
    const response = await sendForm(app, "POST", "/api/chatbots", refused, creator.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Language must be one of en, ja");

    const titles = async (query: string) => {
      const page = await app.inject({ method: "GET", url: `/api/chatbots?search=langword${query}` });
      expect(page.statusCode).toBe(200);
      return (page.json() as Listed[]).map((listing) => [listing.title, listing.testLanguage]).sort();
    };
    expect(await titles("")).toEqual([
      ["Langword Before", "en"],
      ["Langword English", "en"],
      ["Langword Japanese", "ja"],
    ]);
    expect(await titles("&testLanguage=ja")).toEqual([["Langword Japanese", "ja"]]);
    expect(await titles("&testLanguage=en")).toEqual([
      ["Langword Before", "en"],
      ["Langword English", "en"],
    ]);
    const wrong = await app.inject({ method: "GET", url: "/api/chatbots?testLanguage=fr" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Language must be one of en, ja");

    // tRPC: the same filter for the count and the tag facets (counted over the facets copy).
    const input = encodeURIComponent(JSON.stringify({ search: "langword", testLanguage: "ja" }));
    const count = await app.inject({ method: "GET", url: `/trpc/chatbots.count?input=${input}` });
    expect(count.json().result.data).toEqual({ count: 1, capped: false });
    const tags = await app.inject({ method: "GET", url: `/api/chatbots/tags?search=langword&testLanguage=en` });
    expect(tags.json()).toEqual([
      { tag: "Both", count: 1 },
      { tag: "Old", count: 1 },
    ]);

    // An edit clears it ("") or changes it; the filters follow.
    const edit = multipart({ testLanguage: "" });
    const edited = await sendForm(app, "PUT", `/api/chatbots/${before.id}`, edit, creator.cookie);
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Listed).testLanguage).toBeNull();
    expect(await titles("&testLanguage=en")).toEqual([["Langword English", "en"]]);

    // A change of the field alone rewrites the stored read shape (its trigger fires for the field's column).
    await sql`UPDATE chatbots SET test_language = 'ja' WHERE id = ${english.id}`.execute(app.database.db);
    const stored = await sql<{ value: string }>`
      SELECT (listing_json::json)->>'testLanguage' AS value FROM chatbots WHERE id = ${english.id}`.execute(
      app.database.db,
    );
    expect(stored.rows[0]!.value).toBe("ja");
    // The check keeps the column to the declared values, whoever writes it.
    await expect(
      sql`UPDATE chatbots SET test_language = 'fr' WHERE id = ${english.id}`.execute(app.database.db),
    ).rejects.toThrow(/chatbots_test_language_check/);

    // The facets copy holds the rows' own values; the REST document describes the filter and the field.
    const { rows } = await sql<{ differing: number }>`
      SELECT count(*)::int AS differing FROM chatbots c JOIN listing_facets f USING (id)
      WHERE c.test_language IS DISTINCT FROM f.test_language`.execute(app.database.db);
    expect(rows[0]!.differing).toBe(0);
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const parameter = document.paths["/api/chatbots"].get.parameters.find(
      (found: { name: string }) => found.name === "testLanguage",
    );
    expect(parameter.description).toBe("Listings in this language (omitted for all).");
    expect(parameter.schema.enum ?? parameter.schema.anyOf).toBeDefined();
  });
});
