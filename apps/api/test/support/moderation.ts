import { expect } from "vitest";
import type { TestApp } from "./app.js";

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
  const acted = await app.inject({
    method: "POST",
    url: "/api/admin/queue/actions",
    headers: { cookie: moderatorCookie },
    payload: { targetKind: target.kind, targetId: target.id, action, reason: "Breaks the rules" },
  });
  expect(acted.statusCode).toBe(200);
}
