/**
 * The words of notifications (issue 38 §3), without zod, so the header's bell and the dashboard's settings show them
 * without loading the schemas. The api renders each notification's line with `notificationText` (tested word for
 * word in apps/api/test/notifications.test.ts).
 */

/** Every kind of notification, in the order the dashboard's settings list them. */
export const NOTIFICATION_KINDS = [
  "newListing",
  "review",
  "reply",
  "reportOutcome",
  "appealOutcome",
  "verificationOutcome",
  "listingModerated",
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** How long a notification is kept (the periodic purge deletes older ones). */
export const NOTIFICATION_KEEP_DAYS = 90;
/** A page of notifications: at most this many (default 20). */
export const NOTIFICATION_PAGE_MAX = 50;
/** Live streams one member may hold open at once (a tab each); the next is refused with 429. */
export const NOTIFICATION_STREAMS_PER_MEMBER = 5;
/** The live stream (server-sent events: `event: unread` with `{"unread": N}`), opened by the web once per tab. */
export const NOTIFICATION_STREAM_PATH = "/api/user/notifications/stream";
/** The stream's one event: the caller's unread count, on connect and whenever it changes. */
export const NOTIFICATION_STREAM_EVENT = "unread";

/** Each kind's label in the dashboard's settings (a switch each, on by default). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKindName, string> = {
  newListing: "A new bot by a creator you follow",
  review: "A review of your bot",
  reply: "A creator's reply to your review",
  reportOutcome: "The outcome of your report",
  appealOutcome: "The outcome of your appeal",
  verificationOutcome: "The outcome of your verification request",
  listingModerated: "A moderator's action on your bot",
};

export const NOTIFICATION_TEXTS = {
  title: "Notifications",
  markAllRead: "Mark all read",
  empty: "No notifications yet",
  notFound: "Notification not found",
  /** The settings' answer to a change of no kind. */
  nothingToChange: "Nothing to change",
  tooManyStreams: `At most ${NOTIFICATION_STREAMS_PER_MEMBER} live notification streams at once: close another tab`,
  /** There is no mail server in the stack: notifications are shown in the app only. */
  noEmail: "Notifications are shown here only: none are sent by e-mail.",
  /** Said in place of a listing's title once it is deleted. */
  removedListing: "a bot that was removed",
  unknownMember: "A member",
  loadMore: "Load more",
  /** Said to assistive technology beside an unread notification. */
  unread: "Unread",
  loadFailed: "Notifications could not be loaded",
  markFailed: "Failed to mark notifications read",
  /** The dashboard's card: what the switches are for. */
  settingsHelp: "Choose what you are told about. Each kind can be turned off.",
  settingsFailed: "Failed to save notification settings",
  settingsLoadFailed: "Notification settings could not be loaded",
} as const;

/** The bell's accessible name: "Notifications", with how many are unread when there are any. */
export const notificationBellLabel = (unread: number): string =>
  unread > 0 ? `${NOTIFICATION_TEXTS.title}, ${unread} unread` : NOTIFICATION_TEXTS.title;

/** What a moderation decision on a listing did to it, in words. */
const DECISION_WORDS: Record<string, string> = {
  hidden: "was hidden by a moderator",
  autoHidden: "was hidden until a moderator reviews its reports",
  restored: "was restored",
  markedNsfw: "was marked NSFW by a moderator",
  edited: "was edited by a moderator",
};

export interface NotificationTextParts {
  kind: NotificationKindName;
  /** The actor's name (their nickname, else their full name, else "A member"). */
  actor: string | null;
  /** The listing's title, or null once it is deleted. */
  listing: string | null;
  outcome: string | null;
}

/** The line a notification shows (the same in the api's answer and wherever the web needs it). */
export function notificationText(parts: NotificationTextParts): string {
  const actor = parts.actor ?? NOTIFICATION_TEXTS.unknownMember;
  const listing = parts.listing === null ? NOTIFICATION_TEXTS.removedListing : `“${parts.listing}”`;
  switch (parts.kind) {
    case "newListing":
      return `${actor} published a new bot: ${listing}`;
    case "review":
      return `${actor} reviewed your bot ${listing}`;
    case "reply":
      return `${actor} replied to your review of ${listing}`;
    case "reportOutcome":
      return parts.listing === null && parts.outcome
        ? `Your report was closed: ${parts.outcome}`
        : `Your report about ${listing} was closed: ${parts.outcome ?? "closed"}`;
    case "appealOutcome":
      return parts.listing === null
        ? `Your appeal was decided: ${parts.outcome ?? "closed"}`
        : `Your appeal about ${listing} was decided: ${parts.outcome ?? "closed"}`;
    case "verificationOutcome":
      return parts.outcome === "approved"
        ? "Your verification request was approved: you are a verified creator"
        : "Your verification request was denied";
    case "listingModerated":
      return `Your bot ${listing} ${DECISION_WORDS[parts.outcome ?? ""] ?? "was changed by a moderator"}`;
  }
}
