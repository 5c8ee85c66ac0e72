/**
 * A Radix dismiss handler (Escape, a press or focus outside) that keeps the dialog open while `preventClose` is
 * true (its action is pending); the caller's own handler runs after, either way.
 */
export function dismissUnless<E extends Event>(preventClose: boolean, handler: ((event: E) => void) | undefined) {
  return (event: E) => {
    if (preventClose) event.preventDefault();
    handler?.(event);
  };
}
