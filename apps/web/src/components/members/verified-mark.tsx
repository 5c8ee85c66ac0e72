import { VERIFICATION_TEXTS } from "@gallery/schema/verification-texts";
import { cn } from "@gallery/ui";
import { BadgeCheck } from "lucide-react";
import { useId } from "react";

/** What the mark means, shown on hover and keyboard focus (tested word for word). */
export const VERIFIED_EXPLAINED = VERIFICATION_TEXTS.markExplained;

/**
 * The verified-creator mark beside a creator's name (cards, listing pages, profiles). Focusable, named
 * "Verified creator" and described by its tooltip, which shows while it is hovered or focused (CSS only, so a
 * card full of marks costs no script).
 */
export function VerifiedMark({ className }: { className?: string }) {
  const tooltip = useId();
  return (
    <span className={cn("group relative inline-flex shrink-0 items-center", className)}>
      <span
        role="img"
        aria-label="Verified creator"
        aria-describedby={tooltip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the mark to read what it means
        tabIndex={0}
        className="inline-flex rounded-full text-sky-600 outline-none focus-visible:ring-2 focus-visible:ring-ring dark:text-sky-400"
      >
        <BadgeCheck className="size-4" aria-hidden />
      </span>
      <span
        role="tooltip"
        id={tooltip}
        className={cn(
          "pointer-events-none absolute bottom-full left-1/2 z-30 mb-2 hidden w-56 -translate-x-1/2 rounded-md border",
          "bg-popover px-3 py-2 text-left text-xs font-normal text-popover-foreground shadow-md",
          "group-focus-within:block group-hover:block",
        )}
      >
        {VERIFIED_EXPLAINED}
      </span>
    </span>
  );
}
