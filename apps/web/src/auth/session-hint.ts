import { createContext } from "react";

/**
 * Whether this browser was signed in when the session was last known. Only a hint for the first
 * moments of a page load (the nav bar keeps the right-sized place free until the session is known);
 * never used to decide anything.
 */
const KEY = "gallery.signed-in";

/**
 * Whether the request a page was drawn for on the server (entry-server.tsx) came with a session: the hint there,
 * where no browser storage is. Undefined in the browser.
 */
export const DrawnForMember = createContext<boolean | undefined>(undefined);

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode, blocked): the hint is optional.
  }
}
