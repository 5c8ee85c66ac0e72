import { REDIRECT_DELAY_MS } from "@gallery/schema/constants";
import { useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useAuth } from "../../auth/use-auth";
import { handleUnauthorized } from "../../lib/unauthorized";
import { isAdminUser } from "./avatar-letter";
import { PageLoading } from "./page-loading";

// Lazy, so the sign-in forms are never part of the first paint.
const AuthPage = lazy(() => import("../../pages/auth").then((module) => ({ default: module.AuthPage })));

function InlineAuthPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AuthPage />
    </Suspense>
  );
}

/** Signed-in pages (/dashboard): visitors see the auth page in place (spec route table). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === "loading") return <PageLoading />;
  if (status !== "authenticated") return <InlineAuthPage />;
  return <>{children}</>;
}

/**
 * /admin: visitors see the auth page; signed-in users who are neither admin nor super admin see
 * 'Admin access required. Redirecting...' and are sent to / after 500 ms.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const denied = status === "authenticated" && !isAdminUser(user);
  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => void navigate({ to: "/" }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);
  if (status === "loading") return <PageLoading />;
  if (status !== "authenticated") return <InlineAuthPage />;
  if (denied) {
    return (
      <p role="alert" className="py-24 text-center text-lg font-medium">
        Admin access required. Redirecting...
      </p>
    );
  }
  return <>{children}</>;
}

/**
 * Pages that need a session (/series/...): a visitor gets the 'Unauthorized' toast and is sent to
 * the login endpoint after 500 ms (spec route table and section 8).
 */
export function RequireSignInOrLogin({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const signedOut = status === "signed-out" || status === "unverified";
  useEffect(() => {
    if (!signedOut) return;
    return handleUnauthorized();
  }, [signedOut]);
  if (status !== "authenticated") return <PageLoading />;
  return <>{children}</>;
}

/** /auth: a signed-in user is sent to / (spec route table). Applied by the router, not by AuthPage. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === "authenticated";
  useEffect(() => {
    if (signedIn) void navigate({ to: "/", replace: true });
  }, [signedIn, navigate]);
  if (status === "loading" || signedIn) return <PageLoading />;
  return <>{children}</>;
}
