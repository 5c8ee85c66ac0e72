import { Skeleton } from "@gallery/ui";
import type { ReactNode } from "react";

// The rails' frame, in the gallery's own chunk: their code loads apart (discovery-rails.tsx), and these
// placeholders hold their place meanwhile, so nothing below them moves when they arrive.

export const RAIL_LIST = "-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2";
/** The rails a visitor sees (trending, popular, most saved); a member's own comes after them. */
const VISITOR_RAILS = 3;

/** A rail's heading row (the same height with or without its text, so placeholders match). */
export function RailHeading({ id, title, children }: { id?: string; title?: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3">
      {title ? (
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
      ) : (
        <Skeleton className="h-6 w-44" />
      )}
      {children}
    </div>
  );
}

export const RAIL_SKELETON = Array.from({ length: 7 }, (_, index) => (
  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
  <li key={index} className="w-36 shrink-0 space-y-1.5 sm:w-40" aria-hidden>
    <Skeleton className="aspect-[2/3] w-full" />
    <Skeleton className="h-5 w-3/4" />
    <Skeleton className="h-4 w-1/2" />
  </li>
));

/** While the rails' code loads: their frames with placeholder pictures. */
export function RailSkeletons() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading">
      {Array.from({ length: VISITOR_RAILS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={index} className="space-y-2">
          <RailHeading />
          <ul className={RAIL_LIST}>{RAIL_SKELETON}</ul>
        </div>
      ))}
    </div>
  );
}
