import type { TagCount } from "@gallery/schema/stats";
import { cn } from "@gallery/ui";
import { Minus, Plus } from "lucide-react";
import { type BrowseSearch, splitTags, type TagState, tagState } from "./browse-filters";

interface Props {
  filters: BrowseSearch;
  /** The top tags for the current filters, with counts (undefined while loading). */
  tags: TagCount[] | undefined;
  onCycle: (tag: string) => void;
  /** "row": one scrolling row of fixed height (the page); "wrap": as many lines as needed (the phone's sheet). */
  layout?: "row" | "wrap";
  className?: string;
}

const LABELS: Record<NonNullable<TagState> | "none", string> = {
  none: "not filtered",
  include: "included",
  exclude: "excluded",
};

/**
 * Tri-state tag chips: a click includes a tag (listings must have it), a second excludes it (must
 * not), a third lets it go. Chosen tags stay shown even when the facets no longer list them.
 */
export function TagChips({ filters, tags, onCycle, layout = "row", className }: Props) {
  const chosen = [...splitTags(filters.tags), ...splitTags(filters.excludeTags)];
  const counts = new Map((tags ?? []).map((entry) => [entry.tag, entry.count]));
  const shown = [...chosen, ...(tags ?? []).map((entry) => entry.tag).filter((tag) => !chosen.includes(tag))];
  // One row of fixed height, there before the facets arrive (scrolling sideways when they do not fit), so
  // the grid below never moves when they load; its width never grows with the chips (inline-size containment),
  // so the page itself never scrolls sideways.
  return (
    <ul
      className={cn(
        layout === "row"
          ? "mt-3 flex h-8 items-center gap-2 overflow-x-auto whitespace-nowrap [contain:inline-size]"
          : "flex flex-wrap gap-2",
        className,
      )}
      aria-label="Tags"
    >
      {shown.map((tag) => {
        const state = tagState(filters, tag);
        const count = counts.get(tag);
        return (
          <li key={tag}>
            <button
              type="button"
              onClick={() => onCycle(tag)}
              aria-pressed={state === "include" ? true : state === "exclude" ? "mixed" : false}
              data-state={state ?? "none"}
              className={cn(
                // relative: the state text (sr-only, absolutely placed) stays inside the scrolling row.
                "relative inline-flex shrink-0 items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors",
                state === "include" && "border-primary bg-primary text-primary-foreground",
                state === "exclude" && "border-destructive bg-destructive/10 text-destructive line-through",
                !state && "border-border hover:bg-muted",
              )}
            >
              {state === "include" && <Plus className="size-3" aria-hidden />}
              {state === "exclude" && <Minus className="size-3" aria-hidden />}
              {tag}
              {count !== undefined && state !== "exclude" && <span className="opacity-70">{count}</span>}
              {/* The state in words after the visible text, so the name starts with what the chip shows. */}
              <span className="sr-only">, {LABELS[state ?? "none"]}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
