import type { SessionStore } from "@fastify/session";
import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";

/** The session cookie's name. */
export const SESSION_COOKIE = "sid";

type Callback = (error?: unknown, result?: any) => void;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps sessions in the `session` table (sid, sess, expire), so any api instance can serve any user. */
export class KyselySessionStore implements SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  set(sid: string, session: any, callback: Callback): void {
    const expire = new Date(session?.cookie?.expires ?? Date.now() + DAY_MS);
    this.db
      .insertInto("session")
      .values({ sid, sess: JSON.stringify(session), expire })
      .onConflict((oc) => oc.column("sid").doUpdateSet({ sess: JSON.stringify(session), expire }))
      .execute()
      .then(() => callback(), callback);
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
