import { NOTIFICATION_STREAM_EVENT, NOTIFICATION_STREAM_PATH } from "@gallery/schema/notifications-texts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../../auth/use-auth";
import { useTRPC } from "../../lib/trpc";

/**
 * The live unread count (issue 38 §3): while a member is signed in, one EventSource per tab to the server's stream
 * (mounted once, in the app layout). Each `unread` event is the server's count: it replaces the bell's number and
 * marks the list stale (refetched if the panel is open); a count still being read is dropped. Closed on sign-out, on another member's sign-in and on
 * unmount; a dropped connection is reopened by the browser's EventSource after the server's `retry`. A refusal
 * (401 signed out meanwhile, 429 too many tabs) ends it: the bell keeps the count it read.
 */
export function useNotificationStream() {
  const { user, isAuthenticated } = useAuth();
  const memberId = isAuthenticated ? user?.id : undefined;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId || typeof EventSource === "undefined") return;
    const source = new EventSource(NOTIFICATION_STREAM_PATH, { withCredentials: true });
    const onUnread = (event: MessageEvent<string>) => {
      let unread: unknown;
      try {
        unread = (JSON.parse(event.data) as { unread?: unknown }).unread;
      } catch {
        return;
      }
      if (typeof unread !== "number") return;
      // A count read before this event may answer after it (a busy page's requests queue behind each other):
      // cancelled, so it cannot put back a number the server has since changed.
      const queryKey = trpc.notifications.unreadCount.queryKey();
      void queryClient.cancelQueries({ queryKey }).then(() => queryClient.setQueryData(queryKey, { unread }));
      void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
    };
    source.addEventListener(NOTIFICATION_STREAM_EVENT, onUnread);
    return () => {
      source.removeEventListener(NOTIFICATION_STREAM_EVENT, onUnread);
      source.close();
    };
  }, [memberId, trpc, queryClient]);
}
