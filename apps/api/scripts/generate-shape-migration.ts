// `pnpm --filter @gallery/api db:generate-shape [NNNN]`: when the read model's stored shape
// (src/domain/listings/stored-shape.ts) differs from what the newest generated migration installs, writes it
// as a new migration of packages/db and lists it there. NNNN: the number to give it, when the next free one
// is taken on another branch.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { storedShapeSql } from "../src/domain/listings/stored-shape.js";
import { MIGRATIONS_DIR, renderShapeMigration, shapeMigrationName, shapeMigrations } from "./shape-migration.js";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** One more than the highest migration number in the directory. */
function nextNumber(): string {
  const numbers = readdirSync(MIGRATIONS_DIR).flatMap((file) => /^(\d{4})_/.exec(file)?.[1] ?? []);
  return String(Math.max(0, ...numbers.map(Number)) + 1).padStart(4, "0");
}

/** Adds the migration to index.ts, which lists every migration by hand so bundling keeps them. */
function listInIndex(name: string, number: string) {
  const index = path.join(MIGRATIONS_DIR, "index.ts");
  const text = readFileSync(index, "utf8");
  const lastImport = text.lastIndexOf("\nimport ");
  const afterLastImport = text.indexOf("\n", lastImport + 1) + 1;
  const end = text.lastIndexOf("};");
  if (lastImport < 0 || end < afterLastImport) fail(`${index} is not laid out as expected: list ${name} there by hand`);
  const binding = `storedReadShape${number}`;
  writeFileSync(
    index,
    `${text.slice(0, afterLastImport)}import * as ${binding} from "./${name}.js";\n${text.slice(afterLastImport, end)}` +
      `  "${name}": ${binding},\n${text.slice(end)}`,
  );
}

const shape = storedShapeSql();
const generated = shapeMigrations();
const newest = generated.at(-1);
if (newest && readFileSync(newest.file, "utf8") === renderShapeMigration(shape, generated.at(-2)?.name)) {
  console.log(`The stored read shape is up to date: ${newest.name} installs it.`);
} else {
  const number = process.argv[2] ?? nextNumber();
  if (!/^\d{4}$/.test(number)) fail(`the migration's number is four digits, such as 0012 (given: ${number})`);
  const name = shapeMigrationName(number);
  const file = path.join(MIGRATIONS_DIR, `${name}.ts`);
  if (existsSync(file)) fail(`${file} exists already: give another number`);
  writeFileSync(file, renderShapeMigration(shape, newest?.name));
  listInIndex(name, number);
  console.log(
    [
      `Wrote ${path.relative(path.resolve(import.meta.dirname, "../../.."), file)} and listed it in index.ts: commit both.`,
      "It replaces the stored read shape's trigger functions and rewrites every stored copy once, when it runs.",
      "Never edit it once committed: a later change of the read model is a NEW migration (run this again).",
    ].join("\n"),
  );
}
