import { type RefObject, useEffect, useSyncExternalStore } from "react";

/**
 * One search box on screen at a time (issue 40): the gallery (/) has its own search box in its hero, right under the
 * header's. While that box is in sight the header offers its search behind the search button (as on a phone), and
 * shows its box inline again once the page's box has scrolled away under the header.
 */
let pageBoxGone = false;
const listeners = new Set<() => void>();
const set = (gone: boolean) => {
  if (gone === pageBoxGone) return;
  pageBoxGone = gone;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the page's own search box has scrolled out of sight (false while it shows, and on the server). */
export const usePageSearchGone = () =>
  useSyncExternalStore(
    subscribe,
    () => pageBoxGone,
    () => false,
  );

/** The sticky header's height: a box under it is out of sight. */
const HEADER = 63;

/** Follows whether the page's search box (`ref`) is in sight, for the header (usePageSearchGone). */
export function useTrackPageSearch(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => set(!entry?.isIntersecting), {
      rootMargin: `-${HEADER}px 0px 0px 0px`,
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      set(false);
    };
  }, [ref]);
}
