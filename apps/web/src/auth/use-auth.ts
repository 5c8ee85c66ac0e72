import { useContext } from "react";
import { AuthContext, type AuthState } from "./auth-provider";

export type { AuthState, AuthStatus } from "./auth-provider";

/** The client auth state; see AuthProvider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside <AuthProvider>");
  return state;
}
