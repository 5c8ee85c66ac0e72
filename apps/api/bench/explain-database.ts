// The EXPLAIN benches' database (explain-growth.ts, explain-members.ts): a throwaway PostgreSQL cluster, migrated,
// with a Kysely handle that remembers the statements it runs, so the last one a domain call ran can be explained.
import { type Database, migrateToLatest } from "@gallery/db";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
// @ts-expect-error: JavaScript helpers shared with scripts/start.mjs and the test setups
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";

/** The one stored picture every seeded listing of these benches points at (no file behind it: nothing serves it). */
export const PLACEHOLDER_IMAGE = {
  imageUrl: "/images/chatbots/x.webp",
  imageKey: "chatbots/x.webp",
  thumbnailKey: "thumbnails/x.webp",
};

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

export async function startExplainDatabase() {
  const cluster = await startThrowawayPostgres();
  if (!cluster) throw new Error("PostgreSQL is not installed");
  let statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: cluster.url as string, max: 2 });
  pool.on("error", () => {}); // the cluster stopping at the end
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === "query") statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const stop = async () => {
    await db.destroy();
    await cluster.stop();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: cluster.url as string,
    pool,
    db,
    /** Forgets the statements run so far (before the call to explain). */
    forget() {
      statements = [];
    },
    /** The last statement run, EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) on `client`: the plan's lines. */
    async explainLast(client: pg.PoolClient): Promise<string[]> {
      const last = statements.at(-1);
      if (!last) throw new Error("no statement ran");
      statements = [];
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${last.sql}`, [...last.parameters]);
      return plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]!);
    },
    stop,
  };
}
