import type { User } from "@gallery/schema/types";
import { toast } from "@gallery/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User as FirebaseUser } from "firebase/auth";
import { createContext, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { apiRequest } from "../lib/api";
import { completeRedirectSignIn } from "./actions";
import { loadFirebaseAuth } from "./firebase";
import { fetchCurrentUser, USER_QUERY_KEY, verifyWithServer } from "./session";

/**
 * Client auth states of spec section 4: loading; signed out; signed in at the identity provider
 * but not yet verified by our server; fully authenticated (both users exist).
 */
export type AuthStatus = "loading" | "signed-out" | "unverified" | "authenticated";

export interface AuthState {
  status: AuthStatus;
  /** The product user (null unless authenticated). */
  user: User | null;
  firebaseUser: FirebaseUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isAdmin: boolean;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // undefined: the SDK has not told us yet.
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null | undefined>(undefined);
  const verifying = useRef(false);

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    loadFirebaseAuth()
      .then(async ({ auth, sdk }) => {
        if (cancelled) return;
        unsubscribe = sdk.onAuthStateChanged(auth, (user) => setFirebaseUser(user));
        if (await completeRedirectSignIn().catch(() => false)) toast.success("Successfully signed in with Google!");
      })
      .catch((error) => {
        console.error("Identity provider unavailable", error);
        setFirebaseUser(null);
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);

  const userQuery = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: fetchCurrentUser,
    enabled: Boolean(firebaseUser),
    retry: false,
  });

  // Identity-provider user gone: forget the cached product user.
  useEffect(() => {
    if (firebaseUser === null) queryClient.setQueryData(USER_QUERY_KEY, null);
  }, [firebaseUser, queryClient]);

  // Signed in at the provider but the server has no session (expired, new device): send the token again.
  useEffect(() => {
    if (!firebaseUser || userQuery.isFetching || userQuery.data !== null || verifying.current) return;
    if (userQuery.isError) return;
    verifying.current = true;
    firebaseUser
      .getIdToken()
      .then(verifyWithServer)
      .catch((error) => console.error("Session sync failed", error))
      .finally(() => {
        verifying.current = false;
      });
  }, [firebaseUser, userQuery.data, userQuery.isFetching, userQuery.isError]);

  const signOut = useCallback(async () => {
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      await sdk.signOut(auth);
      await apiRequest("POST", "/api/auth/logout");
    } catch (error) {
      console.error("Logout failed", error);
    }
    queryClient.setQueryData(USER_QUERY_KEY, null);
    // Everything else was fetched as a member (NSFW listings, own data): fetch it again as a visitor.
    // Not the user itself: with no provider user there is nothing to ask the server (spec section 7).
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const user = firebaseUser ? (userQuery.data ?? null) : null;
    const status: AuthStatus =
      firebaseUser === undefined || (firebaseUser && userQuery.isLoading)
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
      isAdmin: Boolean(user && (user.isAdmin || user.isSuperAdmin)),
      signOut,
    };
  }, [firebaseUser, userQuery.data, userQuery.isLoading, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
