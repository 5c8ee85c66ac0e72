import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app-providers";
import { storeFirstReads } from "./lib/first-reads";
import { queryClient } from "./lib/query-client";
import { trpc } from "./lib/trpc";
import { router } from "./router";
import "./styles.css";

// Before the router's first load: the gallery's first reads may already be in the page.
storeFirstReads(queryClient, trpc);

const root = document.getElementById("root")!;
// A first screen drawn by the server (entry-server.tsx) stays until the app can draw the page whole, in place of
// it: the route's code and reads first, so it is never swapped for a loading state. (Not a top-level await: the
// bundler would split the entry into dozens of files.)
const ready = root.hasChildNodes() ? router.load() : Promise.resolve();

const start = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
// Drawn whatever the first load did (its failures are the router's to show).
void ready.then(start, start);
