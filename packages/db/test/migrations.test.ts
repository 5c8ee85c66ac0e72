// The migrations, run the way `pnpm db:migrate` runs them, on both databases the app supports.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, inject, it } from "vitest";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { createDatabase } from "../../../scripts/lib/postgres.mjs";

const run = promisify(execFile);
const DB_DIR = path.resolve(import.meta.dirname, "..");

/** `pnpm db:migrate` (src/cli/migrate.ts) with this environment; returns its output. */
async function migrate(env: Record<string, string>) {
  const tsx = path.join(DB_DIR, "node_modules/.bin/tsx");
  const { stdout } = await run(tsx, ["src/cli/migrate.ts"], { cwd: DB_DIR, env: { PATH: process.env.PATH, ...env } });
  return stdout;
}

it("migrate on PGlite from empty, and again with nothing to do", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-migrate-"));
  try {
    expect(await migrate({ DATA_DIR: dataDir, DATABASE_URL: "" })).toMatch(
      /Success: .*\n.*database \(pglite\) is up to date/s,
    );
    expect(await migrate({ DATA_DIR: dataDir, DATABASE_URL: "" })).toBe("database (pglite) is up to date\n");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it.runIf(inject("databaseUrl"))("migrate on PostgreSQL from empty, and again with nothing to do", async () => {
  const server = inject("databaseUrl")!;
  const url: string = await createDatabase(server, "gallery_migrate");
  expect(await migrate({ DATABASE_URL: url })).toMatch(/Success: .*database \(postgres\) is up to date/s);
  expect(await migrate({ DATABASE_URL: url })).toBe("database (postgres) is up to date\n");
});
