// The stored read shape's SQL (src/domain/listings/stored-shape.ts) reaches the database only as migrations
// generated from it (`pnpm gen`; test/generated-migrations.test.ts checks the newest installs it): its triggers
// fire for exactly the columns the shape reads.
import { expect, it } from "vitest";
import {
  storedCreatorColumns,
  storedCreatorJsonSql,
  storedListingColumns,
  storedListingJsonSql,
} from "../src/domain/listings/read-model.js";
import { storedShapeSql } from "../src/domain/listings/stored-shape.js";

/** The columns a piece of SQL reads of the row aliased `alias` (`"c"."title"` or `c.title`). */
const columnsOf = (text: string, alias: string) =>
  [...new Set([...text.matchAll(new RegExp(`(?:"${alias}"|\\b${alias})\\."?([a-z_]+)`, "g"))].map((m) => m[1]))].sort();

it("the triggers fire for exactly the columns the stored shape reads", () => {
  expect(columnsOf(storedListingJsonSql(), "c")).toEqual([...storedListingColumns].sort());
  expect(columnsOf(storedCreatorJsonSql(), "u")).toEqual([...storedCreatorColumns].sort());
  // What a listing's copy reads of its creator changes the creator's copy too, which rewrites the listing's.
  expect(storedCreatorColumns).toEqual(expect.arrayContaining(columnsOf(storedListingJsonSql(), "u")));
  const { functions, rewriteOnCreatorChange } = storedShapeSql();
  expect(functions).toContain(`UPDATE OF ${[...storedListingColumns, "listing_json"].join(", ")} ON chatbots`);
  expect(functions).toContain(`UPDATE OF ${[...storedCreatorColumns, "creator_json"].join(", ")} ON users`);
  expect(rewriteOnCreatorChange).toContain(`UPDATE OF ${storedCreatorColumns.join(", ")} ON users`);
});
