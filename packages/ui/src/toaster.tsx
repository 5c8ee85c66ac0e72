import { Toaster as Sonner } from "sonner";

export { toast } from "sonner";

/** Spec: at most one toast at a time, shown for 5000 ms. */
export function Toaster() {
  return <Sonner visibleToasts={1} duration={5000} position="bottom-right" richColors closeButton />;
}
