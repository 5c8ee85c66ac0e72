// The client auth state machine of spec section 4, with a fake identity provider and a fake server.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../lib/query-client";
import { testUser } from "../test/auth-state";
import { createAuthGate } from "./auth-gate";
import { AuthProvider } from "./auth-provider";
import { sessionQuery } from "./session";
import { useAuth } from "./use-auth";

type Listener = (user: FakeFirebaseUser | null) => void;
interface FakeFirebaseUser {
  uid: string;
  getIdToken: () => Promise<string>;
}

/** What happened, in order: provider calls and requests to the api. */
let events: string[] = [];
let listeners: Listener[] = [];
const sdk = {
  onAuthStateChanged: (_auth: unknown, listener: Listener) => {
    listeners.push(listener);
    return () => {
      listeners = listeners.filter((other) => other !== listener);
    };
  },
  signOut: vi.fn(async () => {
    events.push("provider sign-out");
    providerSays(null);
  }),
  getRedirectResult: vi.fn(async () => null),
};
vi.mock("./firebase", () => ({ loadFirebaseAuth: async () => ({ auth: {}, sdk }) }));

/** The identity provider reports its current user (as onAuthStateChanged does). */
function providerSays(user: FakeFirebaseUser | null) {
  for (const listener of listeners) listener(user);
}
const providerUser = (): FakeFirebaseUser => ({ uid: "uid-1", getIdToken: async () => "id-token-1" });

/** The fake api (tRPC over HTTP, batched): a session appears on a good verify and goes on logout. */
const server = { session: false, verify: 200, user: 200, logout: 200 };
const user = testUser({ email: "kai@example.com" });
const ok = (data: unknown) => ({ result: { data } });
const fail = (httpStatus: number, code: string, message: string) => ({
  error: { message, code: -32000, data: { code, httpStatus } },
});
async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const method = init?.method ?? "GET";
  const url = new URL(String(input), "http://localhost");
  const procedure = url.pathname.replace("/trpc/", "");
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>)["0"] : undefined;
  events.push(`${method} ${procedure}${body ? ` ${JSON.stringify(body)}` : ""}`);
  let answer: ReturnType<typeof ok> | ReturnType<typeof fail>;
  if (procedure === "auth.user") {
    if (server.user !== 200) answer = fail(server.user, "INTERNAL_SERVER_ERROR", "Server error");
    else answer = server.session ? ok(user) : fail(401, "UNAUTHORIZED", "Unauthorized");
  } else if (procedure === "auth.verify") {
    if (server.verify !== 200) answer = fail(server.verify, "UNAUTHORIZED", "Unauthorized");
    else {
      server.session = true;
      answer = ok(user);
    }
  } else if (procedure === "auth.logout") {
    if (server.logout !== 200) answer = fail(server.logout, "INTERNAL_SERVER_ERROR", "down");
    else {
      server.session = false;
      answer = ok({ success: true });
    }
  } else answer = fail(404, "NOT_FOUND", "Not found");
  const status = "error" in answer ? answer.error.data.httpStatus : 200;
  return new Response(JSON.stringify([answer]), { status, headers: { "content-type": "application/json" } });
}

let current: ReturnType<typeof useAuth> | undefined;
function Probe() {
  current = useAuth();
  return <p data-testid="status">{current.status}</p>;
}
const status = () => screen.getByTestId("status").textContent;
const requests = (what: string) => events.filter((event) => event.startsWith(what));

async function renderAuth() {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  // The provider subscribes once the SDK has "loaded".
  await waitFor(() => expect(listeners.length).toBe(1));
}

beforeEach(() => {
  events = [];
  listeners = [];
  Object.assign(server, { session: false, verify: 200, user: 200, logout: 200 });
  queryClient.clear();
  sdk.signOut.mockClear();
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  current = undefined;
  vi.restoreAllMocks();
});

