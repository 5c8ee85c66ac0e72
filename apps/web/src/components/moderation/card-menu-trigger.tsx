import { MoreHorizontal } from "lucide-react";
import { forwardRef } from "react";

/**
 * The menu's button, the same before and after its code loads: a round button over the picture's top-right
 * corner (as peers' cards carry theirs), legible on any picture.
 */
export const MenuTrigger = forwardRef<HTMLButtonElement, { title: string } & React.ComponentProps<"button">>(
  function MenuTrigger({ title, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-label={`More actions for ${title}`}
        aria-haspopup="menu"
        className="inline-flex size-11 shrink-0 sm:size-8 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white shadow backdrop-blur-sm hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        {...props}
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </button>
    );
  },
);
