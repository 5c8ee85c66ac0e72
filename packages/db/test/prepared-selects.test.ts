// Parameterless SELECTs run as named statements (planned once per connection), the rest unnamed.
import { sql } from "kysely";
import { expect, inject, it } from "vitest";
import { openDatabase } from "../src/index.js";

it.runIf(inject("databaseUrl"))("prepares a parameterless SELECT once per connection, nothing else", async () => {
  const handle = await openDatabase({ databaseUrl: inject("databaseUrl")!, poolSize: 1 });
  try {
    const { db } = handle;
    const fixed = sql<{ n: number }>`SELECT 41 + 1 AS n`;
    expect((await fixed.execute(db)).rows).toEqual([{ n: 42 }]);
    expect((await fixed.execute(db)).rows).toEqual([{ n: 42 }]);
    await sql`SELECT ${7}::int AS n`.execute(db);
    await sql`SELECT * FROM (SELECT 1 AS a) t`.execute(db);
    await sql`CREATE TEMP TABLE prepared_check (a int); INSERT INTO prepared_check VALUES (1)`.execute(db);
    // One connection in the pool, so this sees the statements the queries above prepared.
    const { rows } = await sql<{ statement: string }>`
      SELECT statement FROM pg_prepared_statements WHERE NOT from_sql AND statement NOT LIKE '%pg_prepared_statements%'`.execute(
      db,
    );
    expect(rows.map((row) => row.statement)).toEqual(["SELECT 41 + 1 AS n"]);
  } finally {
    await handle.close();
  }
});
