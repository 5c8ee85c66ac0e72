import { z } from "zod";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_MAX,
  NOTIFICATION_TEXTS,
  type NotificationKindName,
} from "./notifications-texts.js";

export * from "./notifications-texts.js";

/** Notifications (issue 38 §3): a member's own, never in a shared copy. The texts are in notifications-texts.ts. */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({ id: "NotificationKind" });

export const notificationListInputSchema = z.object({
  limit: z.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, { error: "Invalid cursor" })
    .optional()
    .meta({ description: "The last notification's id of the previous page (its `nextCursor`)." }),
});

export const notificationIdInputSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: NOTIFICATION_TEXTS.notFound }),
});

/** One notification: its line in words, where it leads, and the ids it is about. */
export const notificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    text: z.string().meta({ description: "The line to show, in words (notificationText)." }),
    link: z.string().nullable().meta({ description: "The app's path it leads to, or null (e.g. a deleted bot)." }),
    createdAt: z.string(),
    read: z.boolean(),
    actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    listingId: z.uuid().nullable(),
    reviewId: z.uuid().nullable(),
    outcome: z.string().nullable(),
  })
  .meta({ id: "Notification" });
export type NotificationItem = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() }).meta({ id: "NotificationUnreadCount" });

/** Each kind on (true) or turned off (false). */
export const notificationSettingsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      NotificationKindName,
      z.ZodBoolean
    >,
  )
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A change of some kinds: the kinds left out stay as they are. */
export const notificationSettingsInputSchema = notificationSettingsSchema
  .partial()
  .strict()
  .refine((kinds) => Object.keys(kinds).length > 0, { error: NOTIFICATION_TEXTS.nothingToChange });
