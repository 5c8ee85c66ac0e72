import type { Chatbot } from "@gallery/schema/types";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { MenuTrigger } from "./card-menu-trigger";

// The menu's code (Radix's dropdown and its positioning: about 29 kB gzip) loads when a card's menu is
// first wanted, not with the gallery: a grid of cards carries plain buttons until then.
const loadMenu = () => import("./card-menu-dropdown");
const CardMenuDropdown = lazy(loadMenu);

/**
 * A listing card's menu ("More actions"): what the server says the viewer may do with the listing (its owner
 * Edit and Delete, anyone else Report), asked for with the menu's code when the pointer or the focus reaches it.
 */
export function CardMenu({ chatbot }: { chatbot: Chatbot }) {
  const [wanted, setWanted] = useState(false);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prepare = () => {
    void loadMenu();
    void queryClient.prefetchQuery(trpc.chatbots.actions.queryOptions({ id: chatbot.id }));
  };
  const trigger = (
    <MenuTrigger title={chatbot.title} onClick={() => setWanted(true)} onPointerEnter={prepare} onFocus={prepare} />
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <CardMenuDropdown chatbot={chatbot} />
    </Suspense>
  );
}
