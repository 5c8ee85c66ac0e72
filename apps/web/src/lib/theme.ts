import { useCallback, useSyncExternalStore } from "react";

/**
 * The colour theme: the visitor's stored choice, else the system's setting (public/theme.js applies it before
 * the first paint; this keeps it applied and lets the toggle change it).
 */
export type Theme = "light" | "dark";

const STORAGE_KEY = "theme";
const SYSTEM_DARK = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === "function" && window.matchMedia(SYSTEM_DARK).matches ? "dark" : "light";
}

export function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

function apply() {
  document.documentElement.classList.toggle("dark", currentTheme() === "dark");
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const system = typeof window.matchMedia === "function" ? window.matchMedia(SYSTEM_DARK) : null;
  system?.addEventListener("change", apply);
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && apply();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    system?.removeEventListener("change", apply);
    window.removeEventListener("storage", onStorage);
  };
}

/** The theme in effect, and a setter that remembers the choice on this device. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => "light" as const);
  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    apply();
  }, []);
  return [theme, setTheme];
}
