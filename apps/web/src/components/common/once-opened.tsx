import { type ReactNode, Suspense, useState } from "react";

/**
 * A lazily loaded dialog, mounted from its first opening on: nothing of it (its code included) is fetched before,
 * and it stays mounted after, so it can animate closed.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
