// The database copies, triggers and indexes declared in the api's code reach the database only as committed
// migrations generated from the declarations (model: immich's schema declarations and sql-tools, kept small):
// each declared part is SQL text made from the registries and the read model; when a part's text differs from
// what the newest migration holding that part installs, `pnpm gen` writes a NEW migration with the parts that
// changed. Nothing is installed by the app at start, and nothing needs a database to be generated.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MIGRATIONS_DIR } from "@gallery/db/migration-index";
import { facetsCopySql } from "../src/domain/listings/facets-copy.js";
import { platformColumnsSql } from "../src/domain/listings/platform-columns.js";
import { sortIndexesSql } from "../src/domain/listings/sort-indexes.js";
import { storedShapeSql } from "../src/domain/listings/stored-shape.js";
import { usersChangeTriggersSql } from "../src/domain/users/change-triggers.js";

export { MIGRATIONS_DIR };

export interface DeclaredPart {
  /** The part's name in a generated migration. */
  key: string;
  /** What it is, for the migration's reader. */
  doc: string;
  /** Its SQL, run in order, each text whole (several statements each). */
  steps: () => string[];
}

/** Every declared part, in the order a migration installs them (columns before what reads them). */
export const DECLARED_PARTS: DeclaredPart[] = [
  {
    key: "PLATFORM_COLUMNS",
    doc: "Each platform's columns and stat kind (domain/listings/platform-columns.ts, from the platform registry).",
    steps: () => [platformColumnsSql()],
  },
  {
    key: "LISTING_FACETS",
    doc: "The tag facets' copy of the filtered columns and its trigger (domain/listings/facets-copy.ts).",
    steps: () => [facetsCopySql()],
  },
  {
    key: "STORED_READ_SHAPE",
    doc: "The read shape kept on the rows and its triggers; rewrites every copy (domain/listings/stored-shape.ts).",
    // The creator trigger off while every copy is rewritten, then on again.
    steps: () => {
      const shape = storedShapeSql();
      return [
        "DROP TRIGGER IF EXISTS users_listing_json ON users",
        shape.functions,
        // Setting the copies to NULL runs their triggers, which write them afresh: the creators', then the listings'.
        "UPDATE users SET creator_json = NULL",
        "UPDATE chatbots SET listing_json = NULL",
        shape.rewriteOnCreatorChange,
      ];
    },
  },
  {
    key: "SORT_INDEXES",
    doc: "Each gallery order's index and its SFW twin (domain/listings/sort-indexes.ts, from the sorts).",
    steps: () => [sortIndexesSql()],
  },
  {
    key: "USERS_CHANGE_TRIGGERS",
    doc: "What a write to users notifies, shapes or viewers (domain/users/change-triggers.ts).",
    steps: () => [usersChangeTriggersSql()],
  },
];

/** The migrations holding DECLARED: the baseline (the first, 202611290851_baseline) and the generated ones. */
const HOLDS_DECLARED = /^\d{12}_(baseline|generated)$/;

/** Where a part was last installed: the newest migration holding it. */
export interface Installed {
  migration: string;
  steps: string[];
}

/** A text as the body of a template literal that reads as the SQL itself. */
export const templateText = (text: string) => text.replace(/\\|`|\$\{/g, (found) => `\\${found}`);

/** For each part, what the newest migration holding it installs (a part no migration holds is absent). */
export async function installedParts(dir = MIGRATIONS_DIR): Promise<Map<string, Installed>> {
  const installed = new Map<string, Installed>();
  const names = readdirSync(dir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.slice(0, -3))
    .filter((name) => HOLDS_DECLARED.test(name))
    .sort();
  for (const name of names) {
    const file = path.join(dir, `${name}.ts`);
    const { DECLARED } = (await import(pathToFileURL(file).href)) as { DECLARED: Record<string, string[]> };
    for (const [key, steps] of Object.entries(DECLARED)) installed.set(key, { migration: name, steps });
  }
  return installed;
}

/** The parts whose declared SQL differs from what the migrations install, with what they install now. */
export async function changedParts(dir = MIGRATIONS_DIR) {
  const installed = await installedParts(dir);
  return DECLARED_PARTS.flatMap((part) => {
    const steps = part.steps();
    const before = installed.get(part.key);
    return before && JSON.stringify(before.steps) === JSON.stringify(steps) ? [] : [{ part, steps, before }];
  });
}

export type ChangedPart = Awaited<ReturnType<typeof changedParts>>[number];

/** `export const DECLARED` of a migration installing these parts (the generated ones' and the baseline's). */
export function renderDeclared(parts: Array<{ part: DeclaredPart; steps: string[] }>): string[] {
  return [
    "/** What this migration installs, part by part: each part's SQL, run in order. */",
    "export const DECLARED: Record<string, string[]> = {",
    ...parts.flatMap(({ part, steps }) => [
      `  /** ${part.doc} */`,
      `  ${part.key}: [`,
      ...steps.map((step) => `    \`${templateText(step)}\`,`),
      "  ],",
    ]),
    "};",
  ];
}

/** The migration `name` that installs the changed parts; its `down` installs each part's previous SQL again. */
export function renderGeneratedMigration(changed: ChangedPart[]): string {
  const previous = [...new Set(changed.flatMap(({ before }) => (before ? [before.migration] : [])))].sort();
  const downs = changed.map(({ part, before }) =>
    before
      ? `  await install(db, m${before.migration}.DECLARED.${part.key}!);`
      : `  // ${part.key}: first installed by this migration; down leaves it.`,
  );
  return [
    "// Generated by `pnpm gen` (apps/api/scripts/generate-migrations.ts) from the declarations in apps/api/src/domain.",
    "// Never edit it: a change of a declaration is a NEW migration, written by `pnpm gen`.",
    'import { type Kysely, sql } from "kysely";',
    // In the order of their paths, as the linter sorts imports.
    ...previous.map((name) => `import * as m${name} from "./${name}.js";`),
    "",
    ...renderDeclared(changed),
    "",
    "async function install(db: Kysely<unknown>, steps: string[]): Promise<void> {",
    "  for (const step of steps) await sql.raw(step).execute(db);",
    "}",
    "",
    "export async function up(db: Kysely<unknown>): Promise<void> {",
    "  for (const steps of Object.values(DECLARED)) await install(db, steps);",
    "}",
    "",
    "/** Each part back to what the migrations before this one installed. */",
    `export async function down(${downs.some((line) => line.includes("db")) ? "" : "_"}db: Kysely<unknown>): Promise<void> {`,
    ...downs,
    "}",
    "",
  ].join("\n");
}
