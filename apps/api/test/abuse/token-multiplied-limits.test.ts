import { API_TOKEN_MESSAGES } from "@gallery/schema";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { signUp } from "../support/auth.js";
import { test } from "../support/fixtures.js";
import { trpcMutation } from "../support/requests.js";

/**
 * Issue 36 item 6: each API token had its own limit (300 a minute) and a member could hold any number of them, so
 * one member got 1,020 writes accepted in a minute against the documented 120. Now a member holds at most 10 live
 * tokens, and their writes count against ONE budget whatever carries them (their cookie or any token, REST or tRPC).
 */
const WRITES = 5;
const MAX_TOKENS = 10;
test.override("appEnv", { RATE_LIMIT_WRITES: String(WRITES) });

const NO_SUCH_LISTING = "00000000-0000-4000-8000-000000000000";
const TOO_MANY = /^Too many requests, please try again in \d+ seconds$/;

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

/** A new minute for every budget (as the window's end would), so a test's set-up spends none of what it checks. */
const newMinute = () => sql`DELETE FROM rate_limits`.execute(app.database.db);

async function createToken(cookie: string, scope: "read" | "write" = "write") {
  await newMinute();
  return trpcMutation(app, "apiTokens.create", { name: `script ${scope}`, scope, expiresInDays: null }, cookie);
}
const secretOf = async (cookie: string) => {
  const answer = await createToken(cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.data.secret as string;
};

/** One write (deleting a listing that does not exist: 404 until over the limit) as `caller`, over a transport. */
function write(caller: { cookie?: string; token?: string }, over: "rest" | "trpc") {
  const who = caller.token ? { authorization: `Bearer ${caller.token}` } : { cookie: caller.cookie! };
  return over === "rest"
    ? app.inject({ method: "DELETE", url: `/api/chatbots/${NO_SUCH_LISTING}`, headers: who })
    : app.inject({
        method: "POST",
        url: "/trpc/chatbots.delete",
        headers: { ...who, "content-type": "application/json" },
        payload: JSON.stringify({ id: NO_SUCH_LISTING }),
      });
}

describe("live API tokens per member", () => {
  test(`the ${MAX_TOKENS + 1}th live token is refused with 409 and a clear message`, async () => {
    const member = await signUp(app);
    for (let i = 0; i < MAX_TOKENS; i++) expect((await createToken(member.cookie)).statusCode).toBe(200);
    const refused = await createToken(member.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: API_TOKEN_MESSAGES.tooManyTokens(MAX_TOKENS),
      data: { code: "CONFLICT" },
    });
    // An expired token is no longer live: its place may be taken.
    const oldest = await app.database.db
      .selectFrom("apiTokens")
      .select("id")
      .where("userId", "=", member.user.id)
      .orderBy("createdAt")
      .executeTakeFirstOrThrow();
    await app.database.db
      .updateTable("apiTokens")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", oldest.id)
      .execute();
    expect((await createToken(member.cookie)).statusCode).toBe(200);
    expect((await createToken(member.cookie)).statusCode).toBe(409);
    // Another member has their own ten.
    const other = await signUp(app);
    expect((await createToken(other.cookie)).statusCode).toBe(200);
  });

  test("creates at once never pass the cap together", async () => {
    const member = await signUp(app);
    for (let i = 0; i < MAX_TOKENS - 2; i++) expect((await createToken(member.cookie)).statusCode).toBe(200);
    await newMinute();
    const answers = await Promise.all(
      // Four, within the minute's write budget: only the cap may refuse them.
      Array.from({ length: 4 }, (_, i) =>
        trpcMutation(app, "apiTokens.create", { name: `race ${i}`, scope: "read", expiresInDays: null }, member.cookie),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const live = await app.database.db
      .selectFrom("apiTokens")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("userId", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(MAX_TOKENS);
  });
});

describe("one write budget per member", () => {
  test("the cookie and every token share it, on REST and tRPC: the 6th write by any of them is 429", async () => {
    const member = await signUp(app);
    const tokens = [await secretOf(member.cookie), await secretOf(member.cookie), await secretOf(member.cookie)];
    await newMinute();
    // Five writes spread over the session and three tokens, both transports: each within the one budget.
    const spread = [
      await write({ cookie: member.cookie }, "rest"),
      await write({ token: tokens[0] }, "trpc"),
      await write({ token: tokens[1] }, "rest"),
      await write({ token: tokens[2] }, "trpc"),
      await write({ cookie: member.cookie }, "trpc"),
    ];
    expect(spread.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);

    // The sixth, through a token not used yet this minute, over REST: refused, saying how long to wait.
    const rest = await write({ token: tokens[0] }, "rest");
    expect(rest.statusCode).toBe(429);
    expect(rest.json().message).toMatch(TOO_MANY);
    expect(Number(rest.headers["retry-after"])).toBeGreaterThan(0);
    // Over tRPC, by another token and by the cookie: the same.
    for (const caller of [{ token: tokens[1] }, { cookie: member.cookie }]) {
      const trpc = await write(caller, "trpc");
      expect(trpc.statusCode).toBe(429);
      expect(trpc.json().error).toMatchObject({
        message: expect.stringMatching(TOO_MANY),
        data: { code: "TOO_MANY_REQUESTS" },
      });
      expect(Number(trpc.headers["retry-after"])).toBeGreaterThan(0);
    }
    // A new token changes nothing (its creation is itself a write: refused too).
    const more = await trpcMutation(app, "apiTokens.create", { name: "one more", scope: "write" }, member.cookie);
    expect(more.statusCode).toBe(429);

    // Another member's budget is their own.
    const other = await signUp(app);
    expect((await write({ cookie: other.cookie }, "rest")).statusCode).toBe(404);
  });

  test("a tRPC batch counts each of its writes", async () => {
    const member = await signUp(app);
    const token = await secretOf(member.cookie);
    await newMinute();
    const calls = Array.from({ length: WRITES + 2 }, () => "chatbots.delete").join(",");
    const input = Object.fromEntries(Array.from({ length: WRITES + 2 }, (_, i) => [i, { id: NO_SUCH_LISTING }]));
    const batch = await app.inject({
      method: "POST",
      url: `/trpc/${calls}?batch=1`,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: JSON.stringify(input),
    });
    const codes = (batch.json() as Array<{ error?: { data: { code: string } } }>).map(
      (answer) => answer.error?.data.code,
    );
    expect(codes.filter((code) => code === "NOT_FOUND")).toHaveLength(WRITES);
    expect(codes.filter((code) => code === "TOO_MANY_REQUESTS")).toHaveLength(2);
    expect(Number(batch.headers["retry-after"])).toBeGreaterThan(0);
    // The member's cookie is out of writes too.
    expect((await write({ cookie: member.cookie }, "rest")).statusCode).toBe(429);
  });

  test("reads made with tokens count per member too, never per token; a session's reads never", async () => {
    const member = await signUp(app);
    const tokens = [await secretOf(member.cookie), await secretOf(member.cookie)];
    await newMinute();
    const limit = app.config.rateLimit.apiToken;
    // Lowered for this test through the table: the member has spent all but one read of this minute.
    await sql`INSERT INTO rate_limits (key, hits, expires_at)
      VALUES (${`token-reads member:${member.user.id}`}, ${limit - 1}, now() + interval '1 minute')`.execute(
      app.database.db,
    );
    const read = (token: string) =>
      app.inject({ method: "GET", url: "/api/user/settings", headers: { authorization: `Bearer ${token}` } });
    expect((await read(tokens[0]!)).statusCode).toBe(200);
    const refused = await read(tokens[1]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
    const trpc = await app.inject({
      method: "GET",
      url: "/trpc/auth.user",
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(trpc.statusCode).toBe(429);
    const session = await app.inject({ method: "GET", url: "/api/user/settings", headers: { cookie: member.cookie } });
    expect(session.statusCode).toBe(200);
  });
});
