/**
 * The app's `toast`: success, error and info messages with an optional description. It carries no toast
 * library: calls wait in a queue until the Toaster (`./toaster.tsx`, loaded after the first render) takes
 * them, so sonner's code is not part of a page's first download.
 */
export type ToastKind = "success" | "error" | "info";
export interface ToastCall {
  kind: ToastKind;
  message: string;
  options?: { description?: string };
}

let deliver: ((call: ToastCall) => void) | null = null;
const waiting: ToastCall[] = [];

const show = (kind: ToastKind) => (message: string, options?: ToastCall["options"]) => {
  const call = { kind, message, ...(options ? { options } : {}) };
  if (deliver) deliver(call);
  else waiting.push(call);
};

export const toast = { success: show("success"), error: show("error"), info: show("info") };

/** The mounted Toaster takes the calls, those made before it first; returns how to let go again. */
export function connectToaster(take: (call: ToastCall) => void): () => void {
  deliver = take;
  for (const call of waiting.splice(0)) take(call);
  return () => {
    if (deliver === take) deliver = null;
  };
}
