import { useParams } from "@tanstack/react-router";
import { ComingSoon } from "../components/common/coming-soon";
import { RequireSignInOrLogin } from "../components/layout/guards";

/** /series/{seriesName}/{creatorId} (params URL-decoded); requires sign-in (placeholder). */
export function SeriesPage() {
  const { seriesName } = useParams({ from: "/series/$seriesName/$creatorId" });
  return (
    <RequireSignInOrLogin>
      <ComingSoon title={seriesName}>The series page is coming soon.</ComingSoon>
    </RequireSignInOrLogin>
  );
}
