import { AUTH_MESSAGES } from "@gallery/schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthContext } from "../../auth/auth-provider";
import { makeTRPCClient, TRPCProvider } from "../../lib/trpc";
import { signedIn } from "../../test/auth-state";
import { SessionsCard } from "./sessions-card";

/** The tRPC calls the card made, and what the fake api answers to sign out everywhere. */
let calls: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { result: { data: { success: true } } } };
async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  calls.push(`${init?.method ?? "GET"} ${new URL(String(input), "http://localhost").pathname}`);
  return new Response(JSON.stringify([answer.body]), {
    status: answer.status,
    headers: { "content-type": "application/json" },
  });
}

function renderCard() {
  const signOut = vi.fn(async () => {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={makeTRPCClient()} queryClient={queryClient}>
        <AuthContext.Provider value={{ ...signedIn(), signOut }}>
          <SessionsCard />
        </AuthContext.Provider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { signOut };
}

const openConfirmation = async () => {
  fireEvent.click(screen.getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }));
  const dialog = await screen.findByRole("alertdialog");
  expect(dialog.textContent).toContain(AUTH_MESSAGES.signOutEverywhereConfirm);
  return dialog;
};

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { result: { data: { success: true } } } };
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SessionsCard", () => {
  it("asks first; confirmed, the server ends every session and this browser signs out", async () => {
    const { signOut } = renderCard();
    expect(screen.getByText(AUTH_MESSAGES.signOutEverywhereHelp)).toBeTruthy();
    const dialog = await openConfirmation();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(calls).toEqual(["POST /trpc/auth.signOutEverywhere"]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("cancelled, nothing is sent", async () => {
    const { signOut } = renderCard();
    const dialog = await openConfirmation();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls).toEqual([]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("a failure keeps the member signed in here", async () => {
    answer = {
      status: 503,
      body: { error: { message: "down", code: -32000, data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } } },
    };
    const { signOut } = renderCard();
    const dialog = await openConfirmation();
    fireEvent.click(within(dialog).getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls).toEqual(["POST /trpc/auth.signOutEverywhere"]);
    expect(signOut).not.toHaveBeenCalled();
  });
});
