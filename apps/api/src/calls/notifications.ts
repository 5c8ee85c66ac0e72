import {
  NOTIFICATION_KEEP_DAYS,
  notificationIdInputSchema,
  notificationListInputSchema,
  notificationSchema,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from "@gallery/schema";
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationSettings,
  unreadCount,
  updateNotificationSettings,
} from "../domain/members/notifications.js";
import { mutation, pageOf, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/**
 * Notifications (issue 38 §3; domain/members/notifications.ts): every answer is the caller's own; another member's
 * notification is 404 as an unknown one. No read declares `sharing`, so none is kept even for the caller's own
 * session: marking read and the settings write tables outside the copies' watch (changes.ts UNWATCHED), so a copy
 * would show a notification unread, or a kind on, for up to RESPONSE_CACHE_SECONDS after it changed. Live: GET /api/user/notifications/stream (http/notification-stream.ts)
 * sends the unread count as it changes. Reads count against `read`, changes against `write` (declared on each).
 */
export const notificationsCalls = {
  /** The caller's notifications, newest first: each with its line in words and where it leads. */
  list: query({
    access: "member",
    input: notificationListInputSchema,
    output: pageOf(notificationSchema),
    paged: true,
    limit: "read",
    run: listNotifications,
    rest: rest({
      method: "GET",
      path: "/user/notifications",
      operationId: "listNotifications",
      summary: "The caller's notifications, newest first",
      description: `Kept ${NOTIFICATION_KEEP_DAYS} days. The next page is linked in the Link header. No notification is sent by e-mail.`,
      tag: "members",
      query: fromQuery(notificationListInputSchema),
    }),
  }),

  /** The bell's number. */
  unreadCount: query({
    access: "member",
    output: unreadCountSchema,
    limit: "read",
    run: unreadCount,
    rest: rest({
      method: "GET",
      path: "/user/notifications/unread-count",
      operationId: "countUnreadNotifications",
      summary: "How many of the caller's notifications are unread",
      tag: "members",
    }),
  }),

  /** Opened: marked read (idempotent). Answers the unread count after it. */
  markRead: mutation({
    access: "member",
    input: notificationIdInputSchema,
    output: unreadCountSchema,
    limit: "write",
    run: markRead,
    rest: rest({
      method: "PUT",
      path: "/user/notifications/:id/read",
      operationId: "markNotificationRead",
      summary: "Mark one of the caller's notifications read",
      description: "Idempotent. Another member's or an unknown notification is 404 'Notification not found'.",
      tag: "members",
      params: notificationIdInputSchema,
      errors: [404],
    }),
  }),

  /** "Mark all read". Answers the unread count after it (0 unless one arrived meanwhile). */
  markAllRead: mutation({
    access: "member",
    output: unreadCountSchema,
    limit: "write",
    run: markAllRead,
    rest: rest({
      method: "PUT",
      path: "/user/notifications/read-all",
      operationId: "markAllNotificationsRead",
      summary: "Mark all the caller's notifications read",
      tag: "members",
    }),
  }),

  /** Which kinds the caller receives (the dashboard's switches). */
  settings: query({
    access: "member",
    output: notificationSettingsSchema,
    limit: "read",
    run: notificationSettings,
    rest: rest({
      method: "GET",
      path: "/user/notification-settings",
      operationId: "getNotificationSettings",
      summary: "Which kinds of notification the caller receives",
      description: "Every kind is on until turned off.",
      tag: "members",
    }),
  }),

  /** Turns kinds on or off: the kinds left out stay as they are. */
  updateSettings: mutation({
    access: "member",
    input: notificationSettingsInputSchema,
    output: notificationSettingsSchema,
    limit: "write",
    run: updateNotificationSettings,
    rest: rest({
      method: "PUT",
      path: "/user/notification-settings",
      operationId: "updateNotificationSettings",
      summary: "Turn kinds of notification on or off",
      description: "The kinds left out stay as they are; none given is 400 'Nothing to change'.",
      tag: "members",
      body: notificationSettingsInputSchema,
    }),
  }),
};
