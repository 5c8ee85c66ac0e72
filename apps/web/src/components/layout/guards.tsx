import { REDIRECT_DELAY_MS } from "@gallery/schema/constants";
import type { User } from "@gallery/schema/types";
import { redirect, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import type { AuthGate } from "../../auth/auth-gate";

/**
 * Route guards, used in `beforeLoad` (router context `auth`). They wait until the session is known,
 * then let the route load or redirect.
 */
export interface GuardOptions {
  context: { auth: AuthGate };
  /** Hover preloads decide at once, without the visible delay. */
  preload?: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signed-in pages (/dashboard, /series/..., /admin): a visitor goes to /auth after 500 ms (spec
 * sections 2 and 4). Returns the user into the route context.
 */
export async function requireSignIn({ context, preload }: GuardOptions): Promise<{ user: User }> {
  const user = await context.auth.session();
  if (!user) {
    if (!preload) await pause(REDIRECT_DELAY_MS);
    throw redirect({ to: "/auth" });
  }
  return { user };
}

/** /auth: a signed-in user is sent to / (spec route table). */
export async function redirectIfSignedIn({ context }: GuardOptions) {
  if (await context.auth.session()) throw redirect({ to: "/", replace: true });
}

/** A message, then a client-side redirect after 500 ms (e.g. 'Admin access required. Redirecting...'). */
export function DelayedRedirect({ to, message }: { to: "/"; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to, replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <p role="alert" className="py-24 text-center text-lg font-medium">
      {message}
    </p>
  );
}
