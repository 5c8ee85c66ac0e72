// The stored read shape's SQL (src/domain/listings/stored-shape.ts) reaches the database only as migrations
// generated from it (scripts/generate-shape-migration.ts): the newest of them must install what the read model
// says now, and its triggers fire for exactly the columns the shape reads.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { renderShapeMigration, shapeMigrations } from "../scripts/shape-migration.js";
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

it("the newest generated migration installs the read model's stored shape as it is now", () => {
  const generated = shapeMigrations();
  const newest = generated.at(-1);
  expect(newest, "no generated migration: run `pnpm --filter @gallery/api db:generate-shape`").toBeDefined();
  expect(
    readFileSync(newest!.file, "utf8"),
    `the stored read shape differs from what ${newest!.name} installs: run \`pnpm --filter @gallery/api db:generate-shape\` ` +
      "and commit the NEW migration it writes (never edit a committed one)",
  ).toBe(renderShapeMigration(storedShapeSql(), generated.at(-2)?.name));
});

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
