import { useCallback, useSyncExternalStore } from "react";

/** Whether a CSS media query matches, kept up to date (false where matchMedia is missing, e.g. jsdom). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === "function" && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** Tailwind's `lg` breakpoint: the nav bar shows its links and search inline from here up. */
export const LARGE_SCREEN = "(min-width: 1024px)";
