import { useEffect, useState } from "react";

/** After a picture fails, it is tried again after these waits (a busy server asks for 5 s), then on focus or online. */
export const PICTURE_RETRY_DELAYS_MS = [2_000, 6_000, 15_000] as const;

/**
 * A picture that did not load (a busy server's 503, a dropped connection, a picture that is gone) shows the
 * designed placeholder, and is tried again off screen: after a few growing waits, then whenever the page comes
 * back into view or the browser back online. Once a try loads, the picture is shown (from the browser's cache);
 * a picture that is really gone keeps the placeholder. Another source starts afresh.
 */
export function usePictureRetry(src: string | null): { failed: boolean; onError: () => void } {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && src === failedSrc;

  useEffect(() => {
    if (!failed || src === null) return;
    let stopped = false;
    let tries = 0;
    let timer: number | undefined;
    let probe: HTMLImageElement | undefined;
    const attempt = () => {
      if (stopped || probe) return;
      window.clearTimeout(timer);
      const image = new Image();
      probe = image;
      image.onload = () => {
        if (!stopped) setFailedSrc((current) => (current === src ? null : current));
      };
      image.onerror = () => {
        probe = undefined;
        schedule();
      };
      image.src = src;
    };
    const schedule = () => {
      const delay = PICTURE_RETRY_DELAYS_MS[tries++];
      if (delay !== undefined && !stopped) timer = window.setTimeout(attempt, delay);
    };
    const whenVisible = () => {
      if (document.visibilityState === "visible") attempt();
    };
    schedule();
    window.addEventListener("focus", attempt);
    window.addEventListener("online", attempt);
    document.addEventListener("visibilitychange", whenVisible);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      if (probe) probe.onload = probe.onerror = null;
      window.removeEventListener("focus", attempt);
      window.removeEventListener("online", attempt);
      document.removeEventListener("visibilitychange", whenVisible);
    };
  }, [failed, src]);

  return { failed, onError: () => setFailedSrc(src) };
}
