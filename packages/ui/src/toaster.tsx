import { Toaster as Sonner, toast as sonnerToast } from "sonner";

/** Spec section 9: toasts show for 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

type Options = { id?: string | number } | undefined;
type AnyToastFn = (message: never, options?: never) => string | number;

/**
 * Spec: the toast list holds at most one toast. Sonner's visibleToasts only hides older ones (they
 * come back when the newest goes), so every new toast first dismisses the others. Updating a toast
 * by id (e.g. loading → success) leaves that toast alone.
 */
function single<F extends AnyToastFn>(show: F): F {
  return ((message: never, options?: never) => {
    const keep = (options as Options)?.id;
    for (const shown of sonnerToast.getToasts()) if (shown.id !== keep) sonnerToast.dismiss(shown.id);
    return show(message, options);
  }) as F;
}

/** sonner's `toast`, limited to one toast at a time. */
export const toast: typeof sonnerToast = Object.assign(single(sonnerToast), {
  ...sonnerToast,
  success: single(sonnerToast.success),
  error: single(sonnerToast.error),
  info: single(sonnerToast.info),
  warning: single(sonnerToast.warning),
  message: single(sonnerToast.message),
  loading: single(sonnerToast.loading),
});

/** The app's toast area: one toast at a time, 5000 ms each. Mount once. */
export function Toaster() {
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