describe("client auth states", () => {
  it("is loading until the provider answers, then signed out without asking the server", async () => {
    await renderAuth();
    expect(status()).toBe("loading");
    act(() => providerSays(null));
    await waitFor(() => expect(status()).toBe("signed-out"));
    // auth.user only when an identity-provider user exists.
    expect(requests("GET auth.user")).toEqual([]);
    expect(current).toMatchObject({ user: null, isAuthenticated: false, isLoading: false });
  });

  it("is authenticated only with both the provider user and the product user", async () => {
    server.session = true;
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(status()).toBe("authenticated"));
    expect(current?.user?.email).toBe("kai@example.com");
    expect(requests("GET auth.user")).toHaveLength(1);
    expect(requests("POST auth.verify")).toEqual([]);
  });

  it("re-sends the token when the provider has a user but the server has no session", async () => {
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(status()).toBe("authenticated"));
    expect(events).toEqual([
      "GET auth.user",
      'POST auth.verify {"idToken":"id-token-1"}',
      // After verification the cached user is refreshed.
      "GET auth.user",
    ]);
  });

  it("stays signed in at the provider only (unverified) when the server refuses the token, without looping", async () => {
    server.verify = 401;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(requests("POST auth.verify")).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(status()).toBe("unverified");
    expect(current?.isAuthenticated).toBe(false);
    expect(requests("POST auth.verify")).toHaveLength(1);
  });

  it("does not retry a failed auth.user, nor re-send the token for it", async () => {
    server.user = 500;
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(status()).toBe("unverified"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests("GET auth.user")).toHaveLength(1);
    expect(requests("POST auth.verify")).toEqual([]);
  });

  it("clears the cached user when the provider user is gone", async () => {
    server.session = true;
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(status()).toBe("authenticated"));
    act(() => providerSays(null));
    await waitFor(() => expect(status()).toBe("signed-out"));
    expect(queryClient.getQueryData(sessionQuery().queryKey)).toBeNull();
  });
});

describe("when the identity provider's SDK loads", () => {
  // A page still loading: the document says so until its load event.
  const pageLoading = () => Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
  const pageLoaded = () => {
    Reflect.deleteProperty(document, "readyState");
    window.dispatchEvent(new Event("load"));
  };
  afterEach(() => Reflect.deleteProperty(document, "readyState"));
  const renderWith = (gate: ReturnType<typeof createAuthGate>) =>
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider gate={gate}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );

  it("not while the page is still loading (it is not needed to draw it), then once the page has loaded", async () => {
    pageLoading();
    renderWith(createAuthGate());
    await act(async () => {});
    expect(listeners).toHaveLength(0);
    expect(status()).toBe("loading");
    pageLoaded();
    await waitFor(() => expect(listeners).toHaveLength(1));
    act(() => providerSays(null));
    await waitFor(() => expect(status()).toBe("signed-out"));
  });

  it("at once when a guard asks who is here, even while the page loads", async () => {
    pageLoading();
    const gate = createAuthGate();
    renderWith(gate);
    const session = gate.session();
    await waitFor(() => expect(listeners).toHaveLength(1));
    act(() => providerSays(null));
    await expect(session).resolves.toBeNull();
  });
});

describe("sign-out", () => {
  it("signs out of the provider, then the server, then clears the cached user", async () => {
    server.session = true;
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(status()).toBe("authenticated"));
    await act(() => current!.signOut());
    expect(events.slice(-2)).toEqual(["provider sign-out", "POST auth.logout"]);
    expect(server.session).toBe(false);
    expect(status()).toBe("signed-out");
    expect(queryClient.getQueryData(sessionQuery().queryKey)).toBeNull();
  });

  it("a failed server logout is only logged; the client is signed out anyway", async () => {
    server.session = true;
    server.logout = 500;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderAuth();
    act(() => providerSays(providerUser()));
    await waitFor(() => expect(status()).toBe("authenticated"));
    await act(() => current!.signOut());
    expect(logged).toHaveBeenCalledWith("Logout failed", expect.any(Error));
    expect(status()).toBe("signed-out");
    expect(queryClient.getQueryData(sessionQuery().queryKey)).toBeNull();
  });
});
