import { useRef } from "react";

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Focus goes back to what had it when a dialog opened (the button that opened it), whether or not the
 * dialog has a Radix Trigger: Radix returns focus to its Trigger only, so a dialog opened from state (a row's
 * Edit button, a lazily loaded dialog, the nav's menu button) would leave focus on the page's body.
 * The opener is read in `onOpenAutoFocus`, before Radix moves focus into the dialog. A caller's own
 * `onCloseAutoFocus` that prevents the default wins; an opener that is gone (a deleted row's button) leaves
 * Radix's default. Safari does not focus a button on a click, so a dialog opened by a click there has no opener
 * to return to: where that matters, hand focus back explicitly from `onCloseAutoFocus` (the image modal does).
 */
export function useReturnFocus(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
