import { POSSIBLY_COORDINATED, REPORT_MESSAGES } from "@gallery/schema";
import { describe, expect, vi } from "vitest";
import type { TestApp } from "../support/app.js";
import { createAccount, signInWithToken, signUp, signUpAs, verifyEmail } from "../support/auth.js";
import { test } from "../support/fixtures.js";
import { getAs, trpcQuery } from "../support/requests.js";

/**
 * Issue 36, item 3: one anonymous client hid any SFW listing. A visitor was an HMAC of address and User-Agent, so
 * three "mislabelled" reports with three User-Agents from one address hid a listing (200 -> 404), 15 requests hid 5
 * listings; two accounts made a minute earlier did it too (a member weighed 2), a suspended member still reported,
 * and the hourly cap was bypassed with a new User-Agent per report. Now a visitor is their address, a visitor's
 * report weighs nothing, only members with a verified e-mail and an account at least REPORTS_MIN_ACCOUNT_AGE_DAYS
 * (3) old weigh, one network is one voice, and the queue marks reports from one address or network.
 */

const DAY_MS = 86_400_000;
const userAgent = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.${n}`;

let app: TestApp;
let creatorId: string;
let moderatorCookie: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  const creator = await signUp(app);
  creatorId = creator.user.id;
  const moderator = await signUpAs(app, "admin");
  moderatorCookie = moderator.cookie;
});

/** An SFW listing of the creator's, straight into the database (the reports are what is tested). */
async function listing(title = "Reported Bot") {
  const row = await app.database.db
    .insertInto("chatbots")
    .values({ title, userId: creatorId, polybuzzUrl: "https://www.polybuzz.ai/character/chat/reported", nsfw: false })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A member signed in through the api: by default with the e-mail verified at the provider (the emulator's
 * emailVerified) and an account four days old; `verified: false` or `ageDays: 0` make the weaker kinds.
 */
async function member(options: { verified?: boolean; ageDays?: number } = {}) {
  const created = await createAccount();
  const account = (options.verified ?? true) ? await verifyEmail(created) : created;
  const session = await signInWithToken(app, account.idToken);
  const ageDays = options.ageDays ?? 4;
  if (ageDays > 0) {
    await app.database.db
      .updateTable("users")
      .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) })
      .where("id", "=", session.user.id)
      .execute();
  }
  return session;
}

/** POST /api/reports from an address, with a User-Agent the client picks, as a visitor or with a member's cookie. */
const report = (
  targetId: string,
  from: { address: string; userAgent?: string; cookie?: string },
  reason = "mislabelled",
) =>
  app.inject({
    method: "POST",
    url: "/api/reports",
    remoteAddress: from.address,
    headers: { "user-agent": from.userAgent ?? userAgent(0), ...(from.cookie ? { cookie: from.cookie } : {}) },
    payload: { targetKind: "listing", targetId, reason },
  });

/** What a visitor gets for the listing's page data: 200 while shown, 404 once hidden. */
const visitorSees = async (id: string) => (await getAs(app, `/api/chatbots/${id}`)).statusCode;
const reviewPending = async (id: string) =>
  (await app.database.db.selectFrom("chatbots").select("reviewPending").where("id", "=", id).executeTakeFirstOrThrow())
    .reviewPending;

type QueueItem = { targetId: string; openCount: number; possiblyCoordinated: boolean };
async function queueItem(id: string) {
  const rest = await getAs(app, "/api/admin/queue?limit=100", moderatorCookie);
  expect(rest.statusCode, rest.body).toBe(200);
  const trpc = await trpcQuery(app, "moderation.queue", { limit: 100 }, moderatorCookie);
  expect(trpc.statusCode, trpc.body).toBe(200);
  const overRest = (rest.json() as QueueItem[]).find((item) => item.targetId === id);
  const overTrpc = (trpc.json().result.data.items as QueueItem[]).find((item) => item.targetId === id);
  expect(overTrpc).toEqual(overRest);
  return overRest;
}

describe("visitors' reports reach the queue but hide nothing", () => {
  test("three 'mislabelled' reports with three User-Agents from one address: one reporter, the listing stays shown", async () => {
    const id = await listing();
    const statuses = [];
    for (const n of [1, 2, 3])
      statuses.push((await report(id, { address: "203.0.113.10", userAgent: userAgent(n) })).statusCode);
    // The same address is the same visitor, whatever browser it claims.
    expect(statuses).toEqual([201, 409, 409]);
    expect(await visitorSees(id)).toBe(200);
    expect(await reviewPending(id)).toBe(false);
    // Three real visitors (three networks) are reported to the moderators, and still hide nothing.
    for (const address of ["198.51.100.11", "192.0.2.11"]) expect((await report(id, { address })).statusCode).toBe(201);
    expect(await visitorSees(id)).toBe(200);
    expect(await reviewPending(id)).toBe(false);
    expect((await queueItem(id))?.openCount).toBe(3);
  });

  test("15 requests from one address do not hide 5 listings", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => listing(`Target ${n}`)));
    const statuses: number[] = [];
    for (const id of ids) {
      for (const n of [1, 2, 3]) {
        statuses.push((await report(id, { address: "203.0.113.20", userAgent: userAgent(`${id}-${n}`) })).statusCode);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const id of ids) {
      expect(await visitorSees(id)).toBe(200);
      expect(await reviewPending(id)).toBe(false);
    }
  });
});

describe("members' reports hide a listing before review only from trusted, distinct members", () => {
  test("two accounts made a minute ago, and two old accounts whose e-mail is not verified, do not hide it", async () => {
    const id = await listing();
    const fresh = [await member({ ageDays: 0 }), await member({ ageDays: 0 })];
    const unverified = [await member({ verified: false }), await member({ verified: false })];
    const addresses = ["198.51.100.31", "192.0.2.31", "203.0.113.31", "100.64.0.31"];
    for (const [i, session] of [...fresh, ...unverified].entries()) {
      expect((await report(id, { address: addresses[i]!, cookie: session.cookie })).statusCode).toBe(201);
    }
    expect(await visitorSees(id)).toBe(200);
    expect(await reviewPending(id)).toBe(false);
    expect((await queueItem(id))?.openCount).toBe(4);
  });

  test("two verified members of at least 3 days, from two different networks, hide it", async () => {
    const id = await listing();
    const [first, second] = [await member(), await member()];
    expect((await report(id, { address: "198.51.100.41", cookie: first.cookie })).statusCode).toBe(201);
    // One trusted member is not enough.
    expect(await visitorSees(id)).toBe(200);
    expect((await report(id, { address: "192.0.2.41", cookie: second.cookie })).statusCode).toBe(201);
    await expect.poll(() => visitorSees(id)).toBe(404);
    expect(await reviewPending(id)).toBe(true);
    expect((await queueItem(id))?.possiblyCoordinated).toBe(false);
  });

  test("from one address, or one network, they do not, and the queue marks the listing possibly coordinated", async () => {
    const sameAddress = await listing("Same address");
    const sameNetwork = await listing("Same network");
    const sessions = [await member(), await member()];
    for (const session of sessions) {
      expect((await report(sameAddress, { address: "203.0.113.50", cookie: session.cookie })).statusCode).toBe(201);
    }
    for (const [i, session] of sessions.entries()) {
      expect((await report(sameNetwork, { address: `198.51.100.${51 + i}`, cookie: session.cookie })).statusCode).toBe(
        201,
      );
    }
    for (const id of [sameAddress, sameNetwork]) {
      expect(await visitorSees(id)).toBe(200);
      expect(await reviewPending(id)).toBe(false);
      expect((await queueItem(id))?.possiblyCoordinated).toBe(true);
    }
    expect(POSSIBLY_COORDINATED.label).toBe("Possibly coordinated");
  });

  test("a suspended member's report answers 403 with a clear message, over REST and tRPC", async () => {
    const id = await listing();
    const suspended = await member();
    await app.database.db
      .updateTable("users")
      .set({ suspendedAt: new Date(), suspensionReason: "Spam" })
      .where("id", "=", suspended.user.id)
      .execute();
    const rest = await report(id, { address: "203.0.113.60", cookie: suspended.cookie });
    expect([rest.statusCode, rest.json().message]).toEqual([403, REPORT_MESSAGES.suspended]);
    expect(REPORT_MESSAGES.suspended).toBe("Your account is suspended: you cannot send reports");
    const trpc = await app.inject({
      method: "POST",
      url: "/trpc/moderation.report",
      remoteAddress: "203.0.113.60",
      headers: { "content-type": "application/json", cookie: suspended.cookie },
      payload: JSON.stringify({ targetKind: "listing", targetId: id, reason: "mislabelled" }),
    });
    expect([trpc.statusCode, trpc.json().error.message]).toEqual([403, REPORT_MESSAGES.suspended]);
    expect(await queueItem(id)).toBeUndefined();
  });
});

describe("the hourly cap (REPORTS_PER_HOUR, 10)", () => {
  test("holds per address across User-Agents and accounts, and per member across addresses", async () => {
    const ids = await Promise.all(Array.from({ length: 11 }, (_, n) => listing(`Capped ${n}`)));
    const fromOneAddress: number[] = [];
    for (const [n, id] of ids.entries()) {
      fromOneAddress.push(
        (await report(id, { address: "203.0.113.70", userAgent: userAgent(`cap-${n}`) }, "spam")).statusCode,
      );
    }
    expect(fromOneAddress).toEqual([...Array(10).fill(201), 429]);
    const refused = await report(ids[10]!, { address: "203.0.113.70", userAgent: userAgent("cap-again") }, "spam");
    expect([refused.statusCode, refused.json().message]).toEqual([429, REPORT_MESSAGES.tooMany]);
    // Another account on the same address is the same sender.
    const other = await member();
    expect((await report(ids[10]!, { address: "203.0.113.70", cookie: other.cookie }, "spam")).statusCode).toBe(429);

    // One member, a new address for every report.
    const roaming = await member();
    const fromOneMember: number[] = [];
    for (const [n, id] of ids.entries()) {
      fromOneMember.push((await report(id, { address: `10.${n}.0.1`, cookie: roaming.cookie }, "spam")).statusCode);
    }
    expect(fromOneMember).toEqual([...Array(10).fill(201), 429]);
  });

  test("in the day's first hour, the reports an address sent before midnight still count", async () => {
    // An address's mark changes with the day's salt: just after midnight the last hour's reports carry yesterday's.
    const ids = await Promise.all(Array.from({ length: 11 }, (_, n) => listing(`Midnight ${n}`)));
    const midnight = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    const statuses: number[] = [];
    try {
      vi.useFakeTimers({ toFake: ["Date"], now: midnight - 5 * 60_000 });
      for (const [n, id] of ids.entries()) {
        if (n === 10) vi.setSystemTime(midnight + 5 * 60_000);
        statuses.push(
          (await report(id, { address: "203.0.113.72", userAgent: userAgent(`midnight-${n}`) }, "spam")).statusCode,
        );
      }
    } finally {
      vi.useRealTimers();
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  test("a burst sent at once from one address is held to the cap too: each report waits for the one before", async () => {
    const ids = await Promise.all(Array.from({ length: 14 }, (_, n) => listing(`Burst ${n}`)));
    const statuses = await Promise.all(
      ids.map(
        async (id, n) =>
          (await report(id, { address: "203.0.113.71", userAgent: userAgent(`burst-${n}`) }, "spam")).statusCode,
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});
