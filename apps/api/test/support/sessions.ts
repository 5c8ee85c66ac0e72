import { randomBytes, randomUUID } from "node:crypto";
import { Signer } from "@fastify/cookie";
import pg from "pg";
import type { TestApp } from "./app.js";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A new member's session cookie, made the way a sign-in leaves it (a user row, a session row, the id signed
 * with the server's secret) straight in the database: a test's setup then depends neither on the Auth emulator
 * nor on the server taking requests (sign-in itself is tested in auth*.test.ts).
 */
export async function memberSession(databaseUrl: string, sessionSecret: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Test', 'Member') RETURNING id",
      [`member-${randomUUID()}@example.com`],
    );
    const userId = rows[0]!.id;
    const sid = randomBytes(24).toString("base64url");
    const expires = new Date(Date.now() + WEEK_MS);
    const sess = {
      cookie: { originalMaxAge: WEEK_MS, expires, httpOnly: true, sameSite: "lax", path: "/" },
      userId,
      renewedAt: Date.now(),
    };
    await client.query("INSERT INTO session (sid, sess, expire) VALUES ($1, $2, $3)", [
      sid,
      JSON.stringify(sess),
      expires,
    ]);
    return { userId, cookie: `sid=${encodeURIComponent(new Signer(sessionSecret).sign(sid))}` };
  } finally {
    await client.end();
  }
}

/** The session id a session cookie (`sid=<id>.<signature>`) names. */
export const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;

/** The cookie's session as the store keeps it (a JSON document, or its text): its id and its document. */
export async function storedSession<T = Record<string, unknown>>(app: TestApp, cookie: string) {
  const sid = sessionIdOf(cookie);
  const row = await app.database.db
    .selectFrom("session")
    .select("sess")
    .where("sid", "=", sid)
    .executeTakeFirstOrThrow();
  return { sid, sess: (typeof row.sess === "string" ? JSON.parse(row.sess) : row.sess) as T };
}

/** Writes a session's document straight into the store (to age it, as time would). */
export const storeSession = (app: TestApp, sid: string, sess: unknown) =>
  app.database.db
    .updateTable("session")
    .set({ sess: JSON.stringify(sess) })
    .where("sid", "=", sid)
    .execute();
