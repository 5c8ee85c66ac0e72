import { Toaster } from "@gallery/ui";
import { Outlet } from "@tanstack/react-router";
import { CreateActionProvider } from "./create-action";
import { NavBar } from "./nav-bar";

export function AppLayout() {
  return (
    <CreateActionProvider>
      <NavBar />
      <main className="mx-auto max-w-7xl px-4 pb-16">
        <Outlet />
      </main>
      <Toaster />
    </CreateActionProvider>
  );
}
