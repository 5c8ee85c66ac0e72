import type { CollectionSummary } from "@gallery/schema";
import {
  COLLECTION_TEXTS,
  moveDownLabel,
  movedTo,
  moveUpLabel,
  removedFromCollection,
  removeLabel,
} from "@gallery/schema/collections-texts";
import type { Chatbot } from "@gallery/schema/types";
import { Button, cn, toast } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, type LucideIcon, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { ChatbotCard } from "../chatbots/chatbot-card";
import { CARD_GRID } from "../chatbots/chatbot-grid";

type Direction = "up" | "down";
const DIRECTIONS: Direction[] = ["up", "down"];
/** Move up and Move down: each one's arrow, its name for a listing, and its tooltip. */
const MOVES = {
  up: { icon: ArrowUp, label: moveUpLabel, title: COLLECTION_TEXTS.moveUp },
  down: { icon: ArrowDown, label: moveDownLabel, title: COLLECTION_TEXTS.moveDown },
} satisfies Record<Direction, { icon: LucideIcon; label: (title: string) => string; title: string }>;

/**
 * The owner's view of their collection's listings: the gallery's cards in their order, each with Move up, Move down
 * (buttons, so the keyboard and a screen reader move items as a pointer does) and Remove. A move keeps the focus on
 * the button that was pressed and says where the listing went (a polite live region).
 *
 * The owner may be shown fewer listings than the collection holds (their own settings hide some; moderation withholds
 * some), so a listing's place among those shown is not its place in the whole order. A move asks for the place the
 * shown order suggests; the answer is the whole order, and if the listing is not then next to the neighbour it was
 * moved past, one more move puts it there.
 */
export function OwnerItems({ collection, chatbots }: { collection: CollectionSummary; chatbots: Chatbot[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [said, setSaid] = useState("");
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refresh = () => queryClient.invalidateQueries(trpc.collections.pathFilter());
  const move = useMutation(trpc.collections.move.mutationOptions());
  const remove = useMutation(trpc.collections.remove.mutationOptions());
  // While a change is on its way the controls do nothing (not disabled: that would drop the focus of the one pressed).
  const busy = move.isPending || remove.isPending;

  // The moved listing's button keeps the focus once the new order is drawn (moving its card's node drops the focus);
  // at an end of the order (that button now disabled) its twin takes it.
  const refocus = useRef<{ id: string; direction: Direction; index: number } | null>(null);
  const order = chatbots.map((chatbot) => chatbot.id).join(" ");
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || order.split(" ")[wanted.index] !== wanted.id) return;
    refocus.current = null;
    const pressed = buttons.current.get(`${wanted.id} ${wanted.direction}`);
    const twin = buttons.current.get(`${wanted.id} ${wanted.direction === "up" ? "down" : "up"}`);
    (pressed && !pressed.disabled ? pressed : twin)?.focus();
  }, [order]);

  const moveItem = async (index: number, direction: Direction) => {
    if (busy) return;
    const item = chatbots[index]!;
    const neighbour = chatbots[direction === "up" ? index - 1 : index + 1]!;
    // Where the item belongs in a whole order: just before (up) or after (down) the neighbour.
    const placeIn = (order: string[]) => {
      const at = order.filter((id) => id !== item.id).indexOf(neighbour.id);
      return direction === "up" ? at : at + 1;
    };
    try {
      const guess = direction === "up" ? index - 1 : index + 1;
      const answer = await move.mutateAsync({ id: collection.id, chatbotId: item.id, position: guess });
      const place = placeIn(answer.chatbotIds);
      if (answer.chatbotIds.indexOf(item.id) !== place) {
        await move.mutateAsync({ id: collection.id, chatbotId: item.id, position: place });
      }
      const moved = { id: item.id, direction, index: direction === "up" ? index - 1 : index + 1 };
      refocus.current = moved;
      await refresh();
      setSaid(movedTo(item.title, moved.index + 1));
    } catch (error) {
      toastError(error, COLLECTION_TEXTS.changeFailed);
      void refresh();
    }
  };

  const removeItem = (item: Chatbot) =>
    !busy &&
    remove.mutate(
      { id: collection.id, chatbotId: item.id },
      {
        onSuccess: () => {
          toast.success(removedFromCollection(collection.title));
          void refresh();
        },
        onError: (error) => {
          toastError(error, COLLECTION_TEXTS.changeFailed);
          void refresh();
        },
      },
    );

  const control = "size-11 sm:size-9";
  return (
    <>
      <p role="status" className="sr-only">
        {said}
      </p>
      <ol className={cn(CARD_GRID)} aria-label={`${collection.title}: its order`}>
        {chatbots.map((chatbot, index) => (
          <li key={chatbot.id} className="flex flex-col gap-1.5" data-testid="collection-item">
            <ChatbotCard chatbot={chatbot} priority={index < 5} />
            <div className="flex items-center justify-between gap-1">
              <div className="flex gap-1">
                {DIRECTIONS.map((direction) => {
                  const { icon: Icon, label, title } = MOVES[direction];
                  return (
                    <Button
                      key={direction}
                      ref={(button) =>
                        void (button ? buttons.current.set(`${chatbot.id} ${direction}`, button) : undefined)
                      }
                      variant="outline"
                      size="icon"
                      className={control}
                      aria-label={label(chatbot.title)}
                      title={title}
                      // Up stops at the first; down at the last one shown (past it is not known here: a next page
                      // may follow).
                      disabled={index === (direction === "up" ? 0 : chatbots.length - 1)}
                      onClick={() => void moveItem(index, direction)}
                    >
                      <Icon aria-hidden />
                    </Button>
                  );
                })}
              </div>
              <Button
                variant="ghost"
                size="icon"
                className={control}
                aria-label={removeLabel(chatbot.title)}
                title={COLLECTION_TEXTS.remove}
                onClick={() => removeItem(chatbot)}
              >
                <X aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
