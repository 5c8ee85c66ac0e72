import { randomUUID } from "node:crypto";
import type { NotificationItem } from "@gallery/schema";
import { expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { sendJson, trpcQuery } from "./support/requests.js";
import { insertMember } from "./support/shared-reads.js";

/**
 * A member's notifications with the response cache on (RESPONSE_CACHE_SECONDS at its default; notifications.test.ts
 * turns it off): marking read and turning a kind off write tables outside the copies' watch, so no copy of the list,
 * the count or the settings may be kept, even for the member's own session: each read after a change shows it at once
 * (the web's panel reads the list again right after "Mark all read").
 */

const SESSION_SECRET = "a-session-secret-for-the-notification-copies-test";
test.override("appEnv", { SESSION_SECRET, RATE_LIMIT_WRITES: "10000" });

const newMember = (app: TestApp) => {
  const name = `c${randomUUID().slice(0, 8)}`;
  return insertMember(app, SESSION_SECRET, name, { nickname: name, emailVerified: true, birthDate: "1990-01-01" });
};

const read = async <T>(app: TestApp, cookie: string, url: string) => {
  const response = await app.inject({ method: "GET", url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

test("marked read, all read and a kind turned off show at once in the next read, on both transports", async ({
  app,
}) => {
  const [creator, follower] = await Promise.all([newMember(app), newMember(app)]);
  const followed = await app.inject({
    method: "PUT",
    url: `/api/user/follows/${creator.id}`,
    headers: { cookie: follower.cookie },
  });
  expect(followed.statusCode, followed.body).toBe(200);
  await createListing(app, creator.cookie, { title: "Copy One" });
  await createListing(app, creator.cookie, { title: "Copy Two" });

  const list = () => read<NotificationItem[]>(app, follower.cookie, "/api/user/notifications");
  const count = () => read<{ unread: number }>(app, follower.cookie, "/api/user/notifications/unread-count");
  const trpcCount = async () =>
    (await trpcQuery(app, "notifications.unreadCount", undefined, follower.cookie)).json().result.data.unread;
  // Read twice each: a copy, if one were kept, would be made by now.
  for (let n = 0; n < 2; n++) {
    expect((await list()).map((item) => item.read)).toEqual([false, false]);
    expect(await count()).toEqual({ unread: 2 });
    expect(await trpcCount()).toBe(2);
  }

  const [newest] = await list();
  const marked = await sendJson(app, "PUT", `/api/user/notifications/${newest!.id}/read`, undefined, follower.cookie);
  expect(marked.statusCode, marked.body).toBe(200);
  expect((await list()).map((item) => item.read)).toEqual([true, false]);
  expect(await count()).toEqual({ unread: 1 });
  expect(await trpcCount()).toBe(1);

  const all = await sendJson(app, "PUT", "/api/user/notifications/read-all", undefined, follower.cookie);
  expect(all.statusCode, all.body).toBe(200);
  expect((await list()).map((item) => item.read)).toEqual([true, true]);
  expect(await count()).toEqual({ unread: 0 });
  expect(await trpcCount()).toBe(0);

  const settings = () => read<Record<string, boolean>>(app, follower.cookie, "/api/user/notification-settings");
  expect((await settings()).newListing).toBe(true);
  const off = await sendJson(app, "PUT", "/api/user/notification-settings", { newListing: false }, follower.cookie);
  expect(off.statusCode, off.body).toBe(200);
  expect((await settings()).newListing).toBe(false);
});
