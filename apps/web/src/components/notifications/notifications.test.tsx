import { NOTIFICATION_STREAM_PATH } from "@gallery/schema/notifications-texts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthState } from "../../auth/use-auth";
import { makeQueryClient } from "../../lib/query-client";
import { TRPCProvider, trpc, trpcClient } from "../../lib/trpc";
import { signedIn, signedOut, testUser } from "../../test/auth-state";
import { NotificationBell } from "./notification-bell";
import { relativeTime } from "./notification-panel";
import { useNotificationStream } from "./use-notification-stream";

let auth: AuthState = signedOut();
vi.mock("../../auth/use-auth", () => ({ useAuth: () => auth }));

/** A stand-in EventSource: records each one opened, its listeners, and whether it was closed. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

function Shell() {
  useNotificationStream();
  return auth.isAuthenticated ? <NotificationBell /> : null;
}

function renderShell() {
  const queryClient = makeQueryClient();
  // The count as the server first said it (no request in this test).
  queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { unread: 0 });
  const tree = () => (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <Shell />
      </TRPCProvider>
    </QueryClientProvider>
  );
  const view = render(tree());
  return { ...view, queryClient, rerenderShell: () => view.rerender(tree()) };
}

describe("the live notification count", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps an event's count when a count read before it answers after it", async () => {
    auth = signedIn(testUser());
    const view = renderShell();
    const [source] = FakeEventSource.opened;
    let answer: (count: { unread: number }) => void = () => {};
    const earlierRead = view.queryClient
      .fetchQuery({
        queryKey: trpc.notifications.unreadCount.queryKey(),
        queryFn: () => new Promise<{ unread: number }>((resolve) => (answer = resolve)),
        staleTime: 0,
      })
      .catch(() => undefined);
    act(() => source?.send("unread", '{"unread":2}'));
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
    answer({ unread: 0 });
    await earlierRead;
    expect(view.queryClient.getQueryData(trpc.notifications.unreadCount.queryKey())).toEqual({ unread: 2 });
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
    view.unmount();
  });

  it("opens no stream for a visitor", () => {
    auth = signedOut();
    renderShell();
    expect(FakeEventSource.opened).toEqual([]);
  });

  it("opens one stream for a member; each event is the bell's count; sign-out and unmount close it", async () => {
    auth = signedIn(testUser());
    const view = renderShell();
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe(NOTIFICATION_STREAM_PATH);
    expect(source?.init).toEqual({ withCredentials: true });
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();

    act(() => source?.send("unread", '{"unread":3}'));
    expect(await screen.findByRole("button", { name: "Notifications, 3 unread" })).toBeTruthy();
    expect(screen.getByTestId("notification-badge").textContent).toBe("3");
    act(() => source?.send("unread", '{"unread":120}'));
    expect(await screen.findByRole("button", { name: "Notifications, 120 unread" })).toBeTruthy();
    expect(screen.getByTestId("notification-badge").textContent).toBe("99+");
    // Nothing the server did not say: a broken event changes nothing.
    act(() => source?.send("unread", "not json"));
    act(() => source?.send("unread", '{"unread":"3"}'));
    expect(view.queryClient.getQueryData(trpc.notifications.unreadCount.queryKey())).toEqual({ unread: 120 });

    // A re-render opens no second stream.
    view.rerenderShell();
    expect(FakeEventSource.opened).toHaveLength(1);

    auth = signedOut();
    view.rerenderShell();
    expect(source?.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    auth = signedIn(testUser({ id: "00000000-0000-4000-8000-000000000002" }));
    view.rerenderShell();
    expect(FakeEventSource.opened).toHaveLength(2);
    view.unmount();
    expect(FakeEventSource.opened[1]?.closed).toBe(true);
  });
});

describe("relativeTime", () => {
  const now = Date.parse("2026-11-29T12:00:00Z");
  it("says how long ago, in words", () => {
    expect(relativeTime("2026-11-29T11:59:50Z", now)).toBe("just now");
    expect(relativeTime("2026-11-29T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-11-29T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-11-28T12:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-11-08T12:00:00Z", now)).toBe("3 weeks ago");
  });
});
