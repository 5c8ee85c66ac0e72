import { ComingSoon } from "../components/common/coming-soon";

/** /auth: sign-in and sign-up (placeholder). Signed-in visitors are redirected to / by the router. */
export function AuthPage() {
  return <ComingSoon title="Welcome to the gallery">Sign in is coming soon.</ComingSoon>;
}
