import { REDIRECT_DELAY_MS } from "@gallery/schema/constants";
import { Skeleton } from "@gallery/ui";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useAuth } from "../../auth/use-auth";
import { AuthPage } from "../../pages/auth";

function PageLoading() {
  return (
    <div className="space-y-4 py-8" aria-busy="true">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** Signed-in pages: visitors see the auth page in place (spec route table for /dashboard). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === "loading") return <PageLoading />;
  if (status !== "authenticated") return <AuthPage />;
  return <>{children}</>;
}

/** Admin pages: visitors see the auth page; signed-in non-admins are sent home after 500 ms. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin } = useAuth();
  const navigate = useNavigate();
  const denied = status === "authenticated" && !isAdmin;
  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => void navigate({ to: "/" }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);
  if (status === "loading") return <PageLoading />;
  if (status !== "authenticated") return <AuthPage />;
  if (denied) return <p className="py-16 text-center text-lg font-medium">Admin access required. Redirecting...</p>;
  return <>{children}</>;
}

/** Pages that need a session: signed-out visitors go to the login endpoint after 500 ms. */
export function RequireSignInOrLogin({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const signedOut = status === "signed-out" || status === "unverified";
  useEffect(() => {
    if (!signedOut) return;
    const timer = setTimeout(() => {
      window.location.href = "/api/login";
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut]);
  if (status !== "authenticated") return <PageLoading />;
  return <>{children}</>;
}
