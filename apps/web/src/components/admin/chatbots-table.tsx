import type { AdminChatbot } from "@gallery/schema";
import { Badge } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ImageOff, Pencil } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { LazyChatbotFormDialog } from "../chatbot-form/lazy-chatbot-form-dialog";
import { AdminList, actionsColumn, NEXT_PAGE, useRowDelete } from "./admin-list";
import { platformColumn } from "./display";
import { ListingPerformance } from "./listing-performance";
import { useAdminAction } from "./use-moderation-filters";

/** Chatbot Management: every listing, a page at a time, with edit and delete. */
export function ChatbotsTable() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.admin.chatbots.infiniteQueryOptions({}, NEXT_PAGE));
  const [editing, setEditing] = useState<{ open: boolean; chatbot: AdminChatbot | null }>({
    open: false,
    chatbot: null,
  });
  const remove = useRowDelete<AdminChatbot>({
    title: "Delete Chatbot",
    description: (chatbot) => `Are you sure you want to delete "${chatbot.title}"? This action cannot be undone.`,
    mutation: useAdminAction(trpc.admin.deleteChatbot.mutationOptions(), {
      success: "Chatbot deleted successfully!",
      failure: "Failed to delete chatbot. Please try again.",
    }),
  });

  return (
    <>
      <AdminList
        title="Chatbot Management"
        query={query}
        what="The chatbots"
        empty="No Chatbots Found"
        loadingHeight="h-32"
        columns={[
          {
            label: "Image",
            cell: (chatbot) => (
              <div className="flex h-14 w-10 items-center justify-center overflow-hidden rounded bg-muted">
                {chatbot.thumbnailUrl ? (
                  <img src={chatbot.thumbnailUrl} alt={chatbot.title} className="h-full w-full object-cover" />
                ) : (
                  <ImageOff className="h-4 w-4 text-muted-foreground" aria-label="No image" />
                )}
              </div>
            ),
          },
          {
            label: "Name",
            cell: (chatbot) => (
              <>
                <div className="font-medium">{chatbot.title}</div>
                {chatbot.storySeries && <div className="text-xs text-muted-foreground">{chatbot.storySeries}</div>}
              </>
            ),
          },
          {
            label: "Creator",
            cell: (chatbot) => (
              <>
                <div>{chatbot.userName}</div>
                <div className="text-xs text-muted-foreground">{chatbot.userEmail}</div>
              </>
            ),
          },
          {
            label: "Platform",
            cell: (chatbot) => (
              <div className="flex gap-1">
                {platformColumn(chatbot).map((platform) => (
                  <Badge key={platform} variant="outline">
                    {platform}
                  </Badge>
                ))}
              </div>
            ),
          },
          {
            label: "NSFW",
            cell: (chatbot) => (
              <Badge variant={chatbot.nsfw ? "destructive" : "success"}>{chatbot.nsfw ? "NSFW" : "SFW"}</Badge>
            ),
          },
          {
            label: "Performance",
            cell: (chatbot) => <ListingPerformance chatbotId={chatbot.id} title={chatbot.title} />,
          },
          actionsColumn<AdminChatbot>([
            { label: "Edit", icon: Pencil, onClick: (chatbot) => setEditing({ open: true, chatbot }) },
            remove.action,
          ]),
        ]}
      />
      <LazyChatbotFormDialog
        variant="admin"
        open={editing.open}
        chatbot={editing.chatbot}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
      {remove.dialog}
    </>
  );
}
