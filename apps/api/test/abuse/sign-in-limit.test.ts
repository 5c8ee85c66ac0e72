import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { createAccount } from "../support/auth.js";
import { test } from "../support/fixtures.js";

/**
 * Issue 36 item 7: REST /api/auth/verify answered twenty 200s then 429s, while tRPC auth.verify from the same
 * address answered forty 200s (it counted as an ordinary write). The sign-in limit is declared once, on the call,
 * and holds per address over both transports together, each call of a tRPC batch counted.
 */
const LIMIT = 4;
test.override("appEnv", { RATE_LIMIT_SIGNIN: String(LIMIT) });
const TOO_MANY = /^Too many requests, please try again in \d+ seconds$/;

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});
test.beforeEach(async () => {
  await sql`DELETE FROM rate_limits`.execute(app.database.db);
});

/** A sign-in attempt from `address` (a real client is its address: request.ip). */
const restVerify = (idToken: string, address: string) =>
  app.inject({ method: "POST", url: "/api/auth/verify", payload: { idToken }, remoteAddress: address });
const trpcVerify = (idToken: string, address: string) =>
  app.inject({
    method: "POST",
    url: "/trpc/auth.verify",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ idToken }),
    remoteAddress: address,
  });
function trpcBatch(count: number, address: string) {
  const paths = Array.from({ length: count }, () => "auth.verify").join(",");
  const input = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { idToken: `not-a-token-${i}` }]));
  return app.inject({
    method: "POST",
    url: `/trpc/${paths}?batch=1`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(input),
    remoteAddress: address,
  });
}

describe("sign-in is limited per address, REST and tRPC together", () => {
  test("tRPC auth.verify is refused once the address has used its sign-ins, wherever they went", async () => {
    const address = "198.51.100.7";
    // Real accounts: a sign-in that succeeds counts as one that fails.
    const first = await restVerify((await createAccount()).idToken, address);
    expect(first.statusCode).toBe(200);
    const second = await trpcVerify((await createAccount()).idToken, address);
    expect(second.statusCode).toBe(200);
    expect((await restVerify("not-a-token", address)).statusCode).toBe(401);
    expect((await trpcVerify("not-a-token", address)).statusCode).toBe(401);

    const trpc = await trpcVerify((await createAccount()).idToken, address);
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json().error).toMatchObject({
      message: expect.stringMatching(TOO_MANY),
      data: { code: "TOO_MANY_REQUESTS" },
    });
    expect(Number(trpc.headers["retry-after"])).toBeGreaterThan(0);
    const rest = await restVerify("not-a-token", address);
    expect(rest.statusCode).toBe(429);
    expect(rest.json().message).toMatch(TOO_MANY);
    expect(Number(rest.headers["retry-after"])).toBeGreaterThan(0);

    // Another address has its own sign-ins.
    expect((await trpcVerify("not-a-token", "198.51.100.8")).statusCode).toBe(401);
  });

  test("a tRPC batch counts each of its calls", async () => {
    const address = "198.51.100.9";
    const batch = await trpcBatch(LIMIT + 3, address);
    const codes = (batch.json() as Array<{ error?: { data: { code: string } } }>).map(
      (answer) => answer.error?.data.code,
    );
    expect(codes.filter((code) => code === "UNAUTHORIZED")).toHaveLength(LIMIT);
    expect(codes.filter((code) => code === "TOO_MANY_REQUESTS")).toHaveLength(3);
    expect(Number(batch.headers["retry-after"])).toBeGreaterThan(0);
    // The REST route is out of sign-ins too, for this address.
    expect((await restVerify("not-a-token", address)).statusCode).toBe(429);
  });

  test("addresses of one IPv6 /64 are one client", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++)
      statuses.push((await trpcVerify("not-a-token", `2001:db8:7:9::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
    expect((await restVerify("not-a-token", "2001:db8:7:a::1")).statusCode).toBe(401);
  });

  test("forty attempts over tRPC (the demonstrated run) get no more than the limit past", async () => {
    const address = "198.51.100.10";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await trpcVerify(`not-a-token-${i}`, address)).statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((status) => status === 429)).toBe(true);
  });
});
