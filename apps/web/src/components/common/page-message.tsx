import { Button } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import type { ReactNode } from "react";
import { failureReason } from "../../lib/errors";
import { type QueryLike, RetryButton, retryOf } from "./load-failed";

interface Props {
  title: string;
  message: string;
  /** A failure the reader should hear at once (role="alert"); a plain statement otherwise. */
  alert?: boolean;
  /** Shown above the title (the 404 page's big number). */
  lead?: ReactNode;
  /** Another way on, shown beside the way back (e.g. "Show once" for a listing hidden by the member's settings). */
  action?: ReactNode;
}

/** A page that has nothing to show but a message and the way back to the gallery (not found, unavailable). */
export function PageMessage({ title, message, alert = false, lead, action }: Props) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-24 text-center">
      {lead}
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground" role={alert ? "alert" : undefined}>
        {message}
      </p>
      {action}
      <Button asChild variant={action ? "outline" : "default"}>
        <Link to="/">
          <Compass aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>
    </div>
  );
}

/** A page whose read failed before anything of it was shown: "{what} could not be loaded", why, and Retry. */
export function PageLoadFailed({ query, what }: { query: QueryLike; what: string }) {
  return (
    <PageMessage
      alert
      title={`${what} could not be loaded`}
      message={failureReason(query.error)}
      action={<RetryButton {...retryOf(query)} />}
    />
  );
}
