import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type ErrorComponentProps,
  lazyRouteComponent,
  type RouterHistory,
} from "@tanstack/react-router";
import { type AuthGate, authGate } from "./auth/auth-gate";
import { validateAdminSearch } from "./components/admin/audit-filters";
import {
  galleryQueries,
  isPlainGallery,
  readBrowseAddress,
  validateBrowseSearch,
} from "./components/browse/browse-filters";
import { myChatbotsQuery, seriesQuery } from "./components/chatbots/chatbot-queries";
import { collectionQuery } from "./components/collections/collection-link";
import { AppLayout } from "./components/layout/app-layout";
import { type GuardOptions, redirectIfSignedIn, requireSignIn } from "./components/layout/guards";
import { PageLoading } from "./components/layout/page-loading";
import { savedQuery, validateSavedSearch } from "./components/members/saved-query";
import { validateListingSearch } from "./components/reviews/review-search";
import { queryClient } from "./lib/query-client";
import { type TRPC, trpc } from "./lib/trpc";
import { NotFoundPage } from "./pages/not-found";
import { RouteError } from "./pages/route-error";

/** What every route gets (create-t3-turbo style): the data layer and the session, for loaders and guards. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPC;
  auth: AuthGate;
}

/**
 * Code-based routes for every path of spec section 2. Each page lives in its own file under
 * src/pages/ and is loaded lazily, so the first paint carries only the shell. Access rules are
 * guards in `beforeLoad`; loaders start the page's reads early (prefetch, not awaited).
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

/** /?search=&platform=&content=&sort=&tags=&excludeTags=: every filtered view of the gallery is a URL. */
const browseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  validateSearch: validateBrowseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // The Following view is a member's own read: the page starts it once the session is known. An
    // address with a value it cannot have asks for nothing (the page says what is wrong).
    const { filters, problems } = readBrowseAddress(deps);
    if (filters.view === "following" || problems.length > 0) return;
    const queries = galleryQueries(context.trpc, filters);
    void context.queryClient.prefetchInfiniteQuery(queries.list);
    void context.queryClient.prefetchQuery(queries.count);
    void context.queryClient.prefetchQuery(queries.tags);
    // The rails are the first thing under the search box on a phone: their code and pages are asked for
    // now, beside the gallery's, not once the gallery's chunk has run.
    if (isPlainGallery(filters)) {
      void import("./components/browse/discovery-rails");
      void context.queryClient.prefetchQuery(context.trpc.chatbots.rails.queryOptions({}));
    }
  },
  component: lazyRouteComponent(() => import("./pages/browse"), "BrowsePage"),
});

/**
 * A page behind a guard: its code is fetched while the guard waits for the session (not after), so
 * a signed-in user's first paint is not held up twice.
 */
function guardedPage<T extends Record<string, unknown>, R>(
  load: () => Promise<T>,
  name: keyof T & string,
  guard: (options: GuardOptions) => Promise<R>,
) {
  const component = lazyRouteComponent(load, name);
  return {
    component,
    beforeLoad: (options: GuardOptions) => {
      void component.preload?.();
      return guard(options);
    },
  };
}

/** Params arrive URL-decoded: /series/My%20Saga/abc → { seriesName: "My Saga", creatorId: "abc" }. */
const seriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/series/$seriesName/$creatorId",
  ...guardedPage(() => import("./pages/series"), "SeriesPage", requireSignIn),
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(seriesQuery(params.seriesName, params.creatorId)),
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/profile/$userId",
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(context.trpc.users.byId.queryOptions({ userId: params.userId })),
  component: lazyRouteComponent(() => import("./pages/profile"), "ProfilePage"),
});

/**
 * /chatbots/{id}/{slug}: a listing's page. Only the id finds it; the page replaces an old or missing
 * slug with the current one (the server answers such a first request with a 301).
 */
const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/chatbots/$id/{-$slug}",
  validateSearch: validateListingSearch,
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(context.trpc.chatbots.byId.queryOptions({ id: params.id })),
  component: lazyRouteComponent(() => import("./pages/listing"), "ListingPage"),
});

/** /collections/{id}/{slug}: a collection's page (issue 38 §2); as for a listing, only the id finds it. */
const collectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/collections/$id/{-$slug}",
  loader: ({ context, params }) =>
    void context.queryClient.prefetchInfiniteQuery(collectionQuery(context.trpc, params.id)),
  component: lazyRouteComponent(() => import("./pages/collection"), "CollectionPage"),
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dashboard",
  ...guardedPage(() => import("./pages/dashboard"), "DashboardPage", requireSignIn),
  loader: ({ context }) => void context.queryClient.prefetchQuery(myChatbotsQuery()),
});

/** Visitors go to /auth; signed-in non-admins are told and sent home by the page (see pages/admin.tsx). */
/** /saved: the member's saved listings, newest saved first (visitors go to /auth, as for the dashboard). */
const savedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/saved",
  validateSearch: validateSavedSearch,
  loaderDeps: ({ search }) => search,
  ...guardedPage(() => import("./pages/saved"), "SavedPage", requireSignIn),
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(savedQuery(context.trpc, deps)),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  validateSearch: validateAdminSearch,
  ...guardedPage(() => import("./pages/admin"), "AdminPage", requireSignIn),
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  ...guardedPage(() => import("./pages/auth"), "AuthPage", redirectIfSignedIn),
});

/**
 * Addresses the server answers itself (a click-out's redirect, a stored picture) and sends the app for only when
 * it refused them to a browser (plugins/app/error-pages.ts): each says what happened, with a way back.
 */
const deadLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/go/$id/$platform",
  component: lazyRouteComponent(() => import("./pages/dead-link"), "DeadLinkPage"),
});

const pictureRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/images/$",
  component: lazyRouteComponent(() => import("./pages/picture-unavailable"), "PictureUnavailablePage"),
});

export const routeTree = rootRoute.addChildren([
  browseRoute,
  seriesRoute,
  profileRoute,
  listingRoute,
  collectionRoute,
  dashboardRoute,
  savedRoute,
  adminRoute,
  authRoute,
  deadLinkRoute,
  pictureRoute,
]);

export function createAppRouter(
  context: RouterContext = { queryClient, trpc, auth: authGate },
  /** Where the address lives: the browser's by default; entry-server.tsx draws one address in memory. */
  history?: RouterHistory,
) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: "intent",
    // The page's reads live in TanStack Query: the router itself keeps nothing stale.
    defaultPreloadStaleTime: 0,
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
