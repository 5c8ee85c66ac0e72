import { getRouteApi } from "@tanstack/react-router";
import { AdminPanel } from "../components/admin/admin-panel";
import { DelayedRedirect } from "../components/layout/guards";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/admin");

/** /admin: moderators (the server's `isAdmin`); a signed-in non-admin is told and sent to / (guard in the router). */
export function AdminPage() {
  const { user } = route.useRouteContext();
  useDocumentTitle("Admin Panel");
  if (!user.isAdmin) return <DelayedRedirect to="/" message="Admin access required. Redirecting..." />;
  return <AdminPanel />;
}
