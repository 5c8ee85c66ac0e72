import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { CreateActionProvider } from "../components/layout/create-action";
import { NavBar } from "../components/layout/nav-bar";
import { makeQueryClient } from "../lib/query-client";
import { TRPCProvider, trpcClient } from "../lib/trpc";

/**
 * Renders the nav bar above a small route tree shaped like the app's (/, /dashboard, /admin, /auth),
 * starting at `path`. `page` replaces the /dashboard page (e.g. to supply a create action). The data cache is
 * `queryClient` (a new one unless given: seed it with the server's answers the nav bar reads).
 */
export async function renderWithNav(
  path = "/dashboard",
  page: () => ReactElement = () => <h1>Dashboard page</h1>,
  queryClient: QueryClient = makeQueryClient(),
) {
  const rootRoute = createRootRoute({
    component: () => (
      <CreateActionProvider>
        <NavBar />
        <Outlet />
      </CreateActionProvider>
    ),
  });
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: "/",
      validateSearch: (search: Record<string, unknown>): { search?: string } =>
        typeof search.search === "string" ? { search: search.search } : {},
      component: () => <h1>Browse page</h1>,
    }),
    createRoute({ getParentRoute: () => rootRoute, path: "/dashboard", component: page }),
    createRoute({ getParentRoute: () => rootRoute, path: "/admin", component: () => <h1>Admin page</h1> }),
    createRoute({ getParentRoute: () => rootRoute, path: "/auth", component: () => <h1>Auth page</h1> }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}

/** Makes matchMedia answer `matches` for every query (jsdom has no matchMedia). */
export function stubScreen(large: boolean) {
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) => ({
    matches: large,
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
  vi.stubGlobal("matchMedia", matchMedia);
}
