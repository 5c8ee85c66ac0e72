import { useRef } from "react";

/** A Radix content's focus handlers, as a dialog's, an alert dialog's or a sheet's props carry them. */
interface AutoFocusProps {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/**
 * Focus goes back to what had it when a dialog opened (the button that opened it), whether or not the
 * dialog has a Radix Trigger: Radix returns focus to its Trigger only, so a dialog opened from state (a row's
 * Edit button, a lazily loaded dialog, the nav's menu button) would leave focus on the page's body.
 * The opener is read in `onOpenAutoFocus`, before Radix moves focus into the dialog. A caller's own
 * `onCloseAutoFocus` that prevents the default wins. An opener that is gone (a deleted row's button), or goes
 * a moment later (the list redraws after the delete), hands focus to the page's main landmark rather than
 * leaving it on the body, where a keyboard user would start again from the top. Safari does not focus a button on a click, so a dialog opened by a click there has no opener
 * to return to: where that matters, hand focus back explicitly from `onCloseAutoFocus` (the image modal does).
 * Takes the content's props and gives them back with these two handlers in place of the caller's (which still run).
 */
export function useReturnFocus<P extends AutoFocusProps>(props: P): P {
  const opener = useRef<HTMLElement | null>(null);
  const { onOpenAutoFocus, onCloseAutoFocus } = props;
  return {
    ...props,
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (!element?.isConnected) {
        focusMain();
        return;
      }
      element.focus();
      whenRemoved(element, () => {
        if (document.activeElement === document.body || document.activeElement === null) focusMain();
      });
    },
  };
}

/** How long after a dialog closes its opener may still vanish with the redraw the dialog caused. */
const REDRAW_WINDOW_MS = 5000;

function whenRemoved(element: HTMLElement, then: () => void) {
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    stop();
    then();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const timer = setTimeout(stop, REDRAW_WINDOW_MS);
  observer.observe(document.body, { childList: true, subtree: true });
}

function focusMain() {
  const main = document.querySelector<HTMLElement>("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.tabIndex = -1;
  main.focus({ preventScroll: true });
}
