import type { FormEvent } from "react";

/** A plain form's `onSubmit`: `send` sends it here, instead of the page load the browser would start. */
export const withoutReload = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};
