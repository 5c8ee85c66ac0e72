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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
