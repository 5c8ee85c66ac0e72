import type { TagCount } from "@gallery/schema/stats";
import { cn } from "@gallery/ui";
import { ChevronLeft, ChevronRight, Minus, Plus } from "lucide-react";
import { type CSSProperties, useRef } from "react";
import { useRovingFocus } from "../../hooks/use-roving-focus";
import { useScrollEdges } from "../../hooks/use-scroll-edges";
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

/** The width of the faded edge of the row, where its scroll button sits. */
const FADE = "2.5rem";

/** The row's edges fade out where more chips hide (a mask, so it fades over any background). */
function fadeMask(start: boolean, end: boolean): CSSProperties | undefined {
  if (!start && !end) return undefined;
  const mask = `linear-gradient(to right, ${start ? `transparent, black ${FADE}` : "black"}, ${end ? `black calc(100% - ${FADE}), transparent` : "black"})`;
  return { maskImage: mask, WebkitMaskImage: mask };
}

/**
 * Tri-state tag chips: a click includes a tag (listings must have it), a second excludes it (must
 * not), a third lets it go. Chosen tags stay shown even when the facets no longer list them.
 * A toolbar: one Tab stop, the arrow keys move between chips (so 20 chips are not 20 Tab stops before the
 * first card). In a row, edges that hide chips fade and carry scroll buttons for a pointer.
 */
export function TagChips({ filters, tags, onCycle, layout = "row", className }: Props) {
  const chosen = [...splitTags(filters.tags), ...splitTags(filters.excludeTags)];
  const counts = new Map((tags ?? []).map((entry) => [entry.tag, entry.count]));
  const shown = [...chosen, ...(tags ?? []).map((entry) => entry.tag).filter((tag) => !chosen.includes(tag))];
  const roving = useRovingFocus(shown);
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller, shown.join("\n"));
  const row = layout === "row";
  const scrollBy = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * scroller.current.clientWidth * 0.8, behavior: "smooth" });

  const toolbar = (
    <div
      ref={scroller}
      role="toolbar"
      aria-label="Tags"
      {...roving.groupProps}
      style={row ? fadeMask(edges.start, edges.end) : undefined}
      className={cn(
        // A row of fixed height, there before the facets arrive (scrolling sideways when they do not fit), so
        // the grid below never moves when they load; a focused chip scrolls clear of the faded edges.
        row
          ? "flex h-8 scroll-px-10 items-center gap-2 overflow-x-auto whitespace-nowrap [scrollbar-width:none] max-sm:h-12"
          : "flex flex-wrap gap-2",
        !row && className,
      )}
    >
      {shown.map((tag) => {
        const state = tagState(filters, tag);
        const count = counts.get(tag);
        return (
          <button
            key={tag}
            type="button"
            {...roving.itemProps(tag)}
            onClick={() => onCycle(tag)}
            aria-pressed={state === "include" ? true : state === "exclude" ? "mixed" : false}
            data-state={state ?? "none"}
            className={cn(
              // relative: the state text (sr-only, absolutely placed) stays inside the scrolling row.
              // 44 px tall on a phone: a finger's target.
              "relative inline-flex shrink-0 items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-sm:min-h-11 max-sm:px-4 max-sm:text-sm",
              state === "include" && "border-primary bg-primary text-primary-foreground",
              state === "exclude" && "border-destructive bg-destructive/10 text-destructive line-through",
              !state && "border-border hover:bg-muted",
            )}
          >
            {state === "include" && <Plus className="size-3" aria-hidden />}
            {state === "exclude" && <Minus className="size-3" aria-hidden />}
            {tag}
            {/* Dimmed beside the tag, except on an included chip's colour, where dimming fails contrast. */}
            {count !== undefined && state !== "exclude" && (
              <span className={state === "include" ? "font-normal" : "text-muted-foreground"}>{count}</span>
            )}
            {/* The state in words after the visible text, so the name starts with what the chip shows. */}
            <span className="sr-only">, {LABELS[state ?? "none"]}</span>
          </button>
        );
      })}
    </div>
  );
  if (!row) return toolbar;

  // The scroll buttons are for a pointer: the keyboard moves with the arrow keys, so they are no Tab stops.
  const scrollButton = (direction: 1 | -1) => (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={direction === 1 ? "tags-scroll-right" : "tags-scroll-left"}
      onClick={() => scrollBy(direction)}
      // A click scrolls without taking the focus from where it is.
      onMouseDown={(event) => event.preventDefault()}
      className={cn(
        "absolute top-1/2 inline-flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm hover:text-foreground",
        direction === 1 ? "right-0" : "left-0",
      )}
    >
      {direction === 1 ? <ChevronRight className="size-4" /> : <ChevronLeft className="size-4" />}
    </button>
  );
  // Its width never grows with the chips (inline-size containment), so the page itself never scrolls sideways.
  return (
    <div className={cn("relative mt-3 [contain:inline-size]", className)}>
      {toolbar}
      {edges.start && scrollButton(-1)}
      {edges.end && scrollButton(1)}
    </div>
  );
}
