import { ComingSoon } from "../components/common/coming-soon";

/** /profile/{userId}: public creator profile (placeholder). */
export function ProfilePage() {
  return <ComingSoon title="Creator Profile">Creator profiles are coming soon.</ComingSoon>;
}
