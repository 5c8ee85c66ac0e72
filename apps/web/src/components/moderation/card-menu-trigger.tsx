import { MoreHorizontal } from "lucide-react";
import { forwardRef } from "react";

/** The menu's button, the same before and after its code loads. */
export const MenuTrigger = forwardRef<HTMLButtonElement, { title: string } & React.ComponentProps<"button">>(
  function MenuTrigger({ title, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-label={`More actions for ${title}`}
        aria-haspopup="menu"
        className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:size-8"
        {...props}
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </button>
    );
  },
);
