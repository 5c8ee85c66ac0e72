// Migration 0024_platform_hosts on both databases the app supports: listings whose platform URL leads off the
// platform (an old row, from before links were checked) enter the moderation queue; proper links do not.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, expect, inject, it } from "vitest";
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { createDatabase } from "../../../scripts/lib/postgres.mjs";
import { createMigrator, type DatabaseHandle, openDatabase } from "../src/index.js";
import { migrations } from "../src/migrations/index.js";

const MIGRATION = "0024_platform_hosts";
let handle: DatabaseHandle | undefined;
let cleanup: (() => void) | undefined;

afterEach(async () => {
  await handle?.close();
  cleanup?.();
  handle = cleanup = undefined;
});

/** Runs `to` (a migration's name) on the database, failing with the migration's error. */
async function migrateTo(db: Kysely<unknown>, to: string) {
  const result = await createMigrator(db).migrateTo(to);
  if (result.error) throw result.error;
}

/** The listings as they were before the migration, with the queue they had; answers their ids by title. */
async function listingsBefore(db: Kysely<unknown>) {
  const names = Object.keys(migrations);
  await migrateTo(db, names[names.indexOf(MIGRATION) - 1]!);
  const {
    rows: [user],
  } = await sql<{ id: string }>`INSERT INTO users (email) VALUES ('old-creator@example.com') RETURNING id`.execute(db);
  const rows: Array<[title: string, polybuzzUrl: string | null, roleplayaUrl: string | null]> = [
    ["phish", "https://evil.example/phish", null],
    ["both foreign", "https://polybuzz.ai.evil.example/x", "https://roleplaya.com@evil.example/"],
    ["backslash", "https://polybuzz.ai\\@evil.example", null],
    ["lookalike", "https://evilpolybuzz.ai/c/1", null],
    ["already reported", null, "https://evil.example/rp"],
    ["proper", "https://www.polybuzz.ai/character/chat/pb-1", "https://roleplaya.com/chat/rp-1"],
    ["proper bare host", "HTTPS://POLYBUZZ.AI", "http://roleplaya.com:8080?x=1"],
    ["no links", null, null],
  ];
  const ids: Record<string, string> = {};
  for (const [title, polybuzzUrl, roleplayaUrl] of rows) {
    const { rows: inserted } = await sql<{ id: string }>`
      INSERT INTO chatbots (title, user_id, polybuzz_url, roleplaya_url)
      VALUES (${title}, ${user!.id}, ${polybuzzUrl}, ${roleplayaUrl}) RETURNING id`.execute(db);
    ids[title] = inserted[0]!.id;
  }
  // A listing already in the queue (a member's "Spam" report): the migration's report is counted beside it.
  await sql`INSERT INTO reports (target_kind, target_id, reporter, reason) VALUES
    ('listing', ${ids["already reported"]}, 'member:someone', 'spam')`.execute(db);
  await sql`INSERT INTO report_targets (target_kind, target_id, open_count, reason_counts) VALUES
    ('listing', ${ids["already reported"]}, 1, '{"spam": 1}')`.execute(db);
  return ids;
}

async function queue(db: Kysely<unknown>) {
  const reports = await sql<{ targetId: string; reporter: string; reason: string; details: string | null }>`
    SELECT target_id AS "targetId", reporter, reason, details FROM reports
    WHERE status = 'open' AND reporter = 'system:foreign-link'`.execute(db);
  // The counts as text: the client's camel-casing would rename the reasons inside the JSON.
  const targets = await sql<{ targetId: string; openCount: number; reasonCounts: string }>`
    SELECT target_id AS "targetId", open_count AS "openCount", reason_counts::text AS "reasonCounts"
    FROM report_targets WHERE target_kind = 'listing'`.execute(db);
  return {
    reports: new Map(reports.rows.map((row) => [row.targetId, row])),
    targets: new Map(
      targets.rows.map((row) => [
        row.targetId,
        { ...row, reasonCounts: JSON.parse(row.reasonCounts) as Record<string, number> },
      ]),
    ),
  };
}

async function checkMigration(db: Kysely<unknown>) {
  const ids = await listingsBefore(db);
  await migrateTo(db, MIGRATION);
  const { reports, targets } = await queue(db);

  const flagged = ["phish", "both foreign", "backslash", "lookalike", "already reported"];
  expect([...reports.keys()].sort()).toEqual(flagged.map((title) => ids[title]).sort());
  for (const title of flagged) expect(reports.get(ids[title]!)?.reason).toBe("broken_link");
  expect(reports.get(ids.phish!)?.details).toBe("Polybuzz URL leads to evil.example, not polybuzz.ai");
  expect(reports.get(ids["both foreign"]!)?.details).toBe(
    "Polybuzz URL leads to polybuzz.ai.evil.example, not polybuzz.ai; " +
      "Roleplaya URL leads to roleplaya.com@evil.example, not roleplaya.com",
  );
  expect(reports.get(ids.backslash!)?.details).toBe(
    "Polybuzz URL leads to polybuzz.ai\\@evil.example, not polybuzz.ai",
  );

  // Each in the queue as openReport counts it; the listing already there keeps its report and gains one.
  for (const title of ["phish", "both foreign", "backslash", "lookalike"]) {
    expect(targets.get(ids[title]!)).toMatchObject({ openCount: 1, reasonCounts: { broken_link: 1 } });
  }
  expect(targets.get(ids["already reported"]!)).toMatchObject({
    openCount: 2,
    reasonCounts: { spam: 1, broken_link: 1 },
  });
  // Proper links (subdomains, any case, a port, no path) and no links at all stay out of the queue.
  for (const title of ["proper", "proper bare host", "no links"]) {
    expect(reports.has(ids[title]!)).toBe(false);
    expect(targets.has(ids[title]!)).toBe(false);
  }

  // Down takes exactly those reports out again; the member's report stays.
  const names = Object.keys(migrations);
  await migrateTo(db, names[names.indexOf(MIGRATION) - 1]!);
  const after = await queue(db);
  expect(after.reports.size).toBe(0);
  expect([...after.targets.values()]).toEqual([
    { targetId: ids["already reported"], openCount: 1, reasonCounts: { spam: 1 } },
  ]);
}

it("PGlite: listings with a foreign platform host enter the queue, proper ones do not", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-hosts-"));
  cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  handle = await openDatabase({ dataDir });
  await checkMigration(handle.db as Kysely<unknown>);
});

it.runIf(inject("databaseUrl"))(
  "PostgreSQL: listings with a foreign platform host enter the queue, proper ones do not",
  async () => {
    const server = inject("databaseUrl")!;
    const url: string = await createDatabase(server, "gallery_hosts");
    handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await checkMigration(handle.db as Kysely<unknown>);
  },
);
