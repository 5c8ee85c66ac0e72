import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

/** Statement names handed out: a bound, should a caller ever build SELECTs from unbounded literals. */
const MAX_STATEMENTS = 500;
const SELECT = /^\s*(select|with)\b/i;
/**
 * `SELECT *` (or `t.*`): a prepared statement keeps its result columns, so after a migration adds a column
 * (another replica's, at a rolling upgrade) PostgreSQL would refuse it with "cached plan must not change
 * result type" until the connection closed. Explicit columns do not change.
 */
const STAR = /(\bselect|,)\s*\*|\.\*/i;

const names = new Map<string, string>();

/** The prepared statement's name for a parameterless SELECT, or undefined to run it unnamed. */
function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_STATEMENTS && SELECT.test(text) && !STAR.test(text)) {
    name = `gallery_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool Kysely uses, with every SELECT that has no parameters run as a named (prepared) statement.
 * PostgreSQL plans an unnamed statement on each run, which cost a gallery page more than executing it;
 * a named one without parameters is planned once per connection and its plan kept (a generic plan is
 * exact when there is nothing to bind). User input always travels as parameters, so the parameterless
 * SELECTs are the code's own fixed texts (the gallery's first pages): a small, closed set. Statements
 * with parameters stay unnamed, so each is planned for its values (a rare and a common search differ).
 */
export function withPreparedSelects(pool: Pick<pg.Pool, "connect" | "end">): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapped = clients.get(client);
    if (!wrapped) {
      wrapped = {
        // Kysely's driver keeps one connection object per client, so the same wrapper is handed back each time.
        query: ((textOrQuery: unknown, values?: unknown[]) => {
          if (typeof textOrQuery !== "string") return client.query(textOrQuery as pg.QueryConfig);
          const name = values && values.length > 0 ? undefined : statementName(textOrQuery);
          return name ? client.query({ name, text: textOrQuery, values: [] }) : client.query(textOrQuery, values);
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
      clients.set(client, wrapped);
    }
    return wrapped;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
