import { RAIL_SORTS } from "@gallery/schema/rails";
import { cn, Skeleton } from "@gallery/ui";
import { type ReactNode, useContext, useState } from "react";
import { DrawnForMember, wasSignedIn } from "../../auth/session-hint";
import { useAuth } from "../../auth/use-auth";

// The rails' frame, in the gallery's own chunk: their code loads apart (discovery-rails.tsx), and these
// placeholders hold their place meanwhile, so nothing below them moves when they arrive.

/**
 * The rails side by side from 1024 px (each a column of its own that scrolls sideways), one under another below:
 * short enough that the gallery starts on the first screen at 1280 × 800 and on the second on a phone.
 */
export const RAILS_GRID = "grid gap-x-6 gap-y-2 lg:grid-cols-3";

/**
 * Whether a member's own rail ("From creators you follow", issue 27) has its place: once the session is known, for a
 * member; until then as the session hint guesses (the server's drawing: whether the request came with a session; the
 * browser: whether it was signed in last time), so the place is there from the first paint and nothing below moves
 * when the session is known.
 */
export function useMemberRail(): boolean {
  const drawnForMember = useContext(DrawnForMember);
  const [hinted] = useState(() => drawnForMember ?? wasSignedIn());
  const { isAuthenticated, isLoading } = useAuth();
  return isLoading ? hinted : isAuthenticated;
}
/**
 * A rail's row of cards. Padded on every side (and pulled back by as much) so a card's focus ring is never cut by
 * the row's overflow; the scroll padding keeps a card brought into view clear of the edge fade.
 */
export const RAIL_LIST =
  "-m-1.5 flex snap-x scroll-px-8 gap-3 overflow-x-auto p-1.5 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden";
/** A rail card's width: three and a bit show in a 390 px screen and in a third of 1280 px. */
export const RAIL_CARD = "w-28 shrink-0 snap-start";
/** Three rails (trending, popular, most saved; for a member the third is their own: discovery-rails.tsx). */
const VISITOR_RAILS = RAIL_SORTS.length;

/** A rail's heading row (the same height with or without its text, so placeholders match). */
export function RailHeading({ id, title, children }: { id?: string; title?: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-2">
      {title ? (
        <h2 id={id} className="truncate text-base font-semibold tracking-tight sm:text-lg">
          {title}
        </h2>
      ) : (
        <Skeleton className="h-6 w-40" />
      )}
      {children}
    </div>
  );
}

export const RAIL_SKELETON = Array.from({ length: 7 }, (_, index) => (
  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
  <li key={index} className={cn(RAIL_CARD, "space-y-1")} aria-hidden>
    <Skeleton className="aspect-[2/3] w-full" />
    <Skeleton className="h-5 w-3/4" />
    <Skeleton className="h-4 w-1/2" />
  </li>
));

/** One rail's placeholder: its heading row and a row of placeholder cards. */
export function RailSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <RailHeading />
      <ul className={RAIL_LIST}>{RAIL_SKELETON}</ul>
    </div>
  );
}

/** While the rails' code loads: their frames with placeholder pictures (three, a member's own rail among them). */
export function RailSkeletons() {
  return (
    <div className={RAILS_GRID} role="status" aria-label="Loading">
      {Array.from({ length: VISITOR_RAILS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <RailSkeleton key={index} />
      ))}
    </div>
  );
}
