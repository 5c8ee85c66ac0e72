import { randomBytes, randomUUID } from "node:crypto";
import { Signer } from "@fastify/cookie";
import type { AnyCall } from "../../src/calls/call.js";
import { calls } from "../../src/calls/index.js";
import type { TestApp } from "./app.js";
import { ADULT_BIRTH_DATE } from "./auth.js";

/** Every call shared by an audience (not only kept for the session that asked: `self`), by its tRPC path. */
export const sharedReads = Object.entries(calls).flatMap(([namespace, group]) =>
  Object.entries(group as Record<string, AnyCall>)
    .filter(([, call]) => call.sharing?.by.some((audience) => audience !== "self"))
    .map(([name, call]) => ({ path: `${namespace}.${name}`, call })),
);

/**
 * A signed session cookie for a user, written straight into the session table: many viewers without a sign-in
 * each (the test app's SESSION_SECRET signs it).
 */
export async function sessionFor(app: TestApp, userId: string, secret: string): Promise<string> {
  const sid = randomBytes(24).toString("base64url");
  const expires = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  const sess = { cookie: { expires, httpOnly: true, sameSite: "lax", path: "/" }, userId, renewedAt: Date.now() };
  await app.database.db
    .insertInto("session")
    .values({ sid, sess: JSON.stringify(sess), expire: expires })
    .execute();
  return `sid=${encodeURIComponent(new Signer(secret).sign(sid))}`;
}

/**
 * A member written straight into the users table (approved, `name@example.com`; `fields` set the other columns a
 * test needs, such as an account age no call can give) with a session cookie signed with the app's `secret`: many
 * members fast, without the Auth emulator.
 */
export async function insertMember(app: TestApp, secret: string, name: string, fields: Record<string, unknown> = {}) {
  const { id } = await app.database.db
    .insertInto("users")
    .values({ email: `${name}@example.com`, isApproved: true, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, name, cookie: await sessionFor(app, id, secret) };
}
export type InsertedMember = Awaited<ReturnType<typeof insertMember>>;

/**
 * A member who may review (issue 38), written straight into the table (insertMember): an adult with a verified
 * e-mail, an account `hoursOld` hours old, and a fresh nickname as their shown name.
 */
export function insertReviewer(app: TestApp, secret: string, hoursOld: number, fields: Record<string, unknown> = {}) {
  const name = `m${randomUUID().slice(0, 8)}`;
  return insertMember(app, secret, name, {
    nickname: name,
    emailVerified: true,
    birthDate: ADULT_BIRTH_DATE,
    createdAt: new Date(Date.now() - hoursOld * 3_600_000),
    ...fields,
  });
}

/**
 * The creator with the most listings in a series, and one series of theirs: the seeded gallery's series and profile
 * reads (shared-copies-contract.test.ts, viewer-keys.test.ts).
 */
export async function largestSeries(db: TestApp["database"]["db"]) {
  const creator = await db
    .selectFrom("chatbots")
    .select("userId")
    .where("storySeries", "is not", null)
    .groupBy("userId")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .executeTakeFirstOrThrow();
  const series = await db
    .selectFrom("chatbots")
    .select(["storySeries", "userId"])
    .where("userId", "=", creator.userId)
    .where("storySeries", "is not", null)
    .executeTakeFirstOrThrow();
  return { creator, series };
}
