import type { AppRouter } from "@gallery/api/router";
import type { AnsweredRead } from "@gallery/schema/first-reads";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { AppProviders } from "./app-providers";
import { createAuthGate } from "./auth/auth-gate";
import { DrawnForMember } from "./auth/session-hint";
import { storeAnsweredReads } from "./lib/first-reads";
import { makeQueryClient } from "./lib/query-client";
import { createAppRouter } from "./router";

/** The server draws from the answers it carries in the page, never from the network. */
const refuse: typeof fetch = () =>
  Promise.reject(new Error("a page drawn on the server reads only its carried answers"));

/**
 * The app's first screen for an address, drawn by the api (built by `vite build --ssr` into dist/server) from the
 * answers the served page carries, so a phone shows the page as soon as its HTML and styles arrive; the app draws
 * it again over this when it starts (main.tsx). A read without an answer is drawn as the app draws it while
 * loading; the session is not known yet (as in the app's first moments), only whether the request had one.
 * Its own cache, router and session gate per page: nothing is shared between requests.
 */
export async function drawPage(
  url: string,
  reads: readonly AnsweredRead[],
  request: { signedIn: boolean },
): Promise<string> {
  const queryClient = makeQueryClient();
  const trpcClient = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "http://drawn-on-the-server.invalid/trpc", fetch: refuse })],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  storeAnsweredReads(queryClient, trpc, reads);
  const router = createAppRouter(
    { queryClient, trpc, auth: createAuthGate() },
    createMemoryHistory({ initialEntries: [url] }),
  );
  // Its scroll position is the browser's own on a first load: the router's restoring script is for the app's.
  router.update({ ...router.options, scrollRestoration: false });
  await router.load();
  // prerender (not renderToString) waits for the lazily loaded parts (the rails), as the app shows them.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders clients={{ queryClient, trpcClient }}>
        {/* The top bar keeps the place of what the session will show (its placeholder), as the app does. */}
        <DrawnForMember value={request.signedIn}>
          <RouterProvider router={router} />
        </DrawnForMember>
      </AppProviders>
    </StrictMode>,
    // Every part inline, in order (a large part is otherwise sent apart with a script that moves it in place).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}
