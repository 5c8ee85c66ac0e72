import { ComingSoon } from "../components/common/coming-soon";
import { RequireSignIn } from "../components/layout/guards";

/** /dashboard: signed in → personal dashboard; anonymous → the auth page (placeholder). */
export function DashboardPage() {
  return (
    <RequireSignIn>
      <ComingSoon title="My Dashboard">Manage your chatbots and track performance</ComingSoon>
    </RequireSignIn>
  );
}
