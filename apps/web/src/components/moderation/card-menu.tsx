import { lazy, Suspense, useState } from "react";
import { MenuTrigger } from "./card-menu-trigger";

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
