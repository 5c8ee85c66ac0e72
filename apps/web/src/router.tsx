import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { AppLayout } from "./components/layout/app-layout";
import { NotFoundPage } from "./pages/not-found";

const rootRoute = createRootRoute({ component: AppLayout, notFoundComponent: NotFoundPage });

const browseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  // A plain check keeps zod out of the first-paint bundle.
  validateSearch: (search: Record<string, unknown>): { search?: string } =>
    typeof search.search === "string" && search.search ? { search: search.search } : {},
  component: lazyRouteComponent(() => import("./pages/browse"), "BrowsePage"),
});

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

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  component: lazyRouteComponent(() => import("./pages/auth"), "AuthPage"),
});

const routeTree = rootRoute.addChildren([
  browseRoute,
  seriesRoute,
  profileRoute,
  dashboardRoute,
  adminRoute,
  authRoute,
]);

export const router = createRouter({ routeTree, defaultPreload: "intent", scrollRestoration: true });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
