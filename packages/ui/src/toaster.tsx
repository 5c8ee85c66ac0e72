import { useEffect } from "react";
import { Toaster as Sonner, toast as sonnerToast } from "sonner";
import { connectToaster, type ToastCall } from "./toast";

/** Spec section 9: toasts show for 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

/**
 * Spec: the toast list holds at most one toast. Sonner's visibleToasts only hides older ones (they
 * come back when the newest goes), so every new toast first dismisses the others.
 */
function showOnly({ kind, message, options }: ToastCall) {
  for (const shown of sonnerToast.getToasts()) sonnerToast.dismiss(shown.id);
  sonnerToast[kind](message, options);
}

/**
 * The app's toast area: one toast at a time, 5000 ms each. Mount once (`@gallery/ui/toaster`, loaded
 * apart from the page); `toast` calls made before it mounted show then.
 */
export function Toaster() {
  useEffect(() => connectToaster(showOnly), []);
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
    />
  );
}
