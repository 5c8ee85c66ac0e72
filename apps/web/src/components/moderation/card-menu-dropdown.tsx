import { COLLECTION_TEXTS } from "@gallery/schema/collections-texts";
import type { Chatbot, ListingActions } from "@gallery/schema/types";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Flag, FolderPlus, type LucideIcon, Pencil, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { LazyChatbotFormDialog } from "../chatbot-form/lazy-chatbot-form-dialog";
import { AddToCollectionWhenOpen } from "../collections/add-to-collection";
import { DeleteChatbotDialog } from "../dashboard/delete-chatbot-dialog";
import { MenuTrigger } from "./card-menu-trigger";
import { ReportDialogWhenOpen } from "./report-button";

type Dialog = "edit" | "delete" | "report" | "collect" | null;

/** The items of the actions the server allows (`ListingActions`), each opening its dialog. */
const ACTION_ITEMS: { action: keyof ListingActions; icon: LucideIcon; label: string; destructive?: boolean }[] = [
  { action: "edit", icon: Pencil, label: "Edit" },
  { action: "delete", icon: Trash2, label: "Delete", destructive: true },
  { action: "report", icon: Flag, label: "Report" },
];

/**
 * The card menu once its code is here: it opens at once (the click that asked for it), its button taking
 * over the focus of the plain one it replaced. Its items are the server's answer (chatbots.actions): the web
 * restates no rule about who may do what. "Add to collection" is everyone's: a visitor is invited to sign in.
 */
export default function CardMenuDropdown({ chatbot }: { chatbot: Chatbot }) {
  const trpc = useTRPC();
  const actions = useQuery(trpc.chatbots.actions.queryOptions({ id: chatbot.id }));
  const [dialog, setDialog] = useState<Dialog>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const close = (open: boolean) => !open && setDialog(null);
  const allowed = actions.data;
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <MenuTrigger ref={button} title={chatbot.title} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {/* Anyone who sees the listing may collect it (a visitor is invited to sign in). */}
          <DropdownMenuItem onSelect={() => setDialog("collect")}>
            <FolderPlus aria-hidden />
            {COLLECTION_TEXTS.addToCollection}
          </DropdownMenuItem>
          {actions.isPending && <DropdownMenuItem disabled>Loading…</DropdownMenuItem>}
          {actions.isError && (
            <DropdownMenuItem onSelect={() => void actions.refetch()}>
              <RotateCw aria-hidden />
              Could not load actions: try again
            </DropdownMenuItem>
          )}
          {ACTION_ITEMS.filter((item) => allowed?.[item.action]).map(({ action, icon: Icon, label, destructive }) => (
            <DropdownMenuItem
              key={action}
              onSelect={() => setDialog(action)}
              className={destructive ? "text-destructive" : undefined}
            >
              <Icon aria-hidden className={destructive ? "text-destructive!" : undefined} />
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyChatbotFormDialog open={dialog === "edit"} onOpenChange={close} chatbot={chatbot} />
      <DeleteChatbotDialog chatbot={dialog === "delete" ? chatbot : null} onClose={() => setDialog(null)} />
      <AddToCollectionWhenOpen chatbot={chatbot} open={dialog === "collect"} onOpenChange={close} />
      <ReportDialogWhenOpen
        target={{ kind: "listing", id: chatbot.id, name: chatbot.title }}
        open={dialog === "report"}
        onOpenChange={close}
      />
    </>
  );
}
