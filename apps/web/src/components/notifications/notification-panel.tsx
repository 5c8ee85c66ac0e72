import type { NotificationItem } from "@gallery/schema";
import { NOTIFICATION_TEXTS } from "@gallery/schema/notifications-texts";
import {
  Button,
  cn,
  type DialogOpenProps,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  Skeleton,
} from "@gallery/ui";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { CheckCheck } from "lucide-react";
import type { MouseEvent } from "react";
import { useMediaQuery } from "../../hooks/use-media-query";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { LoadFailed, retryOf } from "../common/load-failed";

/** Tailwind's `sm`: from here up the panel is a popover under the bell; below, a full-width sheet. */
const POPOVER_SCREEN = "(min-width: 640px)";
const NEXT_PAGE = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined };

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return RELATIVE.format(Math.round(amount), "year");
}

/** The unread count after a change, as the server answered it; the list is read again. */
function useUnreadAnswer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (answer: { unread: number }) => {
    queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), answer);
    return queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
  };
}

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-primary")}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn("text-sm", item.read ? "text-muted-foreground" : "font-semibold text-foreground")}>
          {!item.read && <span className="sr-only">{NOTIFICATION_TEXTS.unread}: </span>}
          {item.text}
        </span>
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground" title={item.createdAt}>
          {relativeTime(item.createdAt)}
        </time>
      </span>
    </>
  );
  const className = cn(
    "flex w-full items-start gap-3 rounded-md px-3 py-2.5 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    !item.read && "bg-primary/5",
  );
  const open = (event: MouseEvent) => {
    // A new tab or window (modifier keys, middle click) is the browser's; this tab opens it here.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return onOpen({ ...item, link: null });
    event.preventDefault();
    onOpen(item);
  };
  return (
    <li>
      {item.link ? (
        <a href={item.link} className={className} onClick={open}>
          {body}
        </a>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(item)}>
          {body}
        </button>
      )}
    </li>
  );
}

interface Props extends DialogOpenProps {
  /** The bell's count: "Mark all read" is offered while it is above 0. */
  unread: number;
}

/**
 * The notifications panel (issue 38 §3): a popover under the bell on larger screens, a full-width sheet on a phone.
 * Newest first, each its line in words (the server's `text`), when, and unread ones marked; opening one marks it read
 * and goes where it leads; "Mark all read"; the next page on request. The server decides what each says.
 */
export function NotificationPanel({ open, onOpenChange, unread }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const popover = useMediaQuery(POPOVER_SCREEN);
  const onAnswer = useUnreadAnswer();
  const list = useInfiniteQuery({ ...trpc.notifications.list.infiniteQueryOptions({}, NEXT_PAGE), enabled: open });
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: onAnswer,
      // Gone meanwhile (kept 90 days) or another failure: the list read again shows how it stands.
      onError: (error) => {
        toastError(error, serverMessage(error) ?? NOTIFICATION_TEXTS.markFailed);
        void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
      },
    }),
  );
  const markAll = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: onAnswer,
      onError: (error) => toastError(error, serverMessage(error) ?? NOTIFICATION_TEXTS.markFailed),
    }),
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const openItem = (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ id: item.id });
    if (item.link) {
      onOpenChange(false);
      router.history.push(item.link);
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className={cn(
          "gap-3 p-4",
          popover
            ? "inset-y-auto top-16 right-4 h-auto max-h-[min(36rem,calc(100dvh-5rem))] w-96 max-w-[calc(100vw-2rem)] rounded-lg border"
            : "w-full max-w-none border-l-0",
        )}
      >
        <SheetHeader className="flex-row items-center justify-between gap-2">
          <SheetTitle>{NOTIFICATION_TEXTS.title}</SheetTitle>
          <SheetDescription className="sr-only">{NOTIFICATION_TEXTS.noEmail}</SheetDescription>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => markAll.mutate()}
            disabled={unread === 0 || markAll.isPending}
          >
            <CheckCheck aria-hidden="true" />
            {NOTIFICATION_TEXTS.markAllRead}
          </Button>
        </SheetHeader>
        <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
          {list.isPending ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : list.isError && items.length === 0 ? (
            <LoadFailed title={NOTIFICATION_TEXTS.loadFailed} error={list.error} {...retryOf(list)} />
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">{NOTIFICATION_TEXTS.empty}</p>
          ) : (
            <ul aria-label={NOTIFICATION_TEXTS.title} className="flex flex-col gap-1">
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} onOpen={openItem} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <div className="mt-2 text-center">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? "Loading..." : NOTIFICATION_TEXTS.loadMore}
              </Button>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
