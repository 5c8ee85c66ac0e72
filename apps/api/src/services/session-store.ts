import type { SessionStore } from "@fastify/session";
import type { Database } from "@gallery/db";
import { type Kysely, sql } from "kysely";

/** The session cookie's name. */
export const SESSION_COOKIE = "sid";

type Callback = (error?: unknown, result?: any) => void;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions a sign-in has just started (plugins/external/session.ts): the only ones a save may add to the table. */
const startedSessions = new WeakSet<object>();

/** Marks a session as started by a sign-in, so its first save stores it. */
export function markSessionStarted(session: object): void {
  startedSessions.add(session);
}

/**
 * Ends every server session of a member (sign out everywhere; an account deleted): each of their cookies is
 * refused from the next request on. A request of theirs in flight cannot store its session again (see set()).
 */
export async function endSessionsOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("session").where(sql<boolean>`sess::jsonb ->> 'userId' = ${userId}`).execute();
}

/** Keeps sessions in the `session` table (sid, sess, expire), so any api instance can serve any user. */
export class KyselySessionStore implements SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a session. Only one a sign-in has just started is added; any other save (a renewal, a recheck at the
   * identity provider) updates its row and nothing else, so a session ended meanwhile (sign out everywhere, by a
   * moderator) is not brought back by a request that read it before.
   */
  set(sid: string, session: any, callback: Callback): void {
    const expire = new Date(session?.cookie?.expires ?? Date.now() + DAY_MS);
    const sess = JSON.stringify(session);
    const started = typeof session === "object" && session !== null && startedSessions.delete(session);
    const write = started
      ? this.db
          .insertInto("session")
          .values({ sid, sess, expire })
          .onConflict((oc) => oc.column("sid").doUpdateSet({ sess, expire }))
      : this.db.updateTable("session").set({ sess, expire }).where("sid", "=", sid);
    write.execute().then(() => callback(), callback);
  }

  get(sid: string, callback: Callback): void {
    this.db
      .selectFrom("session")
      .select("sess")
      .where("sid", "=", sid)
      .where("expire", ">", new Date())
      .executeTakeFirst()
      .then(
        (row) => callback(undefined, row ? (typeof row.sess === "string" ? JSON.parse(row.sess) : row.sess) : null),
        callback,
      );
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom("session")
      .where("sid", "=", sid)
      .execute()
      .then(() => callback(), callback);
  }

  /** Expired rows are removed now and then rather than on every request. */
  async prune(): Promise<void> {
    await this.db.deleteFrom("session").where("expire", "<", new Date()).execute();
  }
}
