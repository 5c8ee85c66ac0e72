import { expect } from "vitest";
import type { TestApp } from "./app.js";
import { freshAddress, getAs, sendJson } from "./requests.js";

type TargetKind = "listing" | "profile";

/**
 * A visitor's report of the target, then a moderator's action on it from the queue (POST /api/admin/queue/actions),
 * as the moderation page sends them: the way a listing gets hidden or a creator suspended.
 */
export async function moderate(
  app: TestApp,
  moderatorCookie: string,
  target: { kind: TargetKind; id: string },
  action: "hide" | "suspend",
) {
  const reported = { targetKind: target.kind, targetId: target.id };
  const acted = await reportThenAct(app, moderatorCookie, reported, action, "Breaks the rules");
  expect(acted.statusCode).toBe(200);
}

/**
 * A visitor's report of the target (visitorReport; a member's with `reporterCookie`), then the moderator's action on
 * it: the action's answer.
 */
export async function reportThenAct(
  app: TestApp,
  moderatorCookie: string,
  target: { targetKind: TargetKind; targetId: string },
  action: string,
  reason?: string,
  reporterCookie?: string,
) {
  await visitorReport(app, target.targetKind, target.targetId, reporterCookie);
  return queueAction(app, moderatorCookie, { ...target, action, ...(reason ? { reason } : {}) });
}

/** A moderator's action from the queue (POST /api/admin/queue/actions) with the cookie: the answer as it comes. */
export const queueAction = (app: TestApp, cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/admin/queue/actions", headers: { cookie }, payload });

/**
 * A visitor's report (reason spam), each from an address of its own (a visitor is their address): 201. With a cookie,
 * the report of that member (who may see what a visitor may not, an NSFW listing).
 */
export async function visitorReport(app: TestApp, targetKind: TargetKind, targetId: string, cookie?: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/reports",
    remoteAddress: freshAddress(),
    headers: cookie ? { cookie } : {},
    payload: { targetKind, targetId, reason: "spam" },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The audit log's entries about a target, newest first, as the cookie's super admin reads them. */
export const auditEntries = async <Entry>(app: TestApp, superAdminCookie: string, targetId: string) =>
  (await getAs(app, `/api/admin/audit-log?targetId=${targetId}`, superAdminCookie)).json() as Entry[];

/** What the cookie's member is told of moderators' decisions (GET /api/user/moderation). */
export const moderationNotices = async (app: TestApp, cookie: string) =>
  (await getAs(app, "/api/user/moderation", cookie)).json();

/** What the cookie's member is told of the decision about their listing (its `decision`, with the id an appeal names). */
export const listingNotice = async (app: TestApp, cookie: string, chatbotId: string) =>
  (await moderationNotices(app, cookie)).listings.find((entry: { chatbotId: string }) => entry.chatbotId === chatbotId);

/** A creator asks to be verified (POST /api/verification, 201), as the Get verified card sends it: the request's id. */
export async function requestVerification(app: TestApp, creatorCookie: string) {
  const asked = await sendJson(
    app,
    "POST",
    "/api/verification",
    { text: "I made these bots on Polybuzz.", links: ["https://polybuzz.ai/character/mine"] },
    creatorCookie,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  return (asked.json() as { request: { id: string } }).request.id;
}
