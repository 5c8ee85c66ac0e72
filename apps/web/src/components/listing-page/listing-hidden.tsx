import { AGE_MESSAGES } from "@gallery/schema/age-texts";
import { Button } from "@gallery/ui";
import { Eye } from "lucide-react";
import { PageMessage } from "../common/page-message";

/**
 * A listing the member's own safety settings hide (a blocked tag, or NSFW under Hide), reached by a direct
 * link: the server's reason, and a way to see it this once (the next visit hides it again).
 */
export function ListingHidden({ reason, onShowOnce }: { reason: string; onShowOnce: () => void }) {
  // Under 18 is not a setting: no "show once".
  if (reason === AGE_MESSAGES.listingHidden) return <PageMessage title="Hidden listing" message={`${reason}.`} />;
  return (
    <PageMessage
      title="Hidden listing"
      message={`${reason}. Change your safety settings in the dashboard to stop hiding such listings.`}
      action={
        <Button type="button" onClick={onShowOnce}>
          <Eye aria-hidden="true" />
          Show once
        </Button>
      }
    />
  );
}
