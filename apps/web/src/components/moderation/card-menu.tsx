import { MoreHorizontal } from "lucide-react";
import { forwardRef, lazy, Suspense, useState } from "react";

// The menu's code (Radix's dropdown and its positioning: about 29 kB gzip) loads when a card's menu is
// first wanted, not with the gallery: a grid of cards carries plain buttons until then.
const loadMenu = () => import("./card-menu-dropdown");
const CardMenuDropdown = lazy(loadMenu);

interface Props {
  chatbotId: string;
  title: string;
}

/** A listing card's menu ("More actions"): Report, for visitors and members alike. */
export function CardMenu({ chatbotId, title }: Props) {
  const [wanted, setWanted] = useState(false);
  const trigger = (
    <MenuTrigger title={title} onClick={() => setWanted(true)} onPointerEnter={loadMenu} onFocus={loadMenu} />
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <CardMenuDropdown chatbotId={chatbotId} title={title} />
    </Suspense>
  );
}

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
