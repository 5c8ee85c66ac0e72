import type { User } from "@gallery/schema/types";

/**
 * The auth state as the router sees it (router context `auth`): route guards in `beforeLoad` wait
 * for the session to be known, then decide. AuthProvider publishes every state change here.
 */
export interface AuthGate {
  /** The signed-in product user once the auth state has settled (null: signed out or unverified). */
  session(): Promise<User | null>;
}

type Waiter = (user: User | null) => void;

export function createAuthGate() {
  let settled: { user: User | null } | null = null;
  let waiters: Waiter[] = [];
  let asked = false;
  let onFirstAsk: (() => void) | undefined;
  return {
    session: () => {
      if (!asked) {
        asked = true;
        onFirstAsk?.();
      }
      return settled ? Promise.resolve(settled.user) : new Promise<User | null>((r) => waiters.push(r));
    },
    /** Calls `start` when a guard first asks for the session, at once if one already has (the provider then loads the SDK). */
    whenAsked(start: () => void) {
      if (asked) start();
      else onFirstAsk = start;
    },
    /** null while loading; the settled user (or null) otherwise. */
    publish(state: { user: User | null } | null) {
      settled = state;
      if (!state) return;
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve(state.user);
    },
  } satisfies AuthGate & { publish: unknown; whenAsked: unknown };
}

/** The app's gate (one per page load). */
export const authGate = createAuthGate();
