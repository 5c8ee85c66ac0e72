import {
  createRootRoute,
  createRoute,
  createRouter,
  type ErrorComponentProps,
  lazyRouteComponent,
} from "@tanstack/react-router";
import { AppLayout } from "./components/layout/app-layout";
import { RedirectIfSignedIn } from "./components/layout/guards";
import { PageLoading } from "./components/layout/page-loading";
import { NotFoundPage } from "./pages/not-found";
import { RouteError } from "./pages/route-error";

/**
 * Code-based routes for every path of spec section 2. Each page lives in its own file under
 * src/pages/ and is loaded lazily, so the first paint carries only the shell. Pages apply their own
 * access guards (src/components/layout/guards.tsx), except /auth whose redirect lives here because
 * AuthPage is also shown in place by RequireSignIn / RequireAdmin.
 */
const rootRoute = createRootRoute({ component: AppLayout, notFoundComponent: NotFoundPage });

/** Search params of the browse page: /?search={term}. */
export interface BrowseSearch {
  search?: string;
}

const browseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  // A plain check keeps zod out of the first-paint bundle.
  validateSearch: (search: Record<string, unknown>): BrowseSearch =>
    typeof search.search === "string" && search.search ? { search: search.search } : {},
  component: lazyRouteComponent(() => import("./pages/browse"), "BrowsePage"),
});

/** Params arrive URL-decoded: /series/My%20Saga/abc → { seriesName: "My Saga", creatorId: "abc" }. */
const seriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/series/$seriesName/$creatorId",
  component: lazyRouteComponent(() => import("./pages/series"), "SeriesPage"),
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/profile/$userId",
  component: lazyRouteComponent(() => import("./pages/profile"), "ProfilePage"),
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dashboard",
  component: lazyRouteComponent(() => import("./pages/dashboard"), "DashboardPage"),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  component: lazyRouteComponent(() => import("./pages/admin"), "AdminPage"),
});

const LazyAuthPage = lazyRouteComponent(() => import("./pages/auth"), "AuthPage");
const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  component: Object.assign(
    () => (
      <RedirectIfSignedIn>
        <LazyAuthPage />
      </RedirectIfSignedIn>
    ),
    { preload: LazyAuthPage.preload },
  ),
});

export const routeTree = rootRoute.addChildren([
  browseRoute,
  seriesRoute,
  profileRoute,
  dashboardRoute,
  adminRoute,
  authRoute,
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: "intent",
    scrollRestoration: true,
    defaultPendingComponent: PageLoading,
    defaultErrorComponent: (props: ErrorComponentProps) => <RouteError {...props} />,
  });
}

export const router = createAppRouter();

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
