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
  const reported = await app.inject({
    method: "POST",
    url: "/api/reports",
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) ModerationTest/1" },
    payload: { targetKind: target.kind, targetId: target.id, reason: "spam" },
  });
  expect(reported.statusCode).toBeLessThan(300);
  const acted = await queueAction(app, moderatorCookie, {
    targetKind: target.kind,
    targetId: target.id,
    action,
    reason: "Breaks the rules",
  });
  expect(acted.statusCode).toBe(200);
}

/** A moderator's action from the queue (POST /api/admin/queue/actions) with the cookie: the answer as it comes. */
export const queueAction = (app: TestApp, cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/admin/queue/actions", headers: { cookie }, payload });

/** A visitor's report (reason spam), each from an address of its own (a visitor is their address): 201. */
export async function visitorReport(app: TestApp, targetKind: TargetKind, targetId: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/reports",
    remoteAddress: freshAddress(),
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
