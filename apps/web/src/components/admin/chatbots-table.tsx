import type { AdminChatbot } from "@gallery/schema";
import { Badge } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ImageOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { LazyChatbotFormDialog } from "../chatbot-form/lazy-chatbot-form-dialog";
import { AdminDeleteDialog, AdminList, NEXT_PAGE, RowAction } from "./admin-list";
import { platformColumn, QUIET_DESTRUCTIVE } from "./display";
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
  const [deleting, setDeleting] = useState<AdminChatbot | null>(null);
  const remove = useAdminAction(trpc.admin.deleteChatbot.mutationOptions(), {
    success: "Chatbot deleted successfully!",
    failure: "Failed to delete chatbot. Please try again.",
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
          {
            label: "Actions",
            cell: (chatbot) => (
              <div className="flex gap-1">
                <RowAction icon={Pencil} onClick={() => setEditing({ open: true, chatbot })}>
                  Edit
                </RowAction>
                <RowAction icon={Trash2} className={QUIET_DESTRUCTIVE} onClick={() => setDeleting(chatbot)}>
                  Delete
                </RowAction>
              </div>
            ),
          },
        ]}
      />
      <LazyChatbotFormDialog
        variant="admin"
        open={editing.open}
        chatbot={editing.chatbot}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
      <AdminDeleteDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Chatbot"
        description={`Are you sure you want to delete "${deleting?.title}"? This action cannot be undone.`}
        action={remove}
      />
    </>
  );
}
