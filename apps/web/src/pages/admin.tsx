import { AdminPanel } from "../components/admin/admin-panel";
import { RequireAdmin } from "../components/layout/guards";

/** /admin: admins and super admins (spec section 2); others are turned away by RequireAdmin. */
export function AdminPage() {
  return (
    <RequireAdmin>
      <AdminPanel />
    </RequireAdmin>
  );
}
