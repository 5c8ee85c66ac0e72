// Verified creators (issue 23, item 6): a creator asks, a moderator approves, denies or withdraws, each with one
// audit entry; the mark reaches every listing and the profile; bad input and races answer 4xx, never 5xx.
import {
  type Chatbot,
  type MyVerification,
  type PendingVerification,
  type Profile,
  VERIFICATION_MESSAGES,
  type VerificationRequest,
} from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs, trpcMutation } from "./support/requests.js";

const send = (app: TestApp, method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });

const GOOD = { text: "I made Mira and Kael on Polybuzz.", links: ["https://polybuzz.ai/character/mira"] };

async function moderator(app: TestApp) {
  const session = await signUpAs(app, "admin");
  return session;
}

async function auditOf(app: TestApp, userId: string) {
  return app.database.db
    .selectFrom("auditLog")
    .select(["action", "moderatorId", "targetKind", "after"])
    .where("targetId", "=", userId)
    .orderBy("id")
    .execute();
}

describe("verified creators", () => {
  test("request, approve: the mark reaches the listings, the gallery and the profile", async ({ app }) => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Mira" });
    const mod = await moderator(app);

    expect((await send(app, "GET", "/api/verification", creator.cookie)).json()).toEqual({
      isVerified: false,
      request: null,
    });
    const asked = await send(app, "POST", "/api/verification", creator.cookie, GOOD);
    expect(asked.statusCode).toBe(201);
    const mine = asked.json() as MyVerification;
    expect(mine.request).toMatchObject({ status: "pending", text: GOOD.text, links: GOOD.links, reason: null });

    const pending = await send(app, "GET", "/api/verification/pending?limit=100", mod.cookie);
    expect(pending.statusCode).toBe(200);
    const entry = (pending.json() as PendingVerification[]).find((item) => item.creator.id === creator.user.id);
    expect(entry).toMatchObject({ id: mine.request?.id, text: GOOD.text, creator: { listingCount: 1 } });

    const approved = await send(app, "POST", `/api/verification/${mine.request?.id}/approve`, mod.cookie);
    expect(approved.statusCode).toBe(200);
    expect((approved.json() as VerificationRequest).status).toBe("approved");

    const page = await getAs(app, `/api/chatbots/${listing.id}`);
    expect((page.json() as Chatbot).user?.isVerified).toBe(true);
    const gallery = (await getAs(app, "/api/chatbots?limit=100")).json() as Chatbot[];
    expect(gallery.find((bot) => bot.id === listing.id)?.user?.isVerified).toBe(true);
    expect(((await getAs(app, `/api/users/${creator.user.id}`)).json() as Profile).isVerified).toBe(true);
    expect((await send(app, "GET", "/api/verification", creator.cookie)).json()).toMatchObject({
      isVerified: true,
      request: { status: "approved" },
    });
    expect(await auditOf(app, creator.user.id)).toEqual([
      { action: "verification.approve", moderatorId: mod.user.id, targetKind: "user", after: { status: "approved" } },
    ]);

    const verified = await send(app, "GET", "/api/verification/verified?limit=100", mod.cookie);
    expect(
      (verified.json() as Array<{ id: string; listingCount: number }>).find((c) => c.id === creator.user.id),
    ).toMatchObject({ listingCount: 1 });

    // Asking again while verified is refused.
    const again = await send(app, "POST", "/api/verification", creator.cookie, GOOD);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: VERIFICATION_MESSAGES.alreadyVerified });
  });

  test("deny with a reason the creator sees; then they may ask again", async ({ app }) => {
    const creator = await signUp(app);
    const mod = await moderator(app);
    const { request } = (await send(app, "POST", "/api/verification", creator.cookie, GOOD).then((r) =>
      r.json(),
    )) as MyVerification;

    const noReason = await send(app, "POST", `/api/verification/${request?.id}/deny`, mod.cookie, { reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: VERIFICATION_MESSAGES.reasonRequired });

    const denied = await trpcMutation(
      app,
      "verification.deny",
      { id: request?.id, reason: "Links do not match" },
      mod.cookie,
    );
    expect(denied.statusCode).toBe(200);
    expect((await send(app, "GET", "/api/verification", creator.cookie)).json()).toMatchObject({
      isVerified: false,
      request: { status: "denied", reason: "Links do not match" },
    });
    expect((await auditOf(app, creator.user.id)).map((entry) => entry.action)).toEqual(["verification.deny"]);
    expect((await send(app, "POST", "/api/verification", creator.cookie, GOOD)).statusCode).toBe(201);
  });

  test("withdraw removes the mark with a reason; a second withdraw is 409", async ({ app }) => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Kael" });
    const mod = await moderator(app);
    const { request } = (await send(app, "POST", "/api/verification", creator.cookie, GOOD)).json() as MyVerification;
    await send(app, "POST", `/api/verification/${request?.id}/approve`, mod.cookie);

    const url = `/api/verification/users/${creator.user.id}/withdraw`;
    const withdrawn = await send(app, "POST", url, mod.cookie, { reason: "Bots were not theirs" });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      isVerified: false,
      request: { status: "withdrawn", reason: "Bots were not theirs" },
    });
    expect(((await getAs(app, `/api/chatbots/${listing.id}`)).json() as Chatbot).user?.isVerified).toBe(false);
    expect(((await getAs(app, `/api/users/${creator.user.id}`)).json() as Profile).isVerified).toBe(false);

    const twice = await send(app, "POST", url, mod.cookie, { reason: "again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: VERIFICATION_MESSAGES.notVerified });
    expect((await auditOf(app, creator.user.id)).map((entry) => entry.action)).toEqual([
      "verification.approve",
      "verification.withdraw",
    ]);
  });

  test("bad input, a second pending request and unknown requests are 4xx and change nothing", async ({ app }) => {
    const creator = await signUp(app);
    const mod = await moderator(app);
    const cases: Array<[object, string]> = [
      [{ text: "", links: GOOD.links }, VERIFICATION_MESSAGES.textRequired],
      [{ text: "x".repeat(501), links: GOOD.links }, VERIFICATION_MESSAGES.textTooLong],
      [{ text: GOOD.text, links: [] }, VERIFICATION_MESSAGES.linksRequired],
      [{ text: GOOD.text, links: Array(6).fill(GOOD.links[0]) }, VERIFICATION_MESSAGES.tooManyLinks],
      [{ text: GOOD.text, links: ["javascript:alert(1)"] }, VERIFICATION_MESSAGES.invalidLink],
    ];
    for (const [payload, message] of cases) {
      const response = await send(app, "POST", "/api/verification", creator.cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect((await send(app, "GET", "/api/verification", creator.cookie)).json()).toEqual({
      isVerified: false,
      request: null,
    });

    expect((await send(app, "POST", "/api/verification", creator.cookie, GOOD)).statusCode).toBe(201);
    const second = await send(app, "POST", "/api/verification", creator.cookie, GOOD);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: VERIFICATION_MESSAGES.alreadyPending });

    const unknown = await send(
      app,
      "POST",
      "/api/verification/00000000-0000-4000-8000-000000000000/approve",
      mod.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: VERIFICATION_MESSAGES.requestNotFound });

    // Members cannot decide; visitors cannot ask.
    expect((await send(app, "GET", "/api/verification/pending", creator.cookie)).statusCode).toBe(403);
    expect((await send(app, "POST", "/api/verification", undefined, GOOD)).statusCode).toBe(401);
  });

  test("two moderators deciding one request at once: one 2xx, the others 409, one audit entry", async ({ app }) => {
    const creator = await signUp(app);
    const mods = [await moderator(app), await moderator(app), await moderator(app)];
    const { request } = (await send(app, "POST", "/api/verification", creator.cookie, GOOD)).json() as MyVerification;
    const answers = await Promise.all(
      mods.map((mod, index) =>
        index % 2 === 0
          ? send(app, "POST", `/api/verification/${request?.id}/approve`, mod.cookie)
          : send(app, "POST", `/api/verification/${request?.id}/deny`, mod.cookie, { reason: "No" }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ message: VERIFICATION_MESSAGES.alreadyDecided });
    }
    expect(await auditOf(app, creator.user.id)).toHaveLength(1);
  });

  test("asking, approving and withdrawing one creator at once: never a 5xx, one audit entry per success", async ({
    app,
  }) => {
    const creator = await signUp(app);
    const [first, second] = [await moderator(app), await moderator(app)];
    const { request } = (await send(app, "POST", "/api/verification", creator.cookie, GOOD)).json() as MyVerification;
    const [approveA, approveB, askAgain, withdraw] = await Promise.all([
      send(app, "POST", `/api/verification/${request?.id}/approve`, first.cookie),
      send(app, "POST", `/api/verification/${request?.id}/approve`, second.cookie),
      send(app, "POST", "/api/verification", creator.cookie, GOOD),
      send(app, "POST", `/api/verification/users/${creator.user.id}/withdraw`, second.cookie, { reason: "Race" }),
    ]);
    const answers = [approveA, approveB, askAgain, withdraw];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect([approveA, approveB].filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const decided = [approveA, approveB, withdraw].filter((answer) => answer.statusCode === 200).length;
    expect(await auditOf(app, creator.user.id)).toHaveLength(decided);
  });

  test("two requests at once: one pending request, the other 409", async ({ app }) => {
    const creator = await signUp(app);
    const answers = await Promise.all(
      [1, 2, 3].map(() => send(app, "POST", "/api/verification", creator.cookie, GOOD)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
