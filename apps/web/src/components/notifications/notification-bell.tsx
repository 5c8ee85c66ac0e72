import { notificationBellLabel } from "@gallery/schema/notifications-texts";
import { Button } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTRPC } from "../../lib/trpc";

// The panel (a Radix dialog and the list) loads when first opened, to keep it out of the first paint.
const NotificationPanel = lazy(() =>
  import("./notification-panel").then((module) => ({ default: module.NotificationPanel })),
);

/** What the badge shows: the count, or "99+" past it. */
const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

/**
 * The header's bell (issue 38 §3), for a signed-in member: the unread count as a badge (the server's number, kept
 * live by useNotificationStream), opening the notifications panel.
 */
export function NotificationBell() {
  const trpc = useTRPC();
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions()).data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={notificationBellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-none text-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onOpenChange={setOpen} unread={unread} />
        </Suspense>
      )}
    </>
  );
}
