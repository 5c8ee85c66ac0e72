import { type RefObject, useEffect, useState } from "react";

export interface ScrollEdges {
  /** Content is hidden before the start (left) edge. */
  start: boolean;
  /** Content is hidden past the end (right) edge. */
  end: boolean;
}

/**
 * Whether a sideways-scrolling element hides content at either edge, kept up to date as it scrolls, resizes
 * or its content changes (`contentKey`), so the edges can fade and offer scroll buttons.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, contentKey: string): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: contentKey is the signal to measure again
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // One pixel of slack: fractional widths leave a sub-pixel scroll at the end.
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    element.addEventListener("scroll", measure, { passive: true });
    // The observer's first call comes once the browser has laid the page out anyway: measuring here at once
    // forced a layout of the whole page while it was still being built (half a second on a slow phone).
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : undefined;
    if (observer) observer.observe(element);
    else measure();
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [ref, contentKey]);
  return edges;
}
