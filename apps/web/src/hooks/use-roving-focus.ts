import { type KeyboardEvent, useState } from "react";

const ITEM = "data-roving-item";

/**
 * Roving focus for a composite widget (the WAI-ARIA toolbar pattern): the group is one Tab stop, on the
 * item last focused (the first at the start); the arrow keys move between items, wrapping, and Home and
 * End go to the ends. Spread `groupProps` on the container and `itemProps(key)` on each item.
 */
export function useRovingFocus<Key extends string>(keys: readonly Key[]) {
  const [focused, setFocused] = useState<Key>();
  const current = focused !== undefined && keys.includes(focused) ? focused : keys[0];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(`[${ITEM}]`));
    const index = items.indexOf(event.target as HTMLElement);
    if (index < 0 || items.length === 0) return;
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % items.length
        : event.key === "ArrowLeft"
          ? (index + last) % items.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    items[next]?.focus();
  };

  return {
    groupProps: { onKeyDown },
    itemProps: (key: Key) => ({
      [ITEM]: "",
      tabIndex: key === current ? 0 : -1,
      onFocus: () => setFocused(key),
    }),
  };
}
