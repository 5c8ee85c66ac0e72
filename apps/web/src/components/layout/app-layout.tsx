import { Outlet, useRouter, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useAuth } from "../../auth/use-auth";
import { useNotificationStream } from "../notifications/use-notification-stream";
import { CreateActionProvider } from "./create-action";
import { GallerySkipLink } from "./gallery-skip-link";
import { NavBar } from "./nav-bar";

// The toast area (sonner) loads after the first render; toasts asked for before wait for it.
const Toaster = lazy(() => import("@gallery/ui/toaster").then((module) => ({ default: module.Toaster })));
// Only a member's account can be suspended: visitors never load the banner's code.
const SuspensionBanner = lazy(() =>
  import("../moderation/moderation-notices").then((module) => ({ default: module.SuspensionBanner })),
);

/**
 * When the settled session changes (sign-in, sign-out, another role), the router runs its guards and
 * loaders again. The first settling is not a change: guards waiting for it resolve through the gate.
 */
function useGuardsFollowSession() {
  const router = useRouter();
  const { status, user } = useAuth();
  const key = status === "loading" ? null : `${status}:${user?.id ?? ""}:${user?.isAdmin ?? ""}`;
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || last.current === key) return;
    const first = last.current === null;
    last.current = key;
    if (!first) void router.invalidate();
  }, [key, router]);
}

/** A skip link: out of sight until focused. */
const SKIP_LINK =
  "sr-only z-50 rounded-md bg-card px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4";

/** The app shell: skip links (the home page's to its gallery first), top navigation bar, the page, and the toast area. */
export function AppLayout() {
  useGuardsFollowSession();
  // The members' live unread count: one stream per tab, opened here once.
  useNotificationStream();
  const { isAuthenticated } = useAuth();
  const onGallery = useRouterState({ select: (state) => state.location.pathname === "/" });
  return (
    <CreateActionProvider>
      <div className="flex min-h-dvh flex-col">
        {onGallery && <GallerySkipLink className={SKIP_LINK} />}
        <a href="#main" className={SKIP_LINK}>
          Skip to content
        </a>
        <NavBar />
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 pb-16 pt-6 outline-none sm:px-6 lg:px-8">
          {isAuthenticated && (
            <Suspense fallback={null}>
              <SuspensionBanner />
            </Suspense>
          )}
          <Outlet />
        </main>
      </div>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </CreateActionProvider>
  );
}
