import type { User } from "@gallery/schema/types";
import { toast } from "@gallery/ui";
import { hashKey, useQuery, useQueryClient } from "@tanstack/react-query";
import type { User as FirebaseUser } from "firebase/auth";
import { createContext, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { authGate } from "./auth-gate";
import { loadFirebaseAuth } from "./firebase";
import { logoutFromServer, sessionQuery, verifyWithServer } from "./session";
import { rememberSignedIn } from "./session-hint";

/**
 * Client auth states of spec section 4: loading; signed out; signed in at the identity provider
 * but not yet verified by our server; fully authenticated (both users exist).
 */
export type AuthStatus = "loading" | "signed-out" | "unverified" | "authenticated";

export interface AuthState {
  status: AuthStatus;
  /** The product user (null unless authenticated). `user.isAdmin` is the server's word on moderation rights. */
  user: User | null;
  firebaseUser: FirebaseUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** "idle": nothing sent yet for this provider user; "running"; "failed": the server refused (no retry loop). */
type Sync = "idle" | "running" | "failed";

export function AuthProvider({ children, gate = authGate }: { children: ReactNode; gate?: typeof authGate }) {
  const queryClient = useQueryClient();
  // undefined: the SDK has not told us yet.
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null | undefined>(undefined);
  const [sync, setSync] = useState<Sync>("idle");

  // The SDK is not needed to draw a page: it loads once the page has (its pictures included) and the browser is
  // idle, unless a guard asks who is here first. On a slow phone it had competed with the page's own code.
  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    let started = false;
    const connect = () =>
      loadFirebaseAuth()
        .then(async ({ auth, sdk }) => {
          if (cancelled) return;
          unsubscribe = sdk.onAuthStateChanged(auth, (user) => {
            setSync("idle");
            setFirebaseUser(user);
          });
          // The sign-in actions load with the SDK, not with the page: most visits are not back from a redirect.
          const { completeRedirectSignIn } = await import("./actions");
          if (await completeRedirectSignIn().catch(() => false)) toast.success("Successfully signed in with Google!");
        })
        .catch((error) => {
          console.error("Identity provider unavailable", error);
          setFirebaseUser(null);
        });
    const start = () => {
      if (started || cancelled) return;
      started = true;
      connect();
    };
    gate.whenAsked(start);
    const cancelIdle = whenLoadedAndIdle(start);
    return () => {
      cancelled = true;
      cancelIdle();
      unsubscribe();
    };
  }, [gate]);

  // The session user is asked for only when an identity-provider user exists (spec section 7).
  const userQuery = useQuery({ ...sessionQuery(), enabled: Boolean(firebaseUser) });

  // Identity-provider user gone: forget the cached product user.
  useEffect(() => {
    if (firebaseUser === null) queryClient.setQueryData(sessionQuery().queryKey, null);
  }, [firebaseUser, queryClient]);

  // Signed in at the provider but the server has no session (expired, new device): send the token again.
  const needsSync =
    Boolean(firebaseUser) && userQuery.isSuccess && userQuery.data === null && !userQuery.isFetching && sync === "idle";
  useEffect(() => {
    if (!needsSync || !firebaseUser) return;
    setSync("running");
    firebaseUser
      .getIdToken()
      .then(verifyWithServer)
      .then(() => setSync("idle"))
      .catch((error) => {
        console.error("Session sync failed", error);
        setSync("failed");
      });
  }, [needsSync, firebaseUser]);

  const signOut = useCallback(async () => {
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      await sdk.signOut(auth);
      await logoutFromServer();
    } catch (error) {
      console.error("Logout failed", error);
    }
    const userKey = sessionQuery().queryKey;
    queryClient.setQueryData(userKey, null);
    // Everything else was fetched as a member (NSFW listings, own data): fetch it again as a visitor.
    // Not the user itself: with no provider user there is nothing to ask the server (spec section 7).
    await queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== hashKey(userKey) });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const user = firebaseUser ? (userQuery.data ?? null) : null;
    const loading =
      firebaseUser === undefined || (firebaseUser && (userQuery.isPending || needsSync || sync === "running"));
    const status: AuthStatus = loading
      ? "loading"
      : !firebaseUser
        ? "signed-out"
        : user
          ? "authenticated"
          : "unverified";
    return {
      status,
      user,
      firebaseUser: firebaseUser ?? null,
      isAuthenticated: status === "authenticated",
      isLoading: status === "loading",
      signOut,
    };
  }, [firebaseUser, userQuery.data, userQuery.isPending, needsSync, sync, signOut]);

  // The router's guards wait on this (see auth-gate.ts).
  useLayoutEffect(() => {
    gate.publish(value.status === "loading" ? null : { user: value.isAuthenticated ? value.user : null });
  }, [gate, value]);

  // The nav bar's placeholder at the next page load takes the shape of the last known state.
  useEffect(() => {
    if (value.status === "authenticated" || value.status === "signed-out")
      rememberSignedIn(value.status === "authenticated");
  }, [value.status]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Runs `task` once the page has loaded and the browser is idle (at most 2 s later); returns a cancel. */
function whenLoadedAndIdle(task: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(task, { timeout: 2000 })
        : window.setTimeout(task);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
